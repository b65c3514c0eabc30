import { COMPRESSION_LEVELS, type CompressionLevel } from '@shrinkly/contract';

/** docs/product/SPEC.md §9 "Slider": min 10, max 100, step 5; values up to 35 are light, up to 70 balanced, above maximum. */
export const LEVEL_SLIDER = { min: 10, max: 100, step: 5 } as const;
const LEVEL_UPPER_BOUNDS: Record<CompressionLevel, number> = { light: 35, balanced: 70, maximum: LEVEL_SLIDER.max };

export function levelForSliderValue(value: number): CompressionLevel {
  return COMPRESSION_LEVELS.find((level) => value <= LEVEL_UPPER_BOUNDS[level]) ?? 'maximum';
}

/** Where the slider goes when a level card is picked: the middle of that level's band, on a step. */
export function sliderValueForLevel(level: CompressionLevel): number {
  const index = COMPRESSION_LEVELS.indexOf(level);
  const previous = COMPRESSION_LEVELS[index - 1];
  const lower = previous ? LEVEL_UPPER_BOUNDS[previous] + LEVEL_SLIDER.step : LEVEL_SLIDER.min;
  const middle = (lower + LEVEL_UPPER_BOUNDS[level]) / 2;
  return Math.round(middle / LEVEL_SLIDER.step) * LEVEL_SLIDER.step;
}
