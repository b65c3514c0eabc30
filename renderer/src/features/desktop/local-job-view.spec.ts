import type { LocalJob } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { finishedAnnouncement, maySend, newlyFinished, sizeSummary, unreadableDropMessage } from './local-job-view';

const job = (over: Partial<LocalJob>): LocalJob => ({
  id: 'job-000001',
  name: 'photo.jpg',
  sourcePath: '/home/me/photo.jpg',
  level: 'balanced',
  status: 'queued',
  progress: 0,
  originalSize: 2 * 1024 * 1024,
  compressedSize: null,
  qualityScore: null,
  qualityLabel: null,
  outputPath: null,
  unchanged: false,
  message: null,
  sync: 'off',
  ...over,
});

describe('local job view', () => {
  it('states sizes before → after with the saving, or why the original was kept', () => {
    expect(sizeSummary(job({}))).toBe('2MB');
    expect(sizeSummary(job({ status: 'done', compressedSize: 512 * 1024 }))).toBe('2MB → 512KB, 75% smaller');
    expect(sizeSummary(job({ status: 'done', unchanged: true, compressedSize: 2 * 1024 * 1024 }))).toMatch(/original was kept/);
  });

  it('offers sending for finished results not already on their way', () => {
    expect(maySend(job({ status: 'done' }))).toBe(true);
    expect(maySend(job({ status: 'done', sync: 'failed' }))).toBe(true);
    expect(maySend(job({ status: 'done', sync: 'uploading' }))).toBe(false);
    expect(maySend(job({ status: 'done', sync: 'synced' }))).toBe(false);
    expect(maySend(job({ status: 'running' }))).toBe(false);
    expect(maySend(job({ status: 'failed' }))).toBe(false);
  });

  it('finds the jobs that finished since the last list, including ones that finished before they were seen', () => {
    const before = [job({ id: 'aaaaaa', status: 'running' }), job({ id: 'bbbbbb', status: 'done' })];
    const after = [
      job({ id: 'aaaaaa', status: 'done', compressedSize: 1024 * 1024 }),
      job({ id: 'bbbbbb', status: 'done' }),
      job({ id: 'cccccc', status: 'failed', message: 'Not a picture' }),
      job({ id: 'dddddd', status: 'running' }),
    ];
    expect(newlyFinished(before, after).map((j) => j.id)).toEqual(['aaaaaa', 'cccccc']);
    expect(finishedAnnouncement(after[2]!)).toBe('photo.jpg failed: Not a picture');
  });

  it('says what to do with files dropped from outside the computer', () => {
    expect(unreadableDropMessage(['a.png'])).toBe(
      'a.png is not saved on this computer. Save it to a folder first, then drop or choose it here.',
    );
    expect(unreadableDropMessage(['a.png', 'b.png'])).toMatch(/^a.png, b.png are .* Save them/);
  });
});
