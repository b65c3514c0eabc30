import { spaceSavedPercent } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { storedFileName } from '../../common/file-naming.js';
import { categoryOf, ratioOf, toStats } from './file-views.js';

describe('file views', () => {
  it('sorts formats into the My Files tabs', () => {
    expect(['pdf', 'txt', 'jpg', 'mkv', 'm4a', 'zip'].map(categoryOf)).toEqual([
      'document',
      'document',
      'image',
      'video',
      'audio',
      'other',
    ]);
    // A video in an Ogg container is stored as .ogv, a video.
    expect(categoryOf('ogv')).toBe('video');
  });

  it('reports savings with one decimal and ratios with two, without dividing by zero', () => {
    expect(spaceSavedPercent(3000, 1000)).toBe(66.7);
    expect(spaceSavedPercent(0, 0)).toBe(0);
    expect(ratioOf(3000, 1000)).toBe(3);
    expect(ratioOf(10, 0)).toBe(1);
    expect(toStats({ totalFiles: 2, compressedFiles: 1, storedBytes: 400, originalBytes: 1000 }, 5000)).toEqual({
      storageUsed: 400,
      storageLimit: 5000,
      compressedFiles: 1,
      totalFiles: 2,
      spaceSavedPercent: 60,
      spaceSavedBytes: 600,
    });
  });

  it('downloads a stored file under its own name, adding the extension only when it is missing', () => {
    expect(storedFileName('Report.pdf', 'pdf')).toBe('Report.pdf');
    expect(storedFileName('holiday.JPEG', 'jpg')).toBe('holiday.JPEG');
    expect(storedFileName('holiday', 'jpg')).toBe('holiday.jpg');
    expect(storedFileName('v1.2 notes', 'txt')).toBe('v1.2 notes.txt');
  });
});
