import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { EngineError } from '../../errors.js';

/** Refuse packages that would unpack to more than this (a zip bomb or an absurd document). */
export const MAX_TOTAL_UNCOMPRESSED = 2 * 1024 * 1024 * 1024;
/** Deflate tops out near 1032:1 on uniform data; real Office parts stay far below, so anything above is a bomb. */
export const MAX_MEMBER_RATIO = 1000;
/** Our writer keeps to the classic (non-ZIP64) format: fewer entries than 65,535 and sizes below 4 GiB. */
const MAX_ENTRIES = 60_000;

/** One member of a package, unpacked to its own file named by index (never by its zip name: no path tricks). */
export interface PackageEntry {
  /** Name as stored in the zip, decoded. */
  name: string;
  isDirectory: boolean;
  /** DOS date and time fields, kept as they were. */
  dosTime: number;
  dosDate: number;
  uncompressedSize: number;
  compressedSize: number;
  /** Where the unpacked bytes are (absent for directories). */
  file?: string;
}

function invalid(message: string, cause?: unknown): EngineError {
  return new EngineError('invalid-input', message, undefined, cause === undefined ? undefined : { cause });
}

/** Reads the central directory and refuses bombs, encrypted members and unreadable compression methods. */
export async function readDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  if (zip.entryCount > MAX_ENTRIES) throw invalid(`The document has too many parts (${zip.entryCount})`);
  const entries: yauzl.Entry[] = [];
  const names = new Set<string>();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted() || !entry.canDecodeFileData()) throw invalid('The document contains encrypted or unreadable parts');
      if (names.has(entry.fileName)) throw invalid('The document contains the same part twice');
      names.add(entry.fileName);
      total += entry.uncompressedSize;
      if (total > MAX_TOTAL_UNCOMPRESSED) throw invalid('The document would unpack to more than 2 GB and was refused');
      if (entry.uncompressedSize > MAX_MEMBER_RATIO * Math.max(entry.compressedSize, 1)) {
        throw invalid('The document contains a part that expands more than 1000 times (a zip bomb) and was refused');
      }
      entries.push(entry);
    }
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw invalid('The document is damaged: its zip directory cannot be read', err);
  }
  return entries;
}

/** Passes bytes through while computing their CRC-32, because yauzl checks sizes but not checksums. */
function crcChecker(expected: number, name: string): Transform {
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(crc >>> 0 === expected >>> 0 ? null : invalid(`The document is damaged: part ${name} fails its checksum`));
    },
  });
}

export async function openZip(file: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw invalid('The document is damaged or truncated: it is not a readable zip package', err);
  }
}

/**
 * Unpacks every member of a zip package into `dir` (as 0, 1, 2, ...), checking sizes and checksums, after refusing
 * bombs from the central directory alone. Memory stays bounded: members are streamed to disk.
 */
export async function unpackZip(file: string, dir: string, signal: AbortSignal): Promise<PackageEntry[]> {
  const zip = await openZip(file);
  try {
    const entries = await readDirectory(zip);
    await mkdir(dir, { recursive: true });
    const out: PackageEntry[] = [];
    for (const [index, entry] of entries.entries()) {
      if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
      const isDirectory = entry.fileName.endsWith('/');
      const item: PackageEntry = {
        name: entry.fileName, isDirectory, dosTime: entry.lastModFileTime, dosDate: entry.lastModFileDate,
        uncompressedSize: entry.uncompressedSize, compressedSize: entry.compressedSize,
      };
      if (!isDirectory) {
        item.file = path.join(dir, String(index));
        try {
          const stream = await zip.openReadStreamPromise(entry);
          await pipeline(stream, crcChecker(entry.crc32, entry.fileName), createWriteStream(item.file), { signal });
        } catch (err) {
          if (signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
          if (err instanceof EngineError) throw err;
          throw invalid(`The document is damaged: part ${entry.fileName} cannot be unpacked`, err);
        }
      }
      out.push(item);
    }
    return out;
  } finally {
    zip.close();
  }
}

/** Reads one member into memory (for small XML parts), or undefined when it is missing. Size-capped. */
export async function readZipMember(file: string, name: string, maxBytes = 64 * 1024 * 1024): Promise<Buffer | undefined> {
  const zip = await openZip(file);
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      if (entry.uncompressedSize > maxBytes) throw invalid(`Part ${name} is too large to inspect`);
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    return undefined;
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw invalid('The document is damaged: it is not a readable zip package', err);
  } finally {
    zip.close();
  }
}

/** Reads every member of a zip to the end, checking sizes and checksums: the written package is whole. */
export async function checkZip(file: string, signal: AbortSignal): Promise<number> {
  const zip = await openZip(file);
  let count = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
      count += 1;
      if (entry.fileName.endsWith('/')) continue;
      const check = crcChecker(entry.crc32, entry.fileName);
      await pipeline(await zip.openReadStreamPromise(entry), check, async (source: AsyncIterable<Buffer>) => {
        for await (const _chunk of source) {
          // drain: only the checks matter
        }
      });
    }
    return count;
  } finally {
    zip.close();
  }
}

/** Unpacks the named members (checked like `unpackZip`) to `dir`, as name → file; the directory is bomb-checked first. */
export async function unpackMembers(file: string, names: ReadonlySet<string>, dir: string, signal: AbortSignal): Promise<Map<string, string>> {
  const zip = await openZip(file);
  const out = new Map<string, string>();
  try {
    const entries = (await readDirectory(zip)).filter((e) => names.has(e.fileName));
    await mkdir(dir, { recursive: true });
    for (const [index, entry] of entries.entries()) {
      const target = path.join(dir, `member-${index}`);
      try {
        await pipeline(await zip.openReadStreamPromise(entry), crcChecker(entry.crc32, entry.fileName), createWriteStream(target), { signal });
      } catch (err) {
        if (signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
        if (err instanceof EngineError) throw err;
        throw invalid(`The document is damaged: part ${entry.fileName} cannot be unpacked`, err);
      }
      out.set(entry.fileName, target);
    }
    return out;
  } finally {
    zip.close();
  }
}
