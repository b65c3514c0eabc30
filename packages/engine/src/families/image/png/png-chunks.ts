import { crc32 } from 'node:zlib';

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngChunk {
  type: string;
  data: Buffer;
}

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA. */
  colorType: number;
  interlace: number;
}

/** Samples per pixel of each PNG colour type. */
export const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface ParsedPng {
  header: PngHeader;
  /** Every chunk but IHDR, IDAT and IEND, in file order. */
  chunks: PngChunk[];
  /** The concatenated (still deflated) IDAT payload. */
  idat: Buffer;
}

/** Splits a PNG into its chunks, or returns null when it is not a well-formed PNG. */
export function parsePng(file: Buffer): ParsedPng | null {
  if (file.length < 8 + 25 || !file.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const chunks: PngChunk[] = [];
  const idat: Buffer[] = [];
  let header: PngHeader | undefined;
  let pos = 8;
  while (pos + 12 <= file.length) {
    const length = file.readUInt32BE(pos);
    const type = file.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + length > file.length) return null;
    const data = file.subarray(pos + 8, pos + 8 + length);
    pos += 12 + length;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8] ?? 0,
        colorType: data[9] ?? 0,
        interlace: data[12] ?? 0,
      };
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    else chunks.push({ type, data });
  }
  if (!header || idat.length === 0 || CHANNELS[header.colorType] === undefined) return null;
  return { header, chunks, idat: Buffer.concat(idat) };
}

function chunkBytes(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Assembles a PNG. IDAT is split into 1 MiB chunks, which every decoder accepts. */
export function writePng(header: PngHeader, before: PngChunk[], idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr[8] = header.bitDepth;
  ihdr[9] = header.colorType;
  ihdr[12] = 0;
  const parts = [PNG_SIGNATURE, chunkBytes('IHDR', ihdr), ...before.map((c) => chunkBytes(c.type, c.data))];
  const step = 1024 * 1024;
  for (let i = 0; i < idat.length; i += step) parts.push(chunkBytes('IDAT', idat.subarray(i, i + step)));
  if (idat.length === 0) parts.push(chunkBytes('IDAT', idat));
  parts.push(chunkBytes('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** Bytes per scanline (without the filter byte) and the filter's pixel stride. */
export function rowGeometry(h: Pick<PngHeader, 'width' | 'bitDepth' | 'colorType'>): { rowBytes: number; bpp: number } {
  const bitsPerPixel = (CHANNELS[h.colorType] ?? 1) * h.bitDepth;
  return { rowBytes: Math.ceil((h.width * bitsPerPixel) / 8), bpp: Math.max(1, bitsPerPixel >> 3) };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * What PNG filter `type` (0-4) predicts byte `x` of row `y` of the bare pixel rows to be, from its unfiltered
 * neighbours: the byte one pixel to its left (a), the one above (b) and the one above-left (c).
 */
function predict(type: number, rows: Buffer, y: number, x: number, rowBytes: number, bpp: number): number {
  const row = y * rowBytes;
  const prev = row - rowBytes;
  const a = x >= bpp ? (rows[row + x - bpp] ?? 0) : 0;
  const b = y > 0 ? (rows[prev + x] ?? 0) : 0;
  const c = y > 0 && x >= bpp ? (rows[prev + x - bpp] ?? 0) : 0;
  return type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : paeth(a, b, c);
}

/** Reverses PNG row filters: `filtered` has one filter byte per row; the result is the bare pixel rows. */
export function unfilter(filtered: Buffer, height: number, rowBytes: number, bpp: number): Buffer | null {
  if (filtered.length < height * (rowBytes + 1)) return null;
  const out = Buffer.alloc(height * rowBytes);
  for (let y = 0; y < height; y++) {
    const type = filtered[y * (rowBytes + 1)] ?? -1;
    const src = y * (rowBytes + 1) + 1;
    for (let x = 0; x < rowBytes; x++) {
      if (type < 0 || type > 4) return null;
      out[y * rowBytes + x] = ((filtered[src + x] ?? 0) + predict(type, out, y, x, rowBytes, bpp)) & 0xff;
    }
  }
  return out;
}

/** Filters one row with one of the five PNG filters into `dest` (filter byte first). */
function filterRow(rows: Buffer, y: number, rowBytes: number, bpp: number, type: number, dest: Buffer, at: number): void {
  dest[at] = type;
  for (let x = 0; x < rowBytes; x++) {
    dest[at + 1 + x] = ((rows[y * rowBytes + x] ?? 0) - predict(type, rows, y, x, rowBytes, bpp)) & 0xff;
  }
}

/**
 * Filters every row: `strategy` 0-4 uses that filter on all rows; 5 picks per row the filter with the smallest sum
 * of absolute (signed) residuals, the usual heuristic of libpng and optipng.
 */
export function filterRows(rows: Buffer, height: number, rowBytes: number, bpp: number, strategy: number): Buffer {
  const out = Buffer.alloc(height * (rowBytes + 1));
  const scratch = Buffer.alloc(rowBytes + 1);
  for (let y = 0; y < height; y++) {
    const at = y * (rowBytes + 1);
    if (strategy < 5) {
      filterRow(rows, y, rowBytes, bpp, strategy, out, at);
      continue;
    }
    let best = Infinity;
    for (let type = 0; type < 5; type++) {
      filterRow(rows, y, rowBytes, bpp, type, scratch, 0);
      let sum = 0;
      for (let x = 1; x <= rowBytes && sum < best; x++) {
        const v = scratch[x] ?? 0;
        sum += v < 128 ? v : 256 - v;
      }
      if (sum < best) {
        best = sum;
        scratch.copy(out, at);
      }
    }
  }
  return out;
}
