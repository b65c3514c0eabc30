import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import sharp from 'sharp';

/** A photo-like JPEG: gradients, texture and noise at high quality, so it compresses like a camera picture. */
export async function makePhotoJpeg(file: string, width = 800, height = 600): Promise<void> {
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
  await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 97 }).toFile(file);
}

/** A 16-bit mono WAV of `bytes` data bytes (a slow sine with a little noise), written in pieces. */
export async function makeWav(file: string, dataBytes: number): Promise<void> {
  const rate = 16000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  const out = createWriteStream(file);
  out.write(header);
  const block = Buffer.alloc(1 << 20);
  for (let i = 0; i < block.length / 2; i++) block.writeInt16LE(Math.round(Math.sin((i * 2 * Math.PI * 220) / rate) * 8000), i * 2);
  for (let written = 0; written < dataBytes; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, dataBytes - written));
    if (!out.write(piece)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * A ZIP holding one STORED text member of about `bytes` bytes (numbered lines, so it deflates well but not
 * absurdly): a large, quickly compressible, accepted file for the paid flow.
 */
export async function makeStoredZip(file: string, bytes: number): Promise<void> {
  const { crc32 } = await import('node:zlib');
  const lines: string[] = [];
  for (let i = 0; lines.join('').length < 1 << 20; i++) lines.push(`line ${String(i).padStart(8, '0')} of a large text file used to test paid compression\n`);
  const block = Buffer.from(lines.join('')).subarray(0, 1 << 20);
  const count = Math.ceil(bytes / block.length);
  const size = count * block.length;
  let crc = 0;
  for (let i = 0; i < count; i++) crc = crc32(block, crc);
  const name = Buffer.from('large.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(size, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(size, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + size, 16);
  const out = createWriteStream(file);
  out.write(Buffer.concat([local, name]));
  for (let i = 0; i < count; i++) if (!out.write(block)) await once(out, 'drain');
  out.write(Buffer.concat([central, name, end]));
  out.end();
  await once(out, 'finish');
}
