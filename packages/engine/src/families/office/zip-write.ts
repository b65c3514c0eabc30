import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, crc32, createDeflateRaw } from 'node:zlib';
import { EngineError } from '../../errors.js';

/** One member to write: its bytes are in `file` (absent for a directory). */
export interface ZipMember {
  name: string;
  file?: string;
  dosTime: number;
  dosDate: number;
  /** Write uncompressed whatever deflate would gain (ODF's `mimetype` must be stored). */
  forceStore?: boolean;
  /** An already deflated copy of `file` (e.g. from 7-Zip's stronger encoder); used when it is the smallest. */
  deflated?: string;
}

const LIMIT_32 = 0xffffffff;

interface Written {
  nameBytes: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  dosTime: number;
  dosDate: number;
  directory: boolean;
}

function needsUtf8(name: string): boolean {
  return /[^\x20-\x7e]/.test(name);
}

function localHeader(w: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  header.writeUInt16LE(needsUtf8(w.nameBytes.toString('utf8')) ? 0x800 : 0, 6);
  header.writeUInt16LE(w.method, 8);
  header.writeUInt16LE(w.dosTime, 10);
  header.writeUInt16LE(w.dosDate, 12);
  header.writeUInt32LE(w.crc >>> 0, 14);
  header.writeUInt32LE(w.compressedSize, 18);
  header.writeUInt32LE(w.size, 22);
  header.writeUInt16LE(w.nameBytes.length, 26);
  header.writeUInt16LE(0, 28); // no extra field: ODF forbids one on `mimetype`, and elsewhere it only costs bytes
  return Buffer.concat([header, w.nameBytes]);
}

function centralHeader(w: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4); // made by: MS-DOS, 2.0 (attributes are DOS attributes)
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(needsUtf8(w.nameBytes.toString('utf8')) ? 0x800 : 0, 8);
  header.writeUInt16LE(w.method, 10);
  header.writeUInt16LE(w.dosTime, 12);
  header.writeUInt16LE(w.dosDate, 14);
  header.writeUInt32LE(w.crc >>> 0, 16);
  header.writeUInt32LE(w.compressedSize, 20);
  header.writeUInt32LE(w.size, 24);
  header.writeUInt16LE(w.nameBytes.length, 28);
  header.writeUInt32LE(w.directory ? 0x10 : 0, 38);
  header.writeUInt32LE(w.offset, 42);
  return Buffer.concat([header, w.nameBytes]);
}

/** Deflates `file` at level 9 into `target`, returning the CRC-32 of the raw bytes. */
async function deflateFile(file: string, target: string, signal: AbortSignal): Promise<number> {
  let crc = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
  });
  const deflate = createDeflateRaw({ level: 9, memLevel: 9, strategy: zlibConstants.Z_DEFAULT_STRATEGY });
  await pipeline(createReadStream(file), tap, deflate, createWriteStream(target), { signal });
  return crc >>> 0;
}

/**
 * Writes a zip with each member either deflated at the highest level or stored, whichever is smaller, in the given
 * order, without data descriptors or extra fields (classic format: the caps on input keep us far below 4 GiB).
 */
export async function writeZip(members: readonly ZipMember[], outFile: string, scratch: string, signal: AbortSignal): Promise<void> {
  if (members.length >= 0xffff) throw new EngineError('failed', 'Too many parts to write');
  const handle = await open(outFile, 'w');
  let offset = 0;
  const append = async (data: Buffer) => {
    await handle.write(data);
    offset += data.length;
  };
  const appendFile = async (file: string) => {
    for await (const chunk of createReadStream(file)) {
      await handle.write(chunk as Buffer);
      offset += (chunk as Buffer).length;
    }
  };
  const written: Written[] = [];
  try {
    for (const member of members) {
      if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
      const nameBytes = Buffer.from(member.name, 'utf8');
      const base = { nameBytes, offset, dosTime: member.dosTime, dosDate: member.dosDate };
      if (!member.file) {
        const w: Written = { ...base, method: 0, crc: 0, compressedSize: 0, size: 0, directory: true };
        written.push(w);
        await append(localHeader(w));
        continue;
      }
      const size = (await stat(member.file)).size;
      const crc = await deflateFile(member.file, scratch, signal);
      let source = member.file;
      let method = 0;
      let compressedSize = size;
      if (!member.forceStore) {
        const candidates = [scratch, ...(member.deflated ? [member.deflated] : [])];
        for (const candidate of candidates) {
          const deflatedSize = (await stat(candidate)).size;
          if (deflatedSize < compressedSize) [source, method, compressedSize] = [candidate, 8, deflatedSize];
        }
      }
      if (size > LIMIT_32 || offset + compressedSize > LIMIT_32) throw new EngineError('failed', 'The document is too large to rewrite');
      const w: Written = { ...base, method, crc, compressedSize, size, directory: false };
      written.push(w);
      await append(localHeader(w));
      await appendFile(source);
    }
    const centralStart = offset;
    for (const w of written) await append(centralHeader(w));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(offset - centralStart, 12);
    end.writeUInt32LE(centralStart, 16);
    await append(end);
  } finally {
    await handle.close();
    await rm(scratch, { force: true });
  }
}
