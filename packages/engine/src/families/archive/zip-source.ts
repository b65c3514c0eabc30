import { EngineError } from '../../errors.js';
import { openChecked } from '../../tools/zip/members.js';
import { type ZipReader, ZipUnreadable } from '../../tools/zip/reader.js';

/**
 * Opens a zip archive for rewriting, its directory checked against the unpack limits (count, escaping names, each
 * member's ratio, the total). A file the zip reader cannot read is refused in the archive family's words.
 */
export async function openArchive(file: string): Promise<ZipReader> {
  try {
    return await openChecked(file);
  } catch (err) {
    if (err instanceof ZipUnreadable)
      throw new EngineError('invalid-input', 'This zip archive is damaged or incomplete', undefined, { cause: err });
    throw err;
  }
}
