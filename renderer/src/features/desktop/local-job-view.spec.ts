import { describe, expect, it } from 'vitest';
import { localJob } from '../../platform/local-job.test-support';
import { finishedAnnouncement, maySend, newlyFinished, sizeSummary, unreadableDropMessage } from './local-job-view';

describe('local job view', () => {
  it('states sizes before → after with the saving, or why the original was kept', () => {
    expect(sizeSummary(localJob({}))).toBe('2MB');
    expect(sizeSummary(localJob({ status: 'done', compressedSize: 512 * 1024 }))).toBe('2MB → 512KB, 75% smaller');
    expect(sizeSummary(localJob({ status: 'done', unchanged: true, compressedSize: 2 * 1024 * 1024 }))).toMatch(
      /original was kept/,
    );
  });

  it('offers sending for finished results not already on their way', () => {
    expect(maySend(localJob({ status: 'done' }))).toBe(true);
    expect(maySend(localJob({ status: 'done', sync: 'failed' }))).toBe(true);
    expect(maySend(localJob({ status: 'done', sync: 'uploading' }))).toBe(false);
    expect(maySend(localJob({ status: 'done', sync: 'synced' }))).toBe(false);
    expect(maySend(localJob({ status: 'running' }))).toBe(false);
    expect(maySend(localJob({ status: 'failed' }))).toBe(false);
  });

  it('finds the jobs that finished since the last list, including ones that finished before they were seen', () => {
    const before = [localJob({ id: 'aaaaaa', status: 'running' }), localJob({ id: 'bbbbbb', status: 'done' })];
    const after = [
      localJob({ id: 'aaaaaa', status: 'done', compressedSize: 1024 * 1024 }),
      localJob({ id: 'bbbbbb', status: 'done' }),
      localJob({ id: 'cccccc', status: 'failed', message: 'Not a picture' }),
      localJob({ id: 'dddddd', status: 'running' }),
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
