import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import yauzl from 'yauzl';
import { EngineError } from '../../errors.js';
import { crcMeter } from './zip-source.js';

/** What a member of the rewritten zip must hold: its name (raw bytes), size and CRC-32 of the content. */
export interface ExpectedMember {
  nameRaw: Buffer;
  crc32: number;
  size: number;
}

const discard = () => new Writable({ write: (_chunk, _enc, done) => done() });

/**
 * Reopens the rewritten zip and decodes every member: same names in the same order, same sizes, and content whose
 * CRC-32 matches both its header and what was meant to be written. Returns a reason, or undefined when all hold.
 */
export async function verifyZip(file: string, expected: ExpectedMember[], signal: AbortSignal): Promise<string | undefined> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (err) {
    return `cannot be opened: ${err instanceof Error ? err.message : String(err)}`;
  }
  try {
    if (zip.entryCount !== expected.length) return `${zip.entryCount} members instead of ${expected.length}`;
    let index = 0;
    for await (const entry of zip.eachEntry()) {
      const want = expected[index++];
      if (!want || !entry.fileNameRaw.equals(want.nameRaw)) return `member ${index} has another name`;
      if (entry.uncompressedSize !== want.size || entry.crc32 >>> 0 !== want.crc32 >>> 0) return `member ${index} has another size or checksum`;
      if (!entry.canDecodeFileData()) continue;
      const meter = crcMeter();
      await pipeline(await zip.openReadStreamPromise(entry), meter, discard(), { signal });
      if (meter.crc() !== want.crc32 >>> 0) return `member ${index} fails its checksum`;
    }
    return undefined;
  } catch (err) {
    if (signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    return err instanceof Error ? err.message : String(err);
  } finally {
    zip.close();
  }
}
