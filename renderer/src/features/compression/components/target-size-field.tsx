import { Checkbox, Select, Stack, Text, TextInput } from '@mantine/core';
import { isSizable, MAX_TARGET_BYTES, MIN_TARGET_BYTES, parseSize, TARGET_SIZE_PRESETS } from '@shrinkly/contract';
import { useState } from 'react';

const NONE = 'none';
const CUSTOM = 'custom';
const OPTIONS = [
  { value: NONE, label: 'No target' },
  ...TARGET_SIZE_PRESETS.map((p) => ({ value: String(p.bytes), label: `Under ${p.label}` })),
  { value: CUSTOM, label: 'Custom size' },
];

/** A custom size's problem in words, or null when it is a size the server takes. */
export function customSizeError(text: string): string | null {
  const bytes = parseSize(text);
  if (bytes === undefined) return 'Enter a size such as 8MB or 500KB';
  if (bytes < MIN_TARGET_BYTES || bytes > MAX_TARGET_BYTES) return 'Target size must be between 10KB and 5GB';
  return null;
}

interface TargetSizeFieldProps {
  /** Bytes, or null for no target. */
  value: number | null;
  onChange: (bytes: number | null) => void;
  /** What the preview expects of the target, under the field. */
  hint?: { fits: boolean; text: string } | null;
  /** The consent to go below the chosen strength's quality when nothing within it fits (audio and video). */
  belowFloor: boolean;
  onBelowFloorChange: (allowed: boolean) => void;
  /** The file's type, when there is one file: the consent is offered only for types that can use it. */
  fileType?: string | undefined;
}

/** "Make it fit": no target, a preset (2MB to 100MB) or a custom size; the result is the best quality under it. */
export function TargetSizeField({ value, onChange, hint, belowFloor, onBelowFloorChange, fileType }: TargetSizeFieldProps) {
  const preset = value === null ? NONE : TARGET_SIZE_PRESETS.some((p) => p.bytes === value) ? String(value) : CUSTOM;
  const [choice, setChoice] = useState(preset);
  // A field shown again (a dialog reopened) shows the custom size still chosen.
  const [custom, setCustom] = useState(() => (preset === CUSTOM && value !== null ? `${Math.round(value / 1024)}KB` : ''));
  const customError = choice === CUSTOM && custom !== '' ? customSizeError(custom) : null;

  const choose = (next: string | null) => {
    const picked = next ?? NONE;
    setChoice(picked);
    if (picked === NONE) onChange(null);
    else if (picked === CUSTOM) onChange(customSizeError(custom) === null ? (parseSize(custom) ?? null) : null);
    else onChange(Number(picked));
  };
  const typeCustom = (text: string) => {
    setCustom(text);
    onChange(customSizeError(text) === null ? (parseSize(text) ?? null) : null);
  };

  return (
    <Stack gap={6}>
      <Select
        label="Target size"
        description="The best quality that fits under it, down to the strength chosen above"
        data={OPTIONS}
        value={choice}
        onChange={choose}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      {choice === CUSTOM && (
        <TextInput
          label="Custom size"
          placeholder="8MB"
          value={custom}
          onChange={(e) => typeCustom(e.currentTarget.value)}
          error={customError}
        />
      )}
      {value !== null && (fileType === undefined || isSizable(fileType)) && (
        <Checkbox
          label="Allow lower quality to make it fit"
          description="Photos, audio and video: when the strength chosen cannot reach the size, go below its quality"
          checked={belowFloor}
          onChange={(e) => onBelowFloorChange(e.currentTarget.checked)}
        />
      )}
      {hint && value !== null && (
        <Text size="sm" c={hint.fits ? 'green.9' : 'orange.9'} data-testid="target-hint" aria-live="polite">
          {hint.text}
        </Text>
      )}
    </Stack>
  );
}
