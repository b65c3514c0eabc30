import { describe, expect, it } from 'vitest';
import { sizeSaving, spaceSavedPercent } from './outcome.js';

describe('spaceSavedPercent', () => {
  it('rounds to one decimal', () => {
    expect(spaceSavedPercent(1000, 333)).toBe(66.7);
    expect(spaceSavedPercent(3, 1)).toBe(66.7);
  });

  it('is 0 for an empty original and never negative', () => {
    expect(spaceSavedPercent(0, 0)).toBe(0);
    expect(spaceSavedPercent(100, 120)).toBe(0);
  });

  it('sizeSaving carries both sizes', () => {
    expect(sizeSaving(200, 50)).toEqual({ originalSize: 200, compressedSize: 50, spaceSaved: 75 });
  });
});
