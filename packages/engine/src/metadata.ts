import { copyFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MetadataChoice } from '@shrinkly/contract';
import type { EngineCall } from './engine-call.js';
import { EngineError } from './errors.js';

/** Picture formats exiftool writes EXIF into without touching their pixels. */
const CARRIES_EXIF = new Set(['jpg', 'png', 'webp', 'tif']);

/** A result as `carryCameraData` needs it: its file or bytes, and its size. */
interface Carried {
  file?: string | undefined;
  bytes?: Buffer | undefined;
  size: number;
  format: string;
  notes: string[];
}

/**
 * "Keep camera data and copyright": the original's EXIF, without its location (GPS) and without its thumbnail, written
 * into a copy of the result by exiftool, which changes no pixel. The result is stored upright, so its orientation
 * tag says so. The copy is used only when it stays under `maxBytes` (the original's size, or a target's); otherwise,
 * or where exiftool is missing or refuses the file, the result goes without the camera data and says why.
 */
export async function carryCameraData<R extends Carried>(
  call: EngineCall,
  result: R,
  choice: MetadataChoice | undefined,
  maxBytes: number,
): Promise<R> {
  if (choice !== 'camera' || call.type.family !== 'image' || (!result.file && !result.bytes)) return result;
  if (!CARRIES_EXIF.has(result.format))
    return { ...result, notes: [...result.notes, `${result.format.toUpperCase()} results do not carry camera data`] };
  const copy = path.join(call.workDir, `with-camera-data.${result.format}`);
  await (result.bytes ? writeFile(copy, result.bytes) : copyFile(result.file as string, copy));
  const without = (reason: string): R => ({ ...result, notes: [...result.notes, `Camera data was not kept: ${reason}`] });
  const written = await call
    .runProcess(
      'exiftool',
      [
        '-q',
        '-q',
        '-m',
        '-overwrite_original',
        '-TagsFromFile',
        // exiftool reads %d, %f and %e in this name as parts of the edited file's: a literal % is doubled.
        call.input.replace(/%/g, '%%'),
        '-EXIF:all',
        '--GPS:all',
        '--IFD1:all',
        '-n',
        '-EXIF:Orientation=1',
        copy,
      ],
      { signal: call.signal, timeoutMs: 60_000 },
    )
    .then(
      () => true,
      (err: unknown) => {
        if (err instanceof EngineError && (err.kind === 'tool-missing' || err.kind === 'failed')) return false;
        throw err;
      },
    );
  if (!written) return without('this copy of Shrinkly could not write it');
  const size = (await stat(copy)).size;
  if (size > maxBytes) return without('with it the file would be too large');
  return {
    ...result,
    file: copy,
    bytes: undefined,
    size,
    notes: [...result.notes, 'Camera data and copyright kept, location removed'],
  };
}
