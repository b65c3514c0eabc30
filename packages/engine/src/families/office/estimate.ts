import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import { openChecked, type PackageEntry, packageEntries, unpackZip } from '../../tools/zip/members.js';
import type { CompressContext, CompressionLevel, DetectedType } from '../../types.js';
import { type ImageCompressor, recompressImages } from './images.js';
import { asDocumentError, isMediaPart, type PackageKind, thumbnailName } from './package-parts.js';
import { PACKAGE_RECIPES } from './recipes.js';

const deflate = promisify(deflateRaw);
const LEVELS: readonly CompressionLevel[] = ['light', 'balanced', 'maximum'];
/** Parts sampled for the re-deflate gain, and how much of each is read. */
const TEXT_SAMPLES = 3;
const TEXT_SAMPLE_BYTES = 8 * 1024 * 1024;

interface Member {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  crc32: number;
}

async function directory(file: string): Promise<Member[]> {
  const zip = await openChecked(file).catch((err: unknown) => {
    throw asDocumentError(err);
  });
  try {
    return packageEntries(zip)
      .filter((e) => !e.isDirectory)
      .map((e) => ({ name: e.name, compressedSize: e.compressedSize, uncompressedSize: e.size, crc32: e.crc32 >>> 0 }));
  } finally {
    await zip.close();
  }
}

/** Unpacks the named members (checked like a whole package) to `dir`, as name → file. */
async function unpackNamed(
  input: string,
  names: ReadonlySet<string>,
  dir: string,
  signal: AbortSignal,
): Promise<Map<string, string>> {
  const entries = await unpackZip(input, dir, signal, names);
  return new Map(entries.flatMap((e) => (e.file ? [[e.name, e.file] as const] : [])));
}

/** Re-deflated size over current size, measured on the biggest compressible parts (never above 1: stored is kept). */
async function textRatio(input: string, text: Member[], ctx: Omit<CompressContext, 'level'>): Promise<number> {
  const sample = [...text]
    .sort((a, b) => b.uncompressedSize - a.uncompressedSize)
    .slice(0, TEXT_SAMPLES)
    .filter((m) => m.uncompressedSize <= TEXT_SAMPLE_BYTES);
  if (sample.length === 0) return 1;
  const files = await unpackNamed(input, new Set(sample.map((m) => m.name)), path.join(ctx.workDir, 'text'), ctx.signal);
  let before = 0;
  let after = 0;
  for (const m of sample) {
    const file = files.get(m.name);
    if (!file) continue;
    before += m.compressedSize;
    after += Math.min(m.compressedSize, (await deflate(await readFile(file), { level: 9, memLevel: 9 })).length);
  }
  return before > 0 ? after / before : 1;
}

/** Size after recompression over size before, per level, measured on the biggest picture. */
async function pictureRatios(
  input: string,
  pictures: Member[],
  ctx: Omit<CompressContext, 'level'>,
  images: ImageCompressor,
): Promise<Record<CompressionLevel, number>> {
  const ratios: Record<CompressionLevel, number> = { light: 1, balanced: 1, maximum: 1 };
  const biggest = [...pictures].sort((a, b) => b.compressedSize - a.compressedSize)[0];
  if (!biggest) return ratios;
  for (const level of LEVELS) {
    const files = await unpackNamed(input, new Set([biggest.name]), path.join(ctx.workDir, `picture-${level}`), ctx.signal);
    const file = files.get(biggest.name);
    if (!file) continue;
    const entry: PackageEntry = {
      name: biggest.name,
      isDirectory: false,
      dosTime: 0,
      dosDate: 0,
      uncompressedSize: biggest.uncompressedSize,
      compressedSize: biggest.compressedSize,
      crc32: biggest.crc32,
      file,
    };
    await recompressImages(
      [entry],
      new Set([biggest.name]),
      images,
      { ...ctx, level: PACKAGE_RECIPES[level].imageLevel },
      () => {},
    );
    ratios[level] = Math.min(1, (await stat(entry.file ?? file)).size / Math.max(1, biggest.uncompressedSize));
  }
  return ratios;
}

/**
 * Expected size per level without rewriting the package: the re-deflate gain measured on the biggest text parts,
 * the picture gain measured by recompressing the biggest picture at each level, the thumbnail's bytes where it is
 * dropped. Legacy binaries promise nothing: a re-save's gain is only known by doing it.
 */
export async function estimatePackage(
  input: string,
  type: DetectedType,
  ctx: Omit<CompressContext, 'level'>,
  images: ImageCompressor,
): Promise<Record<CompressionLevel, number>> {
  const original = (await stat(input)).size;
  if (['doc', 'xls', 'ppt'].includes(type.ext)) return { light: original, balanced: original, maximum: original };
  const members = await directory(input);
  const kind: PackageKind = members.some((m) => m.name === '[Content_Types].xml') ? 'ooxml' : 'odf';
  const asEntries = members.map((m) => ({ ...m, isDirectory: false, dosTime: 0, dosDate: 0 }));
  const thumbnail = thumbnailName(kind, asEntries);
  const pictures = members.filter((m) => isMediaPart(kind, m.name) || m.name === thumbnail);
  const text = members.filter((m) => !pictures.includes(m) && m.name !== 'mimetype');
  const textNow = text.reduce((sum, m) => sum + m.compressedSize, 0);
  const textSaved = textNow * (1 - (await textRatio(input, text, ctx)));
  ctx.onProgress(20);
  const ratios = await pictureRatios(input, pictures, ctx, images);
  const result = {} as Record<CompressionLevel, number>;
  let previous = original;
  for (const level of LEVELS) {
    const thumb = PACKAGE_RECIPES[level].dropThumbnail ? members.find((m) => m.name === thumbnail) : undefined;
    const picturesSaved = pictures
      .filter((m) => m !== thumb)
      .reduce((sum, m) => sum + m.compressedSize - Math.min(m.compressedSize, m.uncompressedSize * ratios[level]), 0);
    const size = Math.round(original - textSaved - picturesSaved - (thumb?.compressedSize ?? 0));
    previous = Math.max(0, Math.min(previous, size));
    result[level] = previous;
  }
  return result;
}
