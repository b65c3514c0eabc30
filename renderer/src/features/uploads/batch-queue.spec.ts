import { GB, MB } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { admitToBatch, type BatchItem, batchTotals, batchUploadProgress } from './batch-queue';

/** A File that reports `size` without holding the bytes. */
function fileOf(name: string, size = 1000): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('admitToBatch', () => {
  it('adds up to 3 files in all and says how many could still be added', () => {
    const four = ['a.png', 'b.jpg', 'c.txt', 'd.bmp'].map((n) => fileOf(n));
    expect(admitToBatch(four, 0)).toEqual({ added: four.slice(0, 3), refusal: { kind: 'limit', room: 3 } });
    expect(admitToBatch(four.slice(0, 2), 2)).toEqual({ added: four.slice(0, 1), refusal: { kind: 'limit', room: 1 } });
    expect(admitToBatch(four.slice(0, 1), 3)).toEqual({ added: [], refusal: { kind: 'limit', room: 0 } });
  });

  it('leaves out files over 5GB and counts them, and leaves out types the batch does not take', () => {
    const huge = fileOf('film.mp4', 5 * GB + 1);
    const fine = fileOf('song.mp3', 3 * MB);
    expect(admitToBatch([huge, fine], 0)).toEqual({ added: [fine], refusal: { kind: 'size', count: 1 } });
    expect(admitToBatch([fileOf('exactly.mp4', 5 * GB)], 0).refusal).toBeNull();
    expect(admitToBatch([fileOf('tool.exe'), fine], 0)).toEqual({ added: [fine], refusal: { kind: 'type' } });
  });
});

describe('batch progress and totals', () => {
  it('fills the bar from 10 to just under 50 while the bytes go', () => {
    expect([0, 0.5, 1].map(batchUploadProgress)).toEqual([10, 30, 49]);
  });

  it('sums completed files only, and counts failures', () => {
    const item = (status: BatchItem['status'], original: number, stored: number): BatchItem => ({
      id: status,
      file: fileOf('f.png', original),
      status,
      progress: 0,
      error: null,
      result: status === 'completed' ? ({ originalSize: original, compressedSize: stored } as BatchItem['result']) : null,
    });
    const totals = batchTotals([item('completed', 1000, 250), item('error', 500, 0), item('pending', 300, 0)]);
    expect(totals).toMatchObject({
      files: 3,
      completed: 1,
      failed: 1,
      totalSize: 1800,
      originalTotal: 1000,
      compressedTotal: 250,
      savedPercent: 75,
    });
  });
});
