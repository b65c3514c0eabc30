import { describe, expect, it } from 'vitest';
import { compressBarProgress, SINGLE_UPLOAD_PROGRESS, uploadBarProgress } from './upload-item';

describe('the Single File Upload bar', () => {
  it('is filled to just under 90 by the bytes', () => {
    expect([0, 0.5, 1].map((fraction) => uploadBarProgress(SINGLE_UPLOAD_PROGRESS, fraction))).toEqual([0, 45, 89]);
  });

  it('moves from 90 by a tenth of the job progress, never reaching 100 on its own', () => {
    expect([0, 15, 50, 100].map((job) => compressBarProgress(SINGLE_UPLOAD_PROGRESS, job))).toEqual([90, 92, 95, 99]);
  });
});
