import { describe, expect, it } from 'vitest';
import { MB } from './constants.js';
import { parseSize, targetBytesSchema } from './target-size.js';

describe('target sizes', () => {
  it('reads sizes as people write them, base 1024', () => {
    expect(parseSize('10MB')).toBe(10 * MB);
    expect(parseSize(' 2.5 mb ')).toBe(2.5 * MB);
    expect(parseSize('500KB')).toBe(500 * 1024);
    expect(parseSize('1G')).toBe(1024 * MB);
    expect(parseSize('1048576')).toBe(MB);
    for (const bad of ['', 'MB', '10 parsecs', '-1MB', '1e9', '10MB5']) expect(parseSize(bad), bad).toBeUndefined();
  });

  it('takes a target from a form field or JSON, none when empty, and refuses one out of range with the reason', () => {
    expect(targetBytesSchema.parse('10485760')).toBe(10 * MB);
    expect(targetBytesSchema.parse(2 * MB)).toBe(2 * MB);
    expect(targetBytesSchema.parse('')).toBeUndefined();
    expect(targetBytesSchema.parse(undefined)).toBeUndefined();
    for (const bad of ['5', 'ten', 10.5 * 1024 + 0.5, 6 * 1024 * MB]) {
      expect(targetBytesSchema.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe(
        'Target size must be between 10KB and 5GB',
      );
    }
  });
});
