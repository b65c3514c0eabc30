import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { EngineError } from '../../errors.js';
import { MAX_ENTRIES, checkRatio, checkTotal, invalid } from './limits.js';
import { readArchiveComment } from './zip-format.js';

/** An opened zip whose directory passed the bomb and path checks. */
export interface ZipSource {
  zip: yauzl.ZipFile;
  entries: yauzl.Entry[];
  comment: Buffer;
}

function isDamage(err: unknown): boolean {
  return !(err instanceof EngineError);
}

function describeYauzlError(err: unknown): EngineError {
  const message = err instanceof Error ? err.message : String(err);
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(message)) {
    return invalid('The archive was refused: a member name points outside the archive ("../" or an absolute path)', err);
  }
  return invalid('This zip archive is damaged or incomplete', err);
}

/**
 * Opens a zip and reads its central directory, refusing bombs (more than 2 GB in all, or a member above 1 MB that
 * expands more than 1000 times) and member names that escape the archive (yauzl validates every name).
 */
export async function openZipSource(file: string): Promise<ZipSource> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw describeYauzlError(err);
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) throw invalid(`The archive was refused: it has more than ${MAX_ENTRIES} members`);
    const entries: yauzl.Entry[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      checkRatio(entry.fileName, entry.uncompressedSize, entry.compressedSize);
      total += entry.uncompressedSize;
      checkTotal(total);
      entries.push(entry);
    }
    return { zip, entries, comment: await readArchiveComment(file) };
  } catch (err) {
    zip.close();
    throw isDamage(err) ? describeYauzlError(err) : err;
  }
}

/** Passes bytes through while computing their CRC-32 (yauzl checks sizes, not checksums). */
export function crcMeter(): Transform & { crc: () => number } {
  let crc = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
  });
  return Object.assign(meter, { crc: () => crc >>> 0 });
}

/** Unpacks one member to `dest`, checking its CRC. Damage is an 'invalid-input' error; a cancel passes through. */
export async function extractMember(source: ZipSource, entry: yauzl.Entry, dest: string, signal: AbortSignal): Promise<void> {
  const meter = crcMeter();
  try {
    await pipeline(await source.zip.openReadStreamPromise(entry), meter, createWriteStream(dest), { signal });
  } catch (err) {
    if (signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    throw invalid(`This zip archive is damaged: member "${entry.fileName}" cannot be unpacked`, err);
  }
  if (meter.crc() !== entry.crc32 >>> 0) throw invalid(`This zip archive is damaged: member "${entry.fileName}" fails its checksum`);
}

/** The member's stored bytes exactly as they are in the archive (compressed, not decoded). */
export async function rawMemberStream(source: ZipSource, entry: yauzl.Entry): Promise<Readable> {
  try {
    return await source.zip.openReadStreamPromise(entry, { decodeFileData: false });
  } catch (err) {
    throw invalid(`This zip archive is damaged: member "${entry.fileName}" cannot be read`, err);
  }
}

/** Extra fields of the member's local header (they may differ from the central directory's, e.g. UT times). */
export async function localExtra(source: ZipSource, entry: yauzl.Entry): Promise<Buffer> {
  try {
    return (await source.zip.readLocalFileHeaderPromise(entry)).extraField;
  } catch (err) {
    throw invalid(`This zip archive is damaged: member "${entry.fileName}" has no readable header`, err);
  }
}
