import { EngineError } from '../../errors.js';
import { readEveryMember } from './members.js';
import { ZipReader } from './reader.js';

/** What a member of a written zip must hold: its name (raw bytes), size and CRC-32 of the content. */
export interface ExpectedMember {
  nameRaw: Buffer;
  crc32: number;
  size: number;
}

/**
 * Reopens a zip we wrote and decodes every member (size and CRC-32 checked); with `expected`, also the same names
 * in the same order with the sizes and CRCs meant to be written. Returns a reason, or undefined when all hold.
 * Members we cannot decode (copied byte for byte) are checked by their directory fields only.
 */
export async function verifyZip(
  file: string,
  signal: AbortSignal,
  expected?: readonly ExpectedMember[],
): Promise<string | undefined> {
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(file);
  } catch (err) {
    return `cannot be opened: ${err instanceof Error ? err.message : String(err)}`;
  }
  try {
    if (expected) {
      if (zip.entries.length !== expected.length) return `${zip.entries.length} members instead of ${expected.length}`;
      for (const [i, entry] of zip.entries.entries()) {
        const want = expected[i];
        if (!want || !entry.nameRaw.equals(want.nameRaw)) return `member ${i + 1} has another name`;
        if (entry.size !== want.size || entry.crc32 >>> 0 !== want.crc32 >>> 0)
          return `member ${i + 1} has another size or checksum`;
      }
    }
    await readEveryMember(zip, signal, { skipUndecodable: true });
    return undefined;
  } catch (err) {
    if (signal.aborted || (err instanceof EngineError && err.kind === 'cancelled'))
      throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    return err instanceof Error ? err.message : String(err);
  } finally {
    await zip.close();
  }
}
