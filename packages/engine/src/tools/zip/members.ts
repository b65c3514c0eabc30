import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { EngineError } from '../../errors.js';
import { mapLimited } from '../concurrent.js';
import { checkMembers, invalid } from '../unpack-limits.js';
import type { ZipEntry } from './directory.js';
import { ZipReader } from './reader.js';

/** Passes bytes through while computing their CRC-32. */
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

/**
 * Members unpacked or checked at once: most are small parts read in one piece, whose file system calls and inflating
 * run on libuv's threads; one at a time, their waits add up.
 */
const MEMBERS_AT_ONCE = 4;

/** A cancel stays a cancel, our own errors pass as they are, anything else is damage to the member. */
function unpackFailure(err: unknown, entry: ZipEntry, signal?: AbortSignal): EngineError {
  if (signal?.aborted) return new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
  if (err instanceof EngineError) return err;
  return invalid(`The zip file is damaged: member "${entry.name}" cannot be unpacked`, err);
}

/** Opens a zip and refuses, from its directory alone, what the unpack limits refuse (count, names, ratio, total). */
export async function openChecked(file: string): Promise<ZipReader> {
  const zip = await ZipReader.open(file);
  try {
    checkMembers(
      zip.entries.map((e) => ({ name: e.name, size: e.size, packed: e.compressedSize })),
      zip.entries.length,
    );
    return zip;
  } catch (err) {
    await zip.close();
    throw err;
  }
}

/** Unpacks one member to `dest`, size and CRC checked. Damage is an 'invalid-input' error; a cancel passes through. */
export async function extractMember(zip: ZipReader, entry: ZipEntry, dest: string, signal: AbortSignal): Promise<void> {
  try {
    if (zip.fitsInMemory(entry)) await writeFile(dest, await zip.readContent(entry), { signal });
    else await pipeline(await zip.openContent(entry), createWriteStream(dest), { signal });
  } catch (err) {
    throw unpackFailure(err, entry, signal);
  }
}

/** Reads every member to the end, sizes and checksums checked (members we cannot decode too, unless skipped). */
export async function readEveryMember(
  zip: ZipReader,
  signal: AbortSignal,
  options: { skipUndecodable?: boolean } = {},
): Promise<void> {
  const read = async (entry: ZipEntry) => {
    if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
    if (entry.isDirectory || (options.skipUndecodable && !entry.canDecode)) return;
    try {
      if (zip.fitsInMemory(entry)) await zip.readContent(entry);
      else await pipeline(await zip.openContent(entry), new Writable({ write: (_chunk, _enc, done) => done() }), { signal });
    } catch (err) {
      throw unpackFailure(err, entry, signal);
    }
  };
  // The first damaged member in the zip's order is the one reported, whichever is found first.
  await mapLimited(zip.entries, MEMBERS_AT_ONCE, read);
}

/** Reads one member into memory (small XML parts), or undefined when there is none of that name. Size-capped. */
export async function readZipMember(file: string, name: string, maxBytes = 64 * 1024 * 1024): Promise<Buffer | undefined> {
  const zip = await ZipReader.open(file);
  try {
    const entry = zip.entries.find((e) => e.name === name);
    if (!entry) return undefined;
    if (entry.size > maxBytes) throw invalid(`Part ${name} is too large to inspect`);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await zip.openContent(entry)) chunks.push(chunk as Buffer);
    } catch (err) {
      throw unpackFailure(err, entry);
    }
    return Buffer.concat(chunks);
  } finally {
    await zip.close();
  }
}

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
  /** CRC-32 of the content, as the zip's directory records it (and the unpacking checked). */
  crc32: number;
  /** Where the unpacked bytes are (absent for directories). */
  file?: string;
}

/**
 * The members of a package (an Office document or a zip we wrote), refused when one cannot be read (encrypted, an
 * unknown method) or a name appears twice: a package's parts are found by name.
 */
export function packageEntries(zip: ZipReader): readonly ZipEntry[] {
  const names = new Set<string>();
  for (const entry of zip.entries) {
    if (!entry.canDecode) throw invalid('The document contains encrypted or unreadable parts');
    if (names.has(entry.name)) throw invalid('The document contains the same part twice');
    names.add(entry.name);
  }
  return zip.entries;
}

/**
 * Unpacks the members of a package into `dir` (as 0, 1, 2, ...), checking sizes and checksums, after refusing
 * bombs from the central directory alone; `only` limits it to the named members (then files are member-0, ...).
 * Memory stays bounded: members over `IN_MEMORY_MEMBER` are streamed to disk, smaller ones read in one piece, a few at a time.
 */
export async function unpackZip(
  file: string,
  dir: string,
  signal: AbortSignal,
  only?: ReadonlySet<string>,
): Promise<PackageEntry[]> {
  const zip = await openChecked(file);
  try {
    const entries = packageEntries(zip).filter((e) => !only || only.has(e.name));
    await mkdir(dir, { recursive: true });
    return await mapLimited(entries, MEMBERS_AT_ONCE, async (entry, index) => {
      if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
      const item: PackageEntry = {
        name: entry.name,
        isDirectory: entry.isDirectory,
        dosTime: entry.dosTime,
        dosDate: entry.dosDate,
        uncompressedSize: entry.size,
        compressedSize: entry.compressedSize,
        crc32: entry.crc32 >>> 0,
      };
      if (!entry.isDirectory) {
        item.file = path.join(dir, only ? `member-${index}` : String(index));
        await extractMember(zip, entry, item.file, signal);
      }
      return item;
    });
  } finally {
    await zip.close();
  }
}
