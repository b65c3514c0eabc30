import { FREE_COMPRESSION_LIMIT_BYTES, MB } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { localPreview } from './local-preview';

/** A File that says it has `size` bytes without holding them. */
function bigFile(name: string, type: string, size: number): File {
  const file = new File([], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const saved = (file: File) => localPreview(file).previews.map((p) => p.spaceSaved);

describe('localPreview (files over 100MB)', () => {
  it("uses SPEC's reductions: video 20/40/60, images 15/35/55, anything else 10/25/40", () => {
    expect(saved(bigFile('clip.mov', 'video/quicktime', 200 * MB))).toEqual([20, 40, 60]);
    expect(saved(bigFile('scan.png', 'image/png', 200 * MB))).toEqual([15, 35, 55]);
    expect(saved(bigFile('backup.zip', 'application/zip', 200 * MB))).toEqual([10, 25, 40]);
    // The extension decides when the browser gives no type.
    expect(saved(bigFile('clip.mp4', '', 200 * MB))).toEqual([20, 40, 60]);
  });

  it("gives sizes in the server preview's shape, and asks for payment from the free limit up", () => {
    const preview = localPreview(bigFile('clip.mp4', 'video/mp4', 200 * MB));
    expect(preview).toMatchObject({
      fileName: 'clip.mp4',
      originalSize: 200 * MB,
      originalSizeMB: 200,
      fileType: 'mp4',
      requiresPayment: true,
      maxFreeSize: FREE_COMPRESSION_LIMIT_BYTES,
    });
    expect(preview.previews[1]).toMatchObject({
      level: 'balanced',
      estimatedSize: 120 * MB,
      sizeMB: 120,
      savedMB: 80,
      compressionRatio: 1.67,
    });
  });
});
