import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { EngineError } from '../../errors.js';
import { prepareInOrder } from '../concurrent.js';
import { encodeFile, fileData, type MemberData, smallest } from './encode.js';
import {
  centralHeader,
  endOfCentralDirectory,
  FLAG_UTF8,
  localHeader,
  METHOD_DEFLATE,
  METHOD_STORE,
  ZIP64_MARK_16,
  ZIP64_MARK_32,
  type ZipRecord,
} from './format.js';
import { IN_MEMORY_MEMBER } from './reader.js';

/** The header fields of a member; the writer adds where it goes and how its data is encoded. */
export type MemberHeader = Omit<ZipRecord, 'offset' | 'method' | 'compressedSize'>;

/**
 * Writes a zip member by member: local header (sizes known up front, so no data descriptors), the data, and at the
 * end the central directory in the same order. The classic format only: fewer than 65,535 members, under 4 GiB
 * (the unpack limits keep every archive we rewrite far below).
 */
export class ZipWriter {
  private readonly out: WriteStream;
  private offset = 0;
  private readonly records: ZipRecord[] = [];

  constructor(file: string) {
    this.out = createWriteStream(file);
  }

  private async write(buffer: Buffer): Promise<void> {
    this.offset += buffer.length;
    if (!this.out.write(buffer)) await once(this.out, 'drain');
  }

  async add(header: MemberHeader, data: MemberData, signal: AbortSignal): Promise<void> {
    if (
      this.records.length + 1 >= ZIP64_MARK_16 ||
      this.offset + data.compressedSize >= ZIP64_MARK_32 ||
      header.size >= ZIP64_MARK_32
    ) {
      throw new EngineError('failed', 'The file is too large to rewrite');
    }
    const record: ZipRecord = { ...header, method: data.method, compressedSize: data.compressedSize, offset: this.offset };
    this.records.push(record);
    await this.write(localHeader(record));
    for await (const chunk of await data.open()) {
      signal.throwIfAborted();
      await this.write(chunk as Buffer);
    }
  }

  async finish(comment: Buffer): Promise<void> {
    const start = this.offset;
    for (const record of this.records) await this.write(centralHeader(record));
    if (this.offset >= ZIP64_MARK_32) throw new EngineError('failed', 'The file is too large to rewrite');
    await this.write(endOfCentralDirectory(this.records.length, this.offset - start, start, comment));
    this.out.end();
    await once(this.out, 'finish');
  }

  /** Closes the file after a failure (the work folder is removed anyway). */
  abort(): void {
    this.out.destroy();
  }
}

/** One member of a new package: its bytes are in `file` (absent for a directory). */
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

/** Header of a member written from scratch: UTF-8 flag for non-ASCII names, DOS attributes, no extra fields. */
function freshHeader(member: ZipMember, crc32: number, size: number): MemberHeader {
  const nameRaw = Buffer.from(member.name, 'utf8');
  return {
    nameRaw,
    commentRaw: Buffer.alloc(0),
    versionMadeBy: 20,
    flags: /[^\x20-\x7e]/.test(member.name) ? FLAG_UTF8 : 0,
    dosTime: member.dosTime,
    dosDate: member.dosDate,
    crc32,
    size,
    internalAttributes: 0,
    // No extra field: ODF forbids one on `mimetype`, and elsewhere it only costs bytes.
    externalAttributes: member.file ? 0 : 0x10,
    localExtra: Buffer.alloc(0),
    centralExtra: Buffer.alloc(0),
  };
}

const EMPTY: MemberData = { method: METHOD_STORE, compressedSize: 0, open: async () => Readable.from([]) };

/** Members encoded ahead of the one being written: small parts wait on the file system more than on zlib. */
const ENCODED_AHEAD = 4;

/** A member as the writer writes it. */
type Encoded = { header: MemberHeader; data: MemberData };

/**
 * Writes a new zip of `members` in the given order, each stored, deflated at level 9 or deflated by the given
 * stronger encoder, whichever is smallest (on a tie, in that order). Small members are encoded in memory a few
 * ahead of the one being written; a large one when its turn comes, through the work file `scratch` (one at a time,
 * removed once its member is written).
 */
export async function writeZip(
  members: readonly ZipMember[],
  outFile: string,
  scratch: string,
  signal: AbortSignal,
): Promise<void> {
  const writer = new ZipWriter(outFile);
  const encode = async (member: ZipMember): Promise<Encoded> => {
    if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
    if (!member.file) return { header: freshHeader(member, 0, 0), data: EMPTY };
    const encoded = await encodeFile(member.file, scratch, signal, { storeOnly: member.forceStore });
    const stronger =
      member.deflated && !member.forceStore
        ? [fileData(METHOD_DEFLATE, member.deflated, (await stat(member.deflated)).size)]
        : [];
    const options = [encoded.stored, ...(encoded.deflated ? [encoded.deflated] : []), ...stronger];
    return { header: freshHeader(member, encoded.crc32, encoded.size), data: smallest(options) };
  };
  const ahead = async (member: ZipMember): Promise<Encoded | ZipMember> =>
    member.file && (await stat(member.file)).size > IN_MEMORY_MEMBER ? member : encode(member);
  try {
    await prepareInOrder(members, ENCODED_AHEAD, ahead, async (ready) => {
      const { header, data } = 'header' in ready ? ready : await encode(ready);
      await writer.add(header, data, signal);
      await rm(scratch, { force: true });
    });
    await writer.finish(Buffer.alloc(0));
  } catch (err) {
    writer.abort();
    throw err;
  } finally {
    await rm(scratch, { force: true });
  }
}
