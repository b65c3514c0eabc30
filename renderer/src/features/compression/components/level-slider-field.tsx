import { Slider, Stack, Text } from '@mantine/core';
import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { LEVEL_LABELS } from '../level-labels';
import { LEVEL_SLIDER, levelForSliderValue, sliderValueForLevel } from '../level-slider';

interface LevelSliderFieldProps {
  value: number;
  onChange: (value: number) => void;
}

const MARKS = COMPRESSION_LEVELS.map((level) => ({ value: sliderValueForLevel(level), label: LEVEL_LABELS[level].label }));

/** The compression strength slider (docs/product/SPEC.md §4 "Slider"); its level is the one the cards highlight. */
export function LevelSliderField({ value, onChange }: LevelSliderFieldProps) {
  const label = LEVEL_LABELS[levelForSliderValue(value)];
  return (
    <Stack gap={6}>
      <Text id="level-slider-label" fw={600} size="sm">
        Compression strength
      </Text>
      <Slider
        min={LEVEL_SLIDER.min}
        max={LEVEL_SLIDER.max}
        step={LEVEL_SLIDER.step}
        value={value}
        onChange={onChange}
        marks={MARKS}
        label={(v) => LEVEL_LABELS[levelForSliderValue(v)].label}
        thumbLabel="Compression strength"
        thumbValueText={(v) => `${v}: ${LEVEL_LABELS[levelForSliderValue(v)].label}`}
        mb="lg"
      />
      <Text size="sm" c="dark.6" data-testid="slider-level">
        <Text component="span" fw={700}>
          {label.label}
        </Text>
        : {label.description}
      </Text>
    </Stack>
  );
}
