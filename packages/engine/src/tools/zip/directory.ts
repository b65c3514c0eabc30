import type { FileHandle } from 'node:fs/promises';
import { EngineError } from '../../errors.js';
import { checkEntryCount } from '../unpack-limits.js';
import {
  CENTRAL_HEADER_SIZE,
  END_RECORD_SIZE,
  extraFields,
  FLAG_ENCRYPTED,
  METHOD_DEFLATE,
  METHOD_STORE,
  SIGNATURE,
  ZIP64_END_SIZE,
  ZIP64_EXTRA,
  ZIP64_LOCATOR_SIZE,
  ZIP64_MARK_16,
  ZIP64_MARK_32,
  type ZipRecord,
} from './format.js';
import { decodeText, memberName } from './names.js';

/**
 * One member as the central directory describes it (sizes and CRC there are authoritative, data descriptor or not);
 * `offset` is where its local header starts in the file, corrected for bytes before the archive.
 */
export interface ZipEntry extends Omit<ZipRecord, 'localExtra'> {
  /** Decoded name, '/' as separator. */
  name: string;
  comment: string;
  isDirectory: boolean;
  isEncrypted: boolean;
  /** Stored or deflated, and not encrypted: we can decode it. */
  canDecode: boolean;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  comment: Buffer;
  /** Where the central directory starts: no member's data may reach past it. */
  centralStart: number;
}

/** The reader's one answer to a file that is not a zip it can read (families word it for their users). */
export class ZipUnreadable extends EngineError {
  constructor(detail: string) {
    super('invalid-input', `The file is damaged or truncated: it is not a readable zip file (${detail})`);
  }
}

/** The end record may be followed by a comment of up to 64 KiB; like unzip and Python, we look that far back. */
const END_SEARCH_BYTES = END_RECORD_SIZE + 0xffff;
/** A central directory larger than this cannot belong to an archive within the limits. */
const MAX_DIRECTORY_BYTES = 256 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function uint64(buffer: Buffer, at: number): number {
  const value = buffer.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipUnreadable('a ZIP64 size is out of range');
  return Number(value);
}

interface EndRecord {
  /** Where the end record (or the ZIP64 end record before it) starts: the central directory ends there. */
  at: number;
  count: number;
  directorySize: number;
  directoryOffset: number;
  comment: Buffer;
}

/** The ZIP64 end record a locator just before `endAt` points to, or undefined when there is no locator. */
async function zip64End(handle: FileHandle, endAt: number, fileSize: number): Promise<Omit<EndRecord, 'comment'> | undefined> {
  if (endAt < ZIP64_LOCATOR_SIZE) return undefined;
  const locator = await readAt(handle, endAt - ZIP64_LOCATOR_SIZE, ZIP64_LOCATOR_SIZE);
  if (locator.readUInt32LE(0) !== SIGNATURE.zip64Locator) return undefined;
  // The locator's offset ignores bytes before the archive; the record sits right before the locator either way.
  const candidates = [uint64(locator, 8), endAt - ZIP64_LOCATOR_SIZE - ZIP64_END_SIZE];
  for (const at of candidates) {
    if (at < 0 || at + ZIP64_END_SIZE > fileSize) continue;
    const record = await readAt(handle, at, ZIP64_END_SIZE);
    if (record.readUInt32LE(0) !== SIGNATURE.zip64End) continue;
    if (record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0)
      throw new ZipUnreadable('multi-disk archives are not supported');
    return { at, count: uint64(record, 32), directorySize: uint64(record, 40), directoryOffset: uint64(record, 48) };
  }
  throw new ZipUnreadable('its ZIP64 end record is missing');
}

/** End records from the end of the file backwards: data after the record (trailing bytes) is allowed, as unzip does. */
async function* endRecords(handle: FileHandle, fileSize: number): AsyncGenerator<EndRecord> {
  const tailStart = Math.max(0, fileSize - END_SEARCH_BYTES);
  const tail = await readAt(handle, tailStart, fileSize - tailStart);
  for (let i = tail.length - END_RECORD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== SIGNATURE.end) continue;
    const commentLength = tail.readUInt16LE(i + 20);
    if (i + END_RECORD_SIZE + commentLength > tail.length) continue;
    const disk = tail.readUInt16LE(i + 4);
    const count = tail.readUInt16LE(i + 10);
    const directorySize = tail.readUInt32LE(i + 12);
    const directoryOffset = tail.readUInt32LE(i + 16);
    const comment = Buffer.from(tail.subarray(i + END_RECORD_SIZE, i + END_RECORD_SIZE + commentLength));
    const at = tailStart + i;
    const needs64 = count === ZIP64_MARK_16 || directorySize === ZIP64_MARK_32 || directoryOffset === ZIP64_MARK_32;
    const z64 = await zip64End(handle, at, fileSize);
    if (z64) {
      yield { ...z64, comment };
      continue;
    }
    if (needs64) continue;
    if (disk !== 0 && disk !== ZIP64_MARK_16) throw new ZipUnreadable('multi-disk archives are not supported');
    yield { at, count, directorySize, directoryOffset, comment };
  }
}

