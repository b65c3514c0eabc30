import { type PngHeader, rowGeometry } from './png-chunks.js';

/** An unfiltered PNG image: bare rows plus the palette and transparency chunks that give them meaning. */
export interface PngPixels {
  header: PngHeader;
  rows: Buffer;
  palette?: Buffer;
  trns?: Buffer;
}

/**
 * Lossless reductions in the spirit of optipng: every step keeps each pixel's exact value and only changes how it
 * is stored (fewer bits, fewer channels, a palette). `greyProfileSafe` is false when an ICC profile is embedded,
 * because an RGB profile is not valid on a grey image (nor a grey one on a palette).
 */
export function reducePixels(img: PngPixels, greyProfileSafe: boolean): PngPixels {
  let out = img;
  // A tRNS colour key on a non-palette image would have to be rewritten in step; such files are rare, keep them.
  if (out.header.colorType !== 3 && out.trns) return out;
  out = to8Bit(out);
  out = dropOpaqueAlpha(out);
  if (greyProfileSafe) out = rgbToGrey(out);
  out = toPalette(out, greyProfileSafe);
  return packPalette(out);
}

function to8Bit(img: PngPixels): PngPixels {
  const { header, rows } = img;
  if (header.bitDepth !== 16 || header.colorType === 3) return img;
  for (let i = 0; i < rows.length; i += 2) if (rows[i] !== rows[i + 1]) return img;
  const out = Buffer.alloc(rows.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = rows[i * 2] ?? 0;
  return { header: { ...header, bitDepth: 8 }, rows: out };
}

function dropOpaqueAlpha(img: PngPixels): PngPixels {
  const { header, rows } = img;
  if (header.bitDepth !== 8 || (header.colorType !== 4 && header.colorType !== 6)) return img;
  const channels = header.colorType === 6 ? 4 : 2;
  for (let i = channels - 1; i < rows.length; i += channels) if (rows[i] !== 255) return img;
  const out = Buffer.alloc((rows.length / channels) * (channels - 1));
  for (let p = 0, o = 0; p < rows.length; p += channels) for (let c = 0; c < channels - 1; c++) out[o++] = rows[p + c] ?? 0;
  return { header: { ...header, colorType: header.colorType === 6 ? 2 : 0 }, rows: out };
}

function rgbToGrey(img: PngPixels): PngPixels {
  const { header, rows } = img;
  if (header.bitDepth !== 8 || (header.colorType !== 2 && header.colorType !== 6)) return img;
  const channels = header.colorType === 6 ? 4 : 3;
  for (let p = 0; p < rows.length; p += channels) if (rows[p] !== rows[p + 1] || rows[p] !== rows[p + 2]) return img;
  const outChannels = channels - 2;
  const out = Buffer.alloc((rows.length / channels) * outChannels);
  for (let p = 0, o = 0; p < rows.length; p += channels) {
    out[o++] = rows[p] ?? 0;
    if (outChannels === 2) out[o++] = rows[p + 3] ?? 0;
  }
  return { header: { ...header, colorType: header.colorType === 6 ? 4 : 0 }, rows: out };
}

/** Up to 256 distinct colours become a palette (transparent entries first, so tRNS stays short). */
function toPalette(img: PngPixels, greyProfileSafe: boolean): PngPixels {
  const { header, rows } = img;
  if (header.bitDepth !== 8 || header.colorType === 3) return img;
  // A grey image carrying a grey ICC profile cannot become a palette (an RGB-only form).
  if ((header.colorType === 0 || header.colorType === 4) && !greyProfileSafe) return img;
  const channels = header.colorType === 6 ? 4 : header.colorType === 2 ? 3 : header.colorType === 4 ? 2 : 1;
  const pixel = (p: number): number => {
    if (channels === 4)
      return (((rows[p] ?? 0) << 24) | ((rows[p + 1] ?? 0) << 16) | ((rows[p + 2] ?? 0) << 8) | (rows[p + 3] ?? 0)) >>> 0;
    if (channels === 3) return (((rows[p] ?? 0) << 24) | ((rows[p + 1] ?? 0) << 16) | ((rows[p + 2] ?? 0) << 8) | 255) >>> 0;
    const g = rows[p] ?? 0;
    return ((g << 24) | (g << 16) | (g << 8) | (channels === 2 ? (rows[p + 1] ?? 0) : 255)) >>> 0;
  };
  const seen = new Map<number, number>();
  const order: number[] = [];
  for (let p = 0; p < rows.length; p += channels) {
    const c = pixel(p);
    if (!seen.has(c)) {
      if (order.length === 256) return img;
      seen.set(c, 0);
      order.push(c);
    }
  }
  // A grey image with 17-256 levels is no smaller as a palette: the indices take as many bits as the levels.
  if (channels === 1 && order.length > 16) return img;
  order.sort((a, b) => Number((a & 255) === 255) - Number((b & 255) === 255));
  for (const [i, c] of order.entries()) seen.set(c, i);
  const palette = Buffer.alloc(order.length * 3);
  const alphas = order.map((c) => c & 255);
  order.forEach((c, i) => {
    palette[i * 3] = c >>> 24;
    palette[i * 3 + 1] = (c >>> 16) & 255;
    palette[i * 3 + 2] = (c >>> 8) & 255;
  });
  const transparent = alphas.indexOf(255);
  const trnsLength = transparent === -1 ? alphas.length : transparent;
  const indices = Buffer.alloc(rows.length / channels);
  for (let p = 0, o = 0; p < rows.length; p += channels) indices[o++] = seen.get(pixel(p)) ?? 0;
  return {
    header: { ...header, colorType: 3 },
    rows: indices,
    palette,
    trns: trnsLength > 0 ? Buffer.from(alphas.slice(0, trnsLength)) : undefined,
  };
}

/** 8-bit palette indices packed into 1, 2 or 4 bits when the palette is small enough. */
function packPalette(img: PngPixels): PngPixels {
  const { header, rows, palette } = img;
  if (header.colorType !== 3 || header.bitDepth !== 8 || !palette) return img;
  const entries = palette.length / 3;
  const depth = entries <= 2 ? 1 : entries <= 4 ? 2 : entries <= 16 ? 4 : 8;
  if (depth === 8) return img;
  for (const v of rows) if (v >= entries) return img;
  const perByte = 8 / depth;
  const packedHeader = { ...header, bitDepth: depth };
  const { rowBytes } = rowGeometry(packedHeader);
  const out = Buffer.alloc(rowBytes * header.height);
  for (let y = 0; y < header.height; y++) {
    for (let x = 0; x < header.width; x++) {
      const v = rows[y * header.width + x] ?? 0;
      const at = y * rowBytes + Math.floor(x / perByte);
      const shift = 8 - depth * ((x % perByte) + 1);
      out[at] = (out[at] ?? 0) | (v << shift);
    }
  }
  return { ...img, header: packedHeader, rows: out };
}
