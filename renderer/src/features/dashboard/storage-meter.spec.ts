import { describe, expect, it } from 'vitest';
import { storageBarColor, storageRatio } from './storage-meter';

describe('the storage bar', () => {
  it('is green under 50%, yellow under 80% and red from 80%', () => {
    expect([0, 0.49, 0.5, 0.79, 0.8, 1].map(storageBarColor)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
  });

  it('measures used against the limit, within 0 and 1', () => {
    expect(storageRatio(5, 10)).toBe(0.5);
    expect(storageRatio(15, 10)).toBe(1);
    expect(storageRatio(5, 0)).toBe(0);
  });
});
