import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { pipeline, Readable, Transform } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, createInflateRaw, inflateRaw } from 'node:zlib';
import { invalid } from '../unpack-limits.js';
import { readDirectory, type ZipEntry, ZipUnreadable } from './directory.js';
import { LOCAL_HEADER_SIZE, METHOD_DEFLATE, SIGNATURE } from './format.js';

export type { ZipEntry } from './directory.js';
export { ZipUnreadable } from './directory.js';

/** Where a member's bytes are: after its local header, and before the next member's header or the directory. */
interface DataPlace {
  start: number;
  localExtra: Buffer;
}

const inflateRawBuffer = promisify(inflateRaw);

/**
 * Members whose packed and decoded bytes are both at most this size are read in one piece (`readContent`): a stream
 * per member costs more than the work itself on the hundreds of small parts of a presentation.
 */
export const IN_MEMORY_MEMBER = 4 * 1024 * 1024;

const overLong = (entry: ZipEntry) =>
  invalid(`The zip file is damaged: member "${entry.name}" holds more than its declared size`);
const tooShort = (entry: ZipEntry) =>
  invalid(`The zip file is damaged: member "${entry.name}" is shorter than its declared size`);
const badChecksum = (entry: ZipEntry) => invalid(`The zip file is damaged: member "${entry.name}" fails its checksum`);

/**
 * Passes a member's decoded bytes through, checking them against the directory: never more than its declared size
 * (an inflating bomb stops there), exactly that size in the end, and the same CRC-32.
 */
function contentCheck(entry: ZipEntry): Transform {
  let crc = 0;
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > entry.size) return done(overLong(entry));
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      if (bytes !== entry.size) return done(tooShort(entry));
      done(crc >>> 0 === entry.crc32 >>> 0 ? null : badChecksum(entry));
    },
  });
}

/**
 * An open zip: its members as the central directory lists them, and their bytes on demand, stored or decoded and
 * checked. One reader for every zip the engine opens (archives, Office packages, its own outputs).
 */
export class ZipReader {
  /** For each member, the next local header or the directory: its data must end before that (no overlaps). */
  private readonly limits = new Map<ZipEntry, number>();
  private readonly places = new Map<ZipEntry, DataPlace>();

  private constructor(
    readonly file: string,
    private readonly handle: FileHandle,
    readonly entries: readonly ZipEntry[],
    /** The archive comment's raw bytes. */
    readonly comment: Buffer,
    centralStart: number,
  ) {
    const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
    for (const [i, entry] of byOffset.entries()) {
      const next = byOffset[i + 1]?.offset ?? centralStart;
      // Two members whose headers are at one place would share their bytes: a classic overlapping zip bomb.
      if (next === entry.offset) throw new ZipUnreadable('two members share the same bytes (a zip bomb)');
      this.limits.set(entry, Math.min(next, centralStart));
    }
  }

  /** Opens a zip and reads its directory; a file that is no readable zip is a `ZipUnreadable` error. */
  static async open(file: string): Promise<ZipReader> {
    const handle = await open(file, 'r');
    try {
      const directory = await readDirectory(handle);
      return new ZipReader(file, handle, directory.entries, directory.comment, directory.centralStart);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  private async place(entry: ZipEntry): Promise<DataPlace> {
    const known = this.places.get(entry);
    if (known) return known;
    const header = Buffer.alloc(LOCAL_HEADER_SIZE);
    const { bytesRead } = await this.handle.read(header, 0, LOCAL_HEADER_SIZE, entry.offset);
    if (bytesRead < LOCAL_HEADER_SIZE || header.readUInt32LE(0) !== SIGNATURE.local) {
      throw invalid(`The zip file is damaged: member "${entry.name}" has no local header where the directory says`);
    }
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const localExtra = Buffer.alloc(extraLength);
    await this.handle.read(localExtra, 0, extraLength, entry.offset + LOCAL_HEADER_SIZE + nameLength);
    const start = entry.offset + LOCAL_HEADER_SIZE + nameLength + extraLength;
    if (start + entry.compressedSize > (this.limits.get(entry) ?? 0)) {
      throw invalid(`The zip file is damaged: member "${entry.name}" overlaps another member or the directory`);
    }
    const place = { start, localExtra };
    this.places.set(entry, place);
    return place;
  }

  /** Extra fields of the member's local header (they may differ from the central directory's, e.g. UT times). */
  async localExtra(entry: ZipEntry): Promise<Buffer> {
    return (await this.place(entry)).localExtra;
  }

  /** The member's bytes exactly as stored in the archive (compressed, not decoded). */
  async openRaw(entry: ZipEntry): Promise<Readable> {
    const { start } = await this.place(entry);
    if (entry.compressedSize === 0) return Readable.from([]);
    return createReadStream(this.file, { start, end: start + entry.compressedSize - 1 });
  }

  /**
   * The member's content, decoded, with its size and CRC-32 checked as it streams: a size or checksum mismatch is an
   * 'invalid-input' EngineError; a deflate stream that cannot be decoded fails with zlib's error.
   */
  async openContent(entry: ZipEntry): Promise<Readable> {
    if (!entry.canDecode) throw invalid(`Member "${entry.name}" is encrypted or compressed with a method Shrinkly cannot read`);
    const raw = await this.openRaw(entry);
    const stages = entry.method === METHOD_DEFLATE ? [raw, createInflateRaw()] : [raw];
    // The consumer sees any stage's error on the last stream; destroying it closes the file.
    return pipeline([...stages, contentCheck(entry)], () => {}) as Transform;
  }

  /** Whether `readContent` takes the member: small enough, packed and decoded, to hold in memory. */
  fitsInMemory(entry: ZipEntry): boolean {
    return entry.canDecode && entry.size <= IN_MEMORY_MEMBER && entry.compressedSize <= IN_MEMORY_MEMBER;
  }

  /**
   * The content of a member that `fitsInMemory`, decoded in one piece and checked as `openContent` checks it (the
   * same errors): inflating stops one byte past the declared size, so a bomb never grows further.
   */
  async readContent(entry: ZipEntry): Promise<Buffer> {
    if (!this.fitsInMemory(entry)) throw new RangeError(`member "${entry.name}" is not read in one piece`);
    const { start } = await this.place(entry);
    const raw = Buffer.alloc(entry.compressedSize);
    const { bytesRead } = await this.handle.read(raw, 0, raw.length, start);
    if (bytesRead < raw.length) throw tooShort(entry);
    let content = raw;
    if (entry.method === METHOD_DEFLATE) {
      try {
        content = await inflateRawBuffer(raw, { maxOutputLength: entry.size + 1 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw overLong(entry);
        throw err;
      }
    }
    if (content.length > entry.size) throw overLong(entry);
    if (content.length < entry.size) throw tooShort(entry);
    if (crc32(content) >>> 0 !== entry.crc32 >>> 0) throw badChecksum(entry);
    return content;
  }
}
