import { open } from 'node:fs/promises';

const FILE_HEADER = 14;
const INFO_HEADER = 40;
/** Rows are written in blocks of about this many bytes, so a large picture is never held twice. */
const BLOCK_BYTES = 4 * 1024 * 1024;

/**
 * Writes 8-bit RGB pixels (`width` × `height` × 3, top row first, as sharp's raw output) as a 24-bit uncompressed
 * BMP: BITMAPINFOHEADER, bottom-up rows in BGR order, each padded to 4 bytes. Every program that reads BMP reads this.
 */
export async function writeBmp(rgb: Buffer, width: number, height: number, out: string): Promise<void> {
  if (rgb.length !== width * height * 3) throw new Error(`expected ${width * height * 3} bytes of RGB, got ${rgb.length}`);
  const stride = Math.ceil((width * 3) / 4) * 4;
  const pixelBytes = stride * height;
  const header = Buffer.alloc(FILE_HEADER + INFO_HEADER);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(FILE_HEADER + INFO_HEADER + pixelBytes, 2);
  header.writeUInt32LE(FILE_HEADER + INFO_HEADER, 10);
  header.writeUInt32LE(INFO_HEADER, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22); // positive: bottom-up
  header.writeUInt16LE(1, 26); // planes
  header.writeUInt16LE(24, 28); // bits per pixel
  header.writeUInt32LE(0, 30); // BI_RGB
  header.writeUInt32LE(pixelBytes, 34);
  header.writeInt32LE(2835, 38); // 72 dpi in pixels per metre
  header.writeInt32LE(2835, 42);
  const handle = await open(out, 'w');
  try {
    await handle.write(header);
    const rowsPerBlock = Math.max(1, Math.floor(BLOCK_BYTES / stride));
    for (let first = height - 1; first >= 0; first -= rowsPerBlock) {
      const rows = Math.min(rowsPerBlock, first + 1);
      const block = Buffer.alloc(rows * stride);
      for (let r = 0; r < rows; r++) {
        const src = (first - r) * width * 3;
        const dst = r * stride;
        for (let x = 0; x < width; x++) {
          block[dst + x * 3] = rgb[src + x * 3 + 2]!;
          block[dst + x * 3 + 1] = rgb[src + x * 3 + 1]!;
          block[dst + x * 3 + 2] = rgb[src + x * 3]!;
        }
      }
      await handle.write(block);
    }
  } finally {
    await handle.close();
  }
}
