import { open } from 'node:fs/promises';

/** Everything the writer needs to record one member; header fields are copied from the original where they exist. */
export interface ZipRecord {
  nameRaw: Buffer;
  commentRaw: Buffer;
  versionMadeBy: number;
  flags: number;
  method: number;
  dosTime: number;
  dosDate: number;
  crc32: number;
  compressedSize: number;
  size: number;
  internalAttributes: number;
  externalAttributes: number;
  localExtra: Buffer;
  centralExtra: Buffer;
  offset: number;
}

const ZIP64_EXTRA = 0x0001;
/** Data descriptor: sizes follow the data. We always know them first, so the writer clears this flag. */
export const FLAG_DATA_DESCRIPTOR = 0x0008;

/**
 * Extra fields without the ZIP64 one: the writer stays below 4 GB and 65,535 members, so 32-bit sizes suffice and a
 * stale ZIP64 record would contradict them. Timestamps (UT, NTFS) and Unix owner fields are kept as they were.
 */
export function withoutZip64(extra: Buffer): Buffer {
  const kept: Buffer[] = [];
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    const end = Math.min(extra.length, at + 4 + size);
    if (id !== ZIP64_EXTRA) kept.push(extra.subarray(at, end));
    at = end;
  }
  return Buffer.concat(kept);
}

function versionNeeded(method: number): number {
  return method === 8 ? 20 : 10;
}

export function localHeader(r: ZipRecord): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(versionNeeded(r.method), 4);
  h.writeUInt16LE(r.flags, 6);
  h.writeUInt16LE(r.method, 8);
  h.writeUInt16LE(r.dosTime, 10);
  h.writeUInt16LE(r.dosDate, 12);
  h.writeUInt32LE(r.crc32 >>> 0, 14);
  h.writeUInt32LE(r.compressedSize, 18);
  h.writeUInt32LE(r.size, 22);
  h.writeUInt16LE(r.nameRaw.length, 26);
  h.writeUInt16LE(r.localExtra.length, 28);
  return Buffer.concat([h, r.nameRaw, r.localExtra]);
}

export function centralHeader(r: ZipRecord): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(r.versionMadeBy, 4);
  h.writeUInt16LE(versionNeeded(r.method), 6);
  h.writeUInt16LE(r.flags, 8);
  h.writeUInt16LE(r.method, 10);
  h.writeUInt16LE(r.dosTime, 12);
  h.writeUInt16LE(r.dosDate, 14);
  h.writeUInt32LE(r.crc32 >>> 0, 16);
  h.writeUInt32LE(r.compressedSize, 20);
  h.writeUInt32LE(r.size, 24);
  h.writeUInt16LE(r.nameRaw.length, 28);
  h.writeUInt16LE(r.centralExtra.length, 30);
  h.writeUInt16LE(r.commentRaw.length, 32);
  h.writeUInt16LE(0, 34);
  h.writeUInt16LE(r.internalAttributes, 36);
  h.writeUInt32LE(r.externalAttributes >>> 0, 38);
  h.writeUInt32LE(r.offset, 42);
  return Buffer.concat([h, r.nameRaw, r.centralExtra, r.commentRaw]);
}

export function endOfCentralDirectory(count: number, size: number, offset: number, comment: Buffer): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(offset, 16);
  h.writeUInt16LE(comment.length, 20);
  return Buffer.concat([h, comment]);
}

/** The archive comment's raw bytes (yauzl only gives it decoded), found the way readers find the end record. */
export async function readArchiveComment(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    for (let at = length - 22; at >= 0; at--) {
      if (tail.readUInt32LE(at) !== 0x06054b50) continue;
      const commentLength = tail.readUInt16LE(at + 20);
      if (at + 22 + commentLength === length) return Buffer.from(tail.subarray(at + 22));
    }
    return Buffer.alloc(0);
  } finally {
    await handle.close();
  }
}
