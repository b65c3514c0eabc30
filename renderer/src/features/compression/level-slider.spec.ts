import { describe, expect, it } from 'vitest';
import { LEVEL_SLIDER, levelForSliderValue, sliderValueForLevel } from './level-slider';

describe('the level slider', () => {
  it('runs from 10 to 100 in steps of 5', () => {
    expect(LEVEL_SLIDER).toEqual({ min: 10, max: 100, step: 5 });
  });

  it('reads up to 35 as light, up to 70 as balanced, above as maximum', () => {
    expect([10, 35, 40, 70, 75, 100].map(levelForSliderValue)).toEqual([
      'light',
      'light',
      'balanced',
      'balanced',
      'maximum',
      'maximum',
    ]);
  });

  it('puts a picked level on a step inside its own band', () => {
    for (const level of ['light', 'balanced', 'maximum'] as const) {
      const value = sliderValueForLevel(level);
      expect(value % LEVEL_SLIDER.step).toBe(0);
      expect(levelForSliderValue(value)).toBe(level);
    }
  });
});
