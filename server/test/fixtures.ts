import sharp from 'sharp';

/** A photo-like JPEG: gradients, texture and noise at high quality, so it compresses like a camera picture. */
export async function makePhotoJpeg(file: string, width = 800, height = 600): Promise<void> {
  await photo(width, height).jpeg({ quality: 97 }).toFile(file);
}

/** The same picture as a plain 24-bit PNG, as screenshots and exports are saved. */
export async function makePhotoPng(file: string, width = 400, height = 300): Promise<void> {
  await photo(width, height).png({ compressionLevel: 6 }).toFile(file);
}

function photo(width: number, height: number): ReturnType<typeof sharp> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff) * 6 - 3;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + Math.sin(y / 17) * 20 + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + Math.cos(x / 23) * 25 + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, 120 + Math.sin((x + y) / 40) * 70 + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export { makeTestVideo } from '../../e2e/support/media.js';
// One copy of each serves the benchmarks, the browser tests and these suites.
export { makeStoredZip } from '../../scripts/fixtures/stored-zip.mjs';
