/**
 * The zip format's records (APPNOTE.TXT 6.3.10, sections 4.3 and 4.4): signatures, flags, and the headers our writer
 * emits. The reader parses the same records in directory.ts.
 */

export const SIGNATURE = {
  local: 0x04034b50,
  central: 0x02014b50,
  end: 0x06054b50,
  zip64End: 0x06064b50,
  zip64Locator: 0x07064b50,
} as const;

export const FLAG_ENCRYPTED = 0x0001;
/** Sizes and CRC follow the data (streamed writers). Our writer always knows them first, so it clears this flag. */
export const FLAG_DATA_DESCRIPTOR = 0x0008;
/** Name and comment are UTF-8 (otherwise code page 437). */
export const FLAG_UTF8 = 0x0800;

export const METHOD_STORE = 0;
export const METHOD_DEFLATE = 8;

/** A 32-bit field holding this (or a 16-bit one holding 0xffff) means "see the ZIP64 record". */
export const ZIP64_MARK_32 = 0xffffffff;
export const ZIP64_MARK_16 = 0xffff;
export const ZIP64_EXTRA = 0x0001;
/** Info-ZIP's Unicode Path extra field: a UTF-8 name for a member whose header name is in code page 437. */
export const UNICODE_PATH_EXTRA = 0x7075;

export const LOCAL_HEADER_SIZE = 30;
export const CENTRAL_HEADER_SIZE = 46;
export const END_RECORD_SIZE = 22;
export const ZIP64_LOCATOR_SIZE = 20;
export const ZIP64_END_SIZE = 56;

/** Everything the writer records for one member; header fields are copied from an original where there is one. */
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

/** One extra field: its id and data. */
export interface ExtraField {
  id: number;
  data: Buffer;
}

/** The extra fields of a header, in order; a field that overruns the block ends the list. */
export function extraFields(extra: Buffer): ExtraField[] {
  const fields: ExtraField[] = [];
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (at + 4 + size > extra.length) break;
    fields.push({ id, data: extra.subarray(at + 4, at + 4 + size) });
    at += 4 + size;
  }
  return fields;
}

/**
 * Extra fields without the ZIP64 one: the writer stays below 4 GB and 65,535 members, so 32-bit sizes suffice and a
 * stale ZIP64 record would contradict them. Timestamps (UT, NTFS) and Unix owner fields are kept as they were.
 */
export function withoutZip64(extra: Buffer): Buffer {
  const kept = extraFields(extra).filter((f) => f.id !== ZIP64_EXTRA);
  return Buffer.concat(
    kept.map((f) => {
      const head = Buffer.alloc(4);
      head.writeUInt16LE(f.id, 0);
      head.writeUInt16LE(f.data.length, 2);
      return Buffer.concat([head, f.data]);
    }),
  );
}

function versionNeeded(method: number): number {
  return method === METHOD_DEFLATE ? 20 : 10;
}

/** The fields local and central headers share, in the same order: method, time, date, CRC, sizes, name length. */
function writeSharedFields(h: Buffer, r: ZipRecord, at: number): void {
  h.writeUInt16LE(r.method, at);
  h.writeUInt16LE(r.dosTime, at + 2);
  h.writeUInt16LE(r.dosDate, at + 4);
  h.writeUInt32LE(r.crc32 >>> 0, at + 6);
  h.writeUInt32LE(r.compressedSize, at + 10);
  h.writeUInt32LE(r.size, at + 14);
  h.writeUInt16LE(r.nameRaw.length, at + 18);
}

export function localHeader(r: ZipRecord): Buffer {
  const h = Buffer.alloc(LOCAL_HEADER_SIZE);
  h.writeUInt32LE(SIGNATURE.local, 0);
  h.writeUInt16LE(versionNeeded(r.method), 4);
  h.writeUInt16LE(r.flags, 6);
  writeSharedFields(h, r, 8);
  h.writeUInt16LE(r.localExtra.length, 28);
  return Buffer.concat([h, r.nameRaw, r.localExtra]);
}

export function centralHeader(r: ZipRecord): Buffer {
  const h = Buffer.alloc(CENTRAL_HEADER_SIZE);
  h.writeUInt32LE(SIGNATURE.central, 0);
  h.writeUInt16LE(r.versionMadeBy, 4);
  h.writeUInt16LE(versionNeeded(r.method), 6);
  h.writeUInt16LE(r.flags, 8);
  writeSharedFields(h, r, 10);
  h.writeUInt16LE(r.centralExtra.length, 30);
  h.writeUInt16LE(r.commentRaw.length, 32);
  h.writeUInt16LE(0, 34);
  h.writeUInt16LE(r.internalAttributes, 36);
  h.writeUInt32LE(r.externalAttributes >>> 0, 38);
  h.writeUInt32LE(r.offset, 42);
  return Buffer.concat([h, r.nameRaw, r.centralExtra, r.commentRaw]);
}

export function endOfCentralDirectory(count: number, size: number, offset: number, comment: Buffer): Buffer {
  const h = Buffer.alloc(END_RECORD_SIZE);
  h.writeUInt32LE(SIGNATURE.end, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(offset, 16);
  h.writeUInt16LE(comment.length, 20);
  return Buffer.concat([h, comment]);
}
