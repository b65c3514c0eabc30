import { describe, expect, it } from 'vitest';
import { creepBarProgress, jobBarProgress, uploadBarProgress } from './conversion-progress';

describe('conversion progress', () => {
  it('fills 0 to 50 with the upload', () => {
    expect([0, 0.5, 1, 2].map(uploadBarProgress)).toEqual([0, 25, 50, 50]);
  });

  it('maps the job from 50 to 95', () => {
    expect([0, 50, 100, 150].map(jobBarProgress)).toEqual([50, 73, 95, 95]);
  });

  it('creeps towards 95 and stops there', () => {
    expect(creepBarProgress(50)).toBe(55);
    expect(creepBarProgress(94)).toBe(95);
    expect(creepBarProgress(95)).toBe(95);
    let value = 50;
    for (let i = 0; i < 200; i += 1) value = creepBarProgress(value);
    expect(value).toBe(95);
  });
});