/**
 * Where the central directory really is: where the end record says, or right before the end record when bytes
 * were put before the archive (a self-extractor stub; every offset then shifts by the same amount). The answer is
 * the start and that shift, or undefined when neither place holds a directory.
 */
async function locateDirectory(handle: FileHandle, end: EndRecord): Promise<{ start: number; shift: number } | undefined> {
  if (end.directorySize > end.at || end.directorySize > MAX_DIRECTORY_BYTES) return undefined;
  if (end.count === 0) return end.directorySize === 0 ? { start: end.at, shift: end.at - end.directoryOffset } : undefined;
  const declared = end.directoryOffset;
  const implied = end.at - end.directorySize;
  for (const start of declared === implied ? [declared] : [declared, implied]) {
    if (start < 0 || start + end.directorySize > end.at) continue;
    const head = await readAt(handle, start, 4);
    if (head.length === 4 && head.readUInt32LE(0) === SIGNATURE.central) return { start, shift: start - declared };
  }
  return undefined;
}

function applyZip64(entry: ZipEntry, extra: Buffer): void {
  const field = extraFields(extra).find((f) => f.id === ZIP64_EXTRA);
  if (!field) return;
  // Only the fields whose 32-bit header value is the marker are present, in this order (APPNOTE 4.5.3).
  let at = 0;
  const next = () => {
    if (at + 8 > field.data.length) throw new ZipUnreadable(`member "${entry.name}" has a short ZIP64 field`);
    const value = uint64(field.data, at);
    at += 8;
    return value;
  };
  if (entry.size === ZIP64_MARK_32) entry.size = next();
  if (entry.compressedSize === ZIP64_MARK_32) entry.compressedSize = next();
  if (entry.offset === ZIP64_MARK_32) entry.offset = next();
}

function parseEntries(directory: Buffer, count: number, shift: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + CENTRAL_HEADER_SIZE > directory.length || directory.readUInt32LE(at) !== SIGNATURE.central) {
      throw new ZipUnreadable(`its central directory ends after ${n} of ${count} members`);
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (end > directory.length) throw new ZipUnreadable('its central directory is cut short');
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const nameRaw = Buffer.from(directory.subarray(at + 46, at + 46 + nameLength));
    const centralExtra = Buffer.from(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    const commentRaw = Buffer.from(directory.subarray(at + 46 + nameLength + extraLength, end));
    const name = memberName(nameRaw, flags, centralExtra);
    const isEncrypted = (flags & FLAG_ENCRYPTED) !== 0;
    const entry: ZipEntry = {
      name,
      nameRaw,
      comment: decodeText(commentRaw, flags),
      commentRaw,
      versionMadeBy: directory.readUInt16LE(at + 4),
      flags,
      method,
      dosTime: directory.readUInt16LE(at + 12),
      dosDate: directory.readUInt16LE(at + 14),
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      internalAttributes: directory.readUInt16LE(at + 36),
      externalAttributes: directory.readUInt32LE(at + 38),
      centralExtra,
      offset: directory.readUInt32LE(at + 42),
      isDirectory: name.endsWith('/'),
      isEncrypted,
      canDecode: !isEncrypted && (method === METHOD_STORE || method === METHOD_DEFLATE),
    };
    applyZip64(entry, centralExtra);
    entry.offset += shift;
    entries.push(entry);
    at = end;
  }
  return entries;
}

/**
 * Reads a zip's central directory the way unzip and Python do: the last end record whose directory is where it
 * says (or where bytes before the archive moved it), data after the end record ignored, ZIP64 records followed.
 * Members are found by their offsets, so gaps between them do not matter.
 */
export async function readDirectory(handle: FileHandle): Promise<ZipDirectory> {
  const fileSize = (await handle.stat()).size;
  if (fileSize < END_RECORD_SIZE) throw new ZipUnreadable('too short');
  let found = false;
  for await (const end of endRecords(handle, fileSize)) {
    found = true;
    const place = await locateDirectory(handle, end);
    if (!place) continue;
    checkEntryCount(end.count);
    const directory = await readAt(handle, place.start, end.directorySize);
    return { entries: parseEntries(directory, end.count, place.shift), comment: end.comment, centralStart: place.start };
  }
  throw new ZipUnreadable(
    found ? 'its central directory is not where its end record says' : 'no end of central directory record',
  );
}
