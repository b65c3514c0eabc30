import { mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import { canonicalExt, detect } from '../../detect.js';
import { EngineError } from '../../errors.js';
import type { CompressContext, CompressionLevel } from '../../types.js';
import { compressImageFile } from './run.js';

/** What `recompressImage` needs from its caller: the caller's own context works as it is. */
export type RecompressImageContext = Pick<CompressContext, 'signal' | 'runProcess' | 'workDir'> & {
  onProgress?: (percent: number) => void;
};

/** A smaller copy of an image, already decoded again and checked against the level's quality bar. */
export interface RecompressedImage {
  /** A new file inside a private folder under `ctx.workDir` (removed with it). */
  path: string;
  /** Extension of the new file: the same as the input's unless `keepFormat` is false (BMP → PNG). */
  format: string;
  size: number;
  recipe: string;
  metrics: Record<string, number>;
}

/**
 * Recompresses one image file by the image recipe of `level` — for other families that carry images inside
 * (docx/pptx/xlsx media, ODF Pictures/, zip members). The real type is read from the content; `ext` (the part's
 * name, e.g. "jpeg" or "png") only has to agree with it, so a part whose name lies is left alone.
 *
 * Returns null — keep the original part — when the image is not smaller after recompression, is not a format this
 * family handles (EMF, WMF, SVG...), cannot keep its format (BMP, unless `keepFormat` is false), or is damaged
 * (one broken picture should not fail a whole document). Throws EngineError only for 'cancelled', 'timeout' and
 * 'tool-missing', which concern the whole job.
 *
 * @example
 *   const r = await recompressImage(partPath, 'jpeg', ctx.level, ctx);
 *   if (r) zip.addFile(r.path, partName); // same name and content type: the format is kept
 */
export async function recompressImage(
  inputPath: string,
  ext: string,
  level: CompressionLevel,
  ctx: RecompressImageContext,
  options: { keepFormat?: boolean } = {},
): Promise<RecompressedImage | null> {
  const keepFormat = options.keepFormat ?? true;
  const named = canonicalExt(ext.replace(/^\./, ''));
  try {
    const type = await detect(inputPath);
    if (type.family !== 'image' || type.ext !== named) return null;
    if (keepFormat && type.ext === 'bmp') return null;
    const originalSize = (await stat(inputPath)).size;
    const workDir = await mkdtemp(path.join(ctx.workDir, 'image-'));
    const out = await compressImageFile(inputPath, type.ext, {
      level,
      signal: ctx.signal,
      runProcess: ctx.runProcess,
      workDir,
      onProgress: ctx.onProgress ?? (() => {}),
    });
    if (out.path === inputPath || (keepFormat && out.format !== type.ext)) return null;
    const size = (await stat(out.path)).size;
    if (size >= originalSize) return null;
    return { path: out.path, format: out.format, size, recipe: out.recipe, metrics: out.metrics ?? {} };
  } catch (err) {
    if (err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'tool-missing'))
      throw err;
    if (ctx.signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    return null;
  }
}
