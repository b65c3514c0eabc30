import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { pixelNoise, rgbPixels } from '../../tools/image/rgb-pixels.test-support.js';

/** @internal Test fixtures and readers for the archive family. */

export const FIXED_TIME = new Date('2021-03-04T05:06:08Z');

export interface FixtureMember {
  name: string;
  data?: Buffer;
  /** Adds the member without an extended timestamp (DOS time only), as many zip tools write. */
  dosOnly?: boolean;
  compress?: boolean;
  /** Deflate level (default 1). */
  level?: number;
}

/** A photo-like JPEG at high quality: room for the image family to shrink it. */
export async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = rgbPixels(width, height, (x, y) => {
    const noise = pixelNoise(x, y) * 16;
    return [
      100 + 90 * Math.sin(x / 37) * Math.cos(y / 53) + noise,
      (y / height) * 170 + 40 + noise,
      150 + 60 * Math.sin((x - y) / 29) + noise,
    ];
  });
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.7)
    .jpeg({ quality: 97 })
    .toBuffer();
}

export function text(lines: number): Buffer {
  return Buffer.from(
    Array.from({ length: lines }, (_, i) => `line ${i}: the quick brown fox jumps over the lazy dog ${i % 7}\n`).join(''),
  );
}

/** Writes a zip with yazl (level 1 deflate, so re-deflating at 9 has something to gain), comments included. */
export async function writeZip(file: string, members: FixtureMember[], comment = 'fixture archive'): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const m of members) {
    if (m.name.endsWith('/')) zip.addEmptyDirectory(m.name, { mtime: FIXED_TIME });
    else
      zip.addBuffer(m.data ?? Buffer.alloc(0), m.name, {
        mtime: FIXED_TIME,
        compress: m.compress ?? true,
        ...(m.compress === false ? {} : { compressionLevel: m.level ?? 1 }),
        forceDosTimestamp: m.dosOnly ?? false,
        fileComment: `about ${m.name}`,
      } as Partial<yazl.Options>);
  }
  zip.end({ comment, forceZip64Format: false });
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}

export interface ReadMember {
  name: string;
  mtime: Date;
  comment: string;
  data: Buffer;
}

/** Every member of a zip, in order, with its decoded bytes. */
export async function readZip(file: string): Promise<{ comment: string; members: ReadMember[] }> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  try {
    const members: ReadMember[] = [];
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      if (!entry.fileName.endsWith('/')) for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
      members.push({
        name: entry.fileName,
        mtime: entry.getLastModDate(),
        comment: entry.fileComment,
        data: Buffer.concat(chunks),
      });
    }
    return { comment: zip.comment, members };
  } finally {
    zip.close();
  }
}

/** Rewrites every occurrence of a member name (local and central headers) with another of the same length. */
export async function renameInPlace(file: string, from: string, to: string): Promise<void> {
  if (from.length !== to.length) throw new Error('same length only');
  const bytes = await readFile(file);
  const a = Buffer.from(from);
  for (let at = bytes.indexOf(a); at >= 0; at = bytes.indexOf(a, at + 1)) Buffer.from(to).copy(bytes, at);
  await writeFile(file, bytes);
}

/** Claims a huge uncompressed size for every member in the central directory (a declared bomb). */
export async function inflateDeclaredSizes(file: string, size: number): Promise<void> {
  const bytes = await readFile(file);
  for (
    let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    at >= 0;
    at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
  ) {
    bytes.writeUInt32LE(size, at + 24);
  }
  await writeFile(file, bytes);
}
