import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';

/** A photo-like JPEG: gradients, texture and noise at high quality, so it compresses like a camera picture. */
export async function makePhotoJpeg(file: string, width = 800, height = 600): Promise<void> {
  await photo(width, height).jpeg({ quality: 97 }).toFile(file);
}

/** The same picture as a plain 24-bit PNG, as screenshots and exports are saved. */
export async function makePhotoPng(file: string, width = 400, height = 300): Promise<void> {
  await photo(width, height).png({ compressionLevel: 6 }).toFile(file);
}

/**
 * A one-page PDF drawing the photo-like JPEG 500 points wide (a 1600 px photo: ~230 pixels per inch), with a line
 * of text: what a report with a camera picture looks like to the PDF family.
 */
export async function makePhotoPdf(file: string, width = 1600, height = 1200): Promise<void> {
  const jpeg = await photo(width, height).jpeg({ quality: 95 }).toBuffer();
  const drawn = Math.round((500 * height) / width);
  const content = `q 500 0 0 ${drawn} 56 150 cm /Im1 Do Q BT /F1 12 Tf 56 110 Td (Harbour report) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      ),
      jpeg,
      Buffer.from('\nendstream'),
    ]),
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let offset = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  await writeFile(file, Buffer.concat(parts));
}

/**
 * A sample file that ffmpeg makes from one of its generated sources (a tone, a test picture, noise), with the output
 * options given; rejects with ffmpeg's message when it fails.
 */
export async function makeWithFfmpeg(file: string, source: string, options: string[] = []): Promise<void> {
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, ...options, file]);
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
