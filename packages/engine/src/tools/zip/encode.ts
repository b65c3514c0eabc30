import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw, deflateRaw, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import { METHOD_DEFLATE, METHOD_STORE } from './format.js';
import { crcMeter } from './members.js';
import { IN_MEMORY_MEMBER } from './reader.js';

const deflateRawBuffer = promisify(deflateRaw);
/** zlib's strongest settings; a stream and a buffer deflated with them give the same bytes. */
const LEVEL_9 = { level: 9, memLevel: 9, strategy: zlibConstants.Z_DEFAULT_STRATEGY };

/** One member's data in its final encoding, ready to be copied into the archive. */
export interface MemberData {
  method: number;
  compressedSize: number;
  open: () => Promise<Readable>;
}

/** A file's bytes as they are: read in one piece when small (a stream per member costs more than the work itself). */
export function fileData(method: number, file: string, size: number): MemberData {
  const open = async () => (size <= IN_MEMORY_MEMBER ? Readable.from([await readFile(file)]) : createReadStream(file));
  return { method, compressedSize: size, open };
}

function bufferData(method: number, bytes: Buffer): MemberData {
  return { method, compressedSize: bytes.length, open: async () => Readable.from([bytes]) };
}

/** Deflates `file` at level 9 into `dest`; returns the deflated size and the CRC-32 of the original bytes. */
export async function deflateFile(
  file: string,
  dest: string,
  signal: AbortSignal,
): Promise<{ compressedSize: number; crc32: number }> {
  const meter = crcMeter();
  const deflate = createDeflateRaw(LEVEL_9);
  await pipeline(createReadStream(file), meter, deflate, createWriteStream(dest), { signal });
  return { compressedSize: (await stat(dest)).size, crc32: meter.crc() };
}

export async function fileCrc(file: string, signal: AbortSignal): Promise<number> {
  const meter = crcMeter();
  await pipeline(
    createReadStream(file),
    meter,
    async (source: AsyncIterable<Buffer>) => {
      for await (const _chunk of source) {
        // drain: the meter computes as bytes pass
      }
    },
    { signal },
  );
  return meter.crc();
}

const SAMPLE_BYTES = 256 * 1024;

/** Deflate gains nothing on JPEG, PNG, MP4, ...: a 256 KiB sample that does not shrink by 1 % skips the full pass. */
export async function looksIncompressible(file: string, size: number): Promise<boolean> {
  if (size < 4096) return false;
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file, { start: 0, end: Math.min(size, SAMPLE_BYTES) - 1 }))
    chunks.push(chunk as Buffer);
  return incompressibleSample(Buffer.concat(chunks));
}

function incompressibleSample(bytes: Buffer): boolean {
  if (bytes.length < 4096) return false;
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  return deflateRawSync(sample, { level: 6 }).length >= sample.length * 0.99;
}

export interface Encodings {
  crc32: number;
  size: number;
  stored: MemberData;
  /** zlib's deflate at level 9, when it was tried. */
  deflated?: MemberData;
}

/**
 * The ways to store a file's bytes: zlib's deflate at level 9 (a large file's written to `scratch`) and stored. `skipIncompressible`
 * leaves deflate out when a sample shows it cannot gain (media); `storeOnly` for members readers require stored.
 */
export async function encodeFile(
  file: string,
  scratch: string,
  signal: AbortSignal,
  options: { skipIncompressible?: boolean; storeOnly?: boolean } = {},
): Promise<Encodings> {
  const size = (await stat(file)).size;
  if (size <= IN_MEMORY_MEMBER) return encodeInMemory(await readFile(file, { signal }), options);
  const stored = fileData(METHOD_STORE, file, size);
  if (options.storeOnly || (options.skipIncompressible && (await looksIncompressible(file, size)))) {
    return { crc32: await fileCrc(file, signal), size, stored };
  }
  const deflated = await deflateFile(file, scratch, signal);
  return { crc32: deflated.crc32, size, stored, deflated: fileData(METHOD_DEFLATE, scratch, deflated.compressedSize) };
}

/** `encodeFile` for a small file's bytes: the same choices, without a stream or a scratch file. */
async function encodeInMemory(bytes: Buffer, options: { skipIncompressible?: boolean; storeOnly?: boolean }): Promise<Encodings> {
  const encodings = { crc32: crc32(bytes) >>> 0, size: bytes.length, stored: bufferData(METHOD_STORE, bytes) };
  if (options.storeOnly || (options.skipIncompressible && incompressibleSample(bytes))) return encodings;
  return { ...encodings, deflated: bufferData(METHOD_DEFLATE, await deflateRawBuffer(bytes, LEVEL_9)) };
}

/** The smallest encoding; on a tie the earlier one (callers list the original's own first). */
export function smallest(options: readonly MemberData[]): MemberData {
  const best = options.reduce<MemberData | undefined>((a, b) => (a && a.compressedSize <= b.compressedSize ? a : b), undefined);
  if (!best) throw new Error('no encoding to choose from');
  return best;
}
