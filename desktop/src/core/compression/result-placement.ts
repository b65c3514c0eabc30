import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, copyFile, link, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Extensions that name the same format (the engine answers the first of each pair). */
const SAME_FORMAT: Record<string, string> = { jpeg: 'jpg', tif: 'tiff', htm: 'html' };
const canonical = (ext: string) => SAME_FORMAT[ext.toLowerCase()] ?? ext.toLowerCase();

/** Where a result goes and whether the original stays (the settings' outputFolder and keepOriginal). */
export interface PlacementOptions {
  /** null: beside the original. Used only when the original is kept. */
  outputFolder: string | null;
  keepOriginal: boolean;
}

/** `NAME.min.EXT`, then `NAME.min (2).EXT`, `NAME.min (3).EXT`... */
export function candidateName(stem: string, format: string, attempt: number): string {
  return attempt === 1 ? `${stem}.${format}` : `${stem} (${attempt}).${format}`;
}

const errCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** A copy of `file` under a hidden temporary name in `dir`, written in full before anything takes its place. */
async function stagedCopy(file: string, dir: string, name: string): Promise<string> {
  const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.partial`);
  await copyFile(file, temp, constants.COPYFILE_EXCL);
  return temp;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Gives a fully written temporary file the first free name of `stem.format`, `stem (2).format`...; never replaces
 * an existing file. A hard link claims the name atomically; on file systems without hard links the name is
 * checked, then renamed into.
 */
async function claimFreeName(temp: string, dir: string, stem: string, format: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const target = path.join(dir, candidateName(stem, format, attempt));
    try {
      await link(temp, target);
      await rm(temp, { force: true });
      return target;
    } catch (err) {
      if (errCode(err) === 'EEXIST') continue;
      if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'].includes(errCode(err) ?? '')) throw err;
      if (await exists(target)) continue;
      await rename(temp, target);
      return target;
    }
  }
}

/**
 * Puts a result file where the settings say and answers its final path. Kept originals: the result is written as
 * NAME.min.EXT beside the original or in the output folder. Replaced originals: the result takes the original's
 * place only once it is fully written (same format: renamed over it; another format, e.g. WAV to FLAC: written as
 * NAME.EXT, then the original removed). Nothing else is ever overwritten, and no temporary file is left behind.
 */
export async function placeResult(
  result: { output: string; format: string },
  source: string,
  options: PlacementOptions,
): Promise<string> {
  const sourceExt = path.extname(source);
  const stem = path.basename(source, sourceExt);
  const dir = options.keepOriginal ? (options.outputFolder ?? path.dirname(source)) : path.dirname(source);
  const temp = await stagedCopy(result.output, dir, `${stem}.${result.format}`);
  try {
    if (options.keepOriginal) return await claimFreeName(temp, dir, `${stem}.min`, result.format);
    if (canonical(sourceExt.slice(1)) === canonical(result.format)) {
      await rename(temp, source);
      return source;
    }
    const placed = await claimFreeName(temp, dir, stem, result.format);
    await rm(source);
    return placed;
  } finally {
    await rm(temp, { force: true });
  }
}
