import { copyFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MetadataChoice } from '@shrinkly/contract';
import type { EngineCall } from './engine-call.js';
import { EngineError } from './errors.js';

/** Picture formats exiftool writes EXIF into without touching their pixels. */
const CARRIES_EXIF = new Set(['jpg', 'png', 'webp', 'tif']);

/**
 * The copyright and credit a photographer puts in XMP and IPTC, named one by one: copying `XMP:all` would bring
 * the location (`XMP-exif:GPS*`), keywords and edit history with them.
 */
const RIGHTS_TAGS = [
  '-XMP-dc:Rights',
  '-XMP-dc:Creator',
  '-XMP-xmpRights:all',
  '-XMP-photoshop:Credit',
  '-XMP-photoshop:Source',
  '-XMP-plus:all',
  '-IPTC:CopyrightNotice',
  '-IPTC:By-line',
  '-IPTC:Credit',
  '-IPTC:Source',
];

/** A result as `carryCameraData` needs it: its file or bytes, and its size. */
interface Carried {
  file?: string | undefined;
  bytes?: Buffer | undefined;
  size: number;
  format: string;
  notes: string[];
}

/**
 * "Keep camera data and copyright": the original's EXIF, without its location (GPS) and without its thumbnail, and its
 * copyright and credit from XMP and IPTC (`RIGHTS_TAGS`), written
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
        // Rights written only as IPTC are carried as XMP too (WebP has no IPTC); the file's own XMP wins where both are.
        '-XMP-dc:Rights<IPTC:CopyrightNotice',
        '-XMP-dc:Creator<IPTC:By-line',
        '-EXIF:all',
        '--GPS:all',
        '--IFD1:all',
        ...RIGHTS_TAGS,
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
