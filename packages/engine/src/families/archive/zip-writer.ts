import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { type ZipRecord, centralHeader, endOfCentralDirectory, localHeader } from './zip-format.js';

/** Compressed or stored data for one member, already in its final encoding. */
export interface MemberData {
  method: number;
  compressedSize: number;
  open: () => Promise<Readable>;
}

/**
 * Writes a zip member by member: local header (sizes known up front, so no data descriptors), the data, and at the
 * end the central directory in the same order. Headers carry the original's fields (times, attributes, extra
 * fields, comments), so only the data and its sizes change.
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

  async add(record: Omit<ZipRecord, 'offset' | 'method' | 'compressedSize'>, data: MemberData, signal: AbortSignal): Promise<void> {
    const full: ZipRecord = { ...record, method: data.method, compressedSize: data.compressedSize, offset: this.offset };
    this.records.push(full);
    await this.write(localHeader(full));
    const stream = await data.open();
    for await (const chunk of stream) {
      signal.throwIfAborted();
      await this.write(chunk as Buffer);
    }
  }

  async finish(comment: Buffer): Promise<void> {
    const start = this.offset;
    for (const record of this.records) await this.write(centralHeader(record));
    await this.write(endOfCentralDirectory(this.records.length, this.offset - start, start, comment));
    this.out.end();
    await once(this.out, 'finish');
  }

  /** Closes the file after a failure (the work folder is removed anyway). */
  abort(): void {
    this.out.destroy();
  }
}

/** Deflates `file` at level 9 into `dest` and returns the compressed size. */
export async function deflateFile(file: string, dest: string, signal: AbortSignal): Promise<number> {
  await pipeline(createReadStream(file), createDeflateRaw({ level: 9, memLevel: 9, strategy: zlibConstants.Z_DEFAULT_STRATEGY }), createWriteStream(dest), { signal });
  return (await stat(dest)).size;
}

/** Deflate gains nothing on JPEG, PNG, MP4, ...: a 256 KiB sample that does not shrink by 1 % skips the full pass. */
export async function looksIncompressible(file: string, size: number): Promise<boolean> {
  if (size < 4096) return false;
  const sample = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    createReadStream(file, { start: 0, end: Math.min(size, 256 * 1024) - 1 })
      .on('data', (c) => chunks.push(c as Buffer))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
  return deflateRawSync(sample, { level: 6 }).length >= sample.length * 0.99;
}
