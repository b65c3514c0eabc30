import { describe, expect, it } from 'vitest';
import { QUALITY_BANDS, qualityFields, qualityLabel } from './quality.js';

describe('quality labels', () => {
  it('reads each band from its lower bound up', () => {
    expect(qualityLabel(1)).toBe('Visually identical');
    expect(qualityLabel(0.99)).toBe('Visually identical');
    expect(qualityLabel(0.9899)).toBe('Very close');
    expect(qualityLabel(0.97)).toBe('Very close');
    expect(qualityLabel(0.9699)).toBe('Close');
    expect(qualityLabel(0.94)).toBe('Close');
    expect(qualityLabel(0.9399)).toBe('Visible differences');
    expect(qualityLabel(0)).toBe('Visible differences');
  });

  it('has bands from best to worst that cover the whole scale', () => {
    const mins = QUALITY_BANDS.map((b) => b.min);
    expect(mins).toEqual([...mins].sort((a, b) => b - a));
    expect(mins.at(-1)).toBe(0);
  });

  it('gives no label where there is no score', () => {
    expect(qualityFields(null)).toEqual({ qualityScore: null, qualityLabel: null });
    expect(qualityFields(0.975)).toEqual({ qualityScore: 0.975, qualityLabel: 'Very close' });
  });
});
