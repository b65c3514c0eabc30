import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { EngineError } from './errors.js';
import { readFileHead } from './tools/file-head.js';
import { zipPackageType } from './tools/zip/package-type.js';
import type { DetectedType, Family } from './types.js';

/** The family of each canonical extension the engine accepts. */
export const FAMILY_BY_EXT: Readonly<Record<string, Family>> = {
  jpg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  heic: 'image',
  bmp: 'image',
  tif: 'image',
  avif: 'image',
  pdf: 'pdf',
  docx: 'office',
  xlsx: 'office',
  pptx: 'office',
  odt: 'office',
  ods: 'office',
  odp: 'office',
  doc: 'office',
  xls: 'office',
  ppt: 'office',
  rtf: 'office',
  mp4: 'video',
  mov: 'video',
  avi: 'video',
  mkv: 'video',
  webm: 'video',
  wmv: 'video',
  flv: 'video',
  ogv: 'video',
  mp3: 'audio',
  aac: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  opus: 'audio',
  flac: 'audio',
  wav: 'audio',
  zip: 'archive',
  '7z': 'archive',
  rar: 'archive',
  txt: 'text',
  csv: 'text',
};

/** Other names of our canonical extensions: file-type's, and those files and packages use (image1.jpeg, photo.jpe). */
export const EXT_ALIASES: Readonly<Record<string, string>> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  tiff: 'tif',
  heif: 'heic',
  asf: 'wmv',
  oga: 'ogg',
  wave: 'wav',
  qt: 'mov',
  m4v: 'mp4',
};

/** The canonical extension of a file name or extension ("Photo.JPEG" → "jpg"). */
export function canonicalExt(nameOrExt: string): string {
  const raw = (nameOrExt.includes('.') ? path.extname(nameOrExt).slice(1) : nameOrExt).toLowerCase();
  return EXT_ALIASES[raw] ?? raw;
}

/** Old Office files are all Compound File containers; the stream names inside tell them apart. */
const CFB_STREAMS: Array<[string, string, string]> = [
  ['WordDocument', 'doc', 'application/msword'],
  ['Workbook', 'xls', 'application/vnd.ms-excel'],
  ['Book', 'xls', 'application/vnd.ms-excel'],
  ['PowerPoint Document', 'ppt', 'application/vnd.ms-powerpoint'],
];

async function cfbKind(file: string): Promise<[string, string] | undefined> {
  const handle = await open(file, 'r');
  try {
    // Directory entries hold UTF-16LE names; scan the file in bounded chunks.
    const needles = CFB_STREAMS.map(([name, ext, mime]) => ({ bytes: Buffer.from(`${name}\0`, 'utf16le'), ext, mime }));
    const chunk = Buffer.alloc(1024 * 1024);
    let position = 0;
    let carry = Buffer.alloc(0);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) return undefined;
      const window = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      for (const n of needles) if (window.includes(n.bytes)) return [n.ext, n.mime];
      carry = window.subarray(Math.max(0, window.length - 64));
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

async function hasTiffSignature(file: string): Promise<boolean> {
  const head = await readFileHead(file, 4);
  return head.equals(Buffer.from('49492a00', 'hex')) || head.equals(Buffer.from('4d4d002a', 'hex'));
}

/**
 * True when an Ogg file carries a Theora picture among its streams. file-type names an Ogg by its first stream only,
 * so a file whose sound comes first would pass for audio (and lose its picture). Every stream's first page comes
 * before any other page: those are read until the first page that starts no stream.
 */
async function oggHoldsTheora(file: string): Promise<boolean> {
  const head = await readFileHead(file, 64 * 1024);
  const theora = Buffer.from('\x80theora', 'latin1');
  let at = 0;
  while (at + 27 <= head.length && head.toString('latin1', at, at + 4) === 'OggS') {
    const startsStream = ((head[at + 5] ?? 0) & 0x02) !== 0;
    if (!startsStream) return false;
    const segments = head[at + 26] ?? 0;
    const payload = at + 27 + segments;
    if (head.subarray(payload, payload + theora.length).equals(theora)) return true;
    let length = 0;
    for (let i = 0; i < segments; i++) length += head[at + 27 + i] ?? 0;
    at = payload + length;
  }
  return false;
}

/** Plain text: valid UTF-8 without NUL bytes in its first 64 KiB. */
async function looksLikeText(file: string): Promise<boolean> {
  const sample = await readFileHead(file, 64 * 1024);
  if (sample.length === 0 || sample.includes(0)) return false;
  try {
    // stream: a multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The real type of a file from its content, never from its name. `nameHint` only chooses between types the
 * content cannot tell apart (plain text vs CSV). Throws EngineError('unsupported') for anything else.
 */
export async function detect(file: string, nameHint?: string): Promise<DetectedType> {
  const found = await fileTypeFromFile(file).catch((err: unknown) => {
    throw new EngineError('invalid-input', 'The file could not be read', undefined, { cause: err });
  });
  let ext = found ? canonicalExt(found.ext) : undefined;
  let mime = found?.mime ?? 'application/octet-stream';
  // A zip file-type could not walk to its end may still be an Office document: its central directory says.
  if (ext === 'zip') ({ ext, mime } = (await zipPackageType(file)) ?? { ext, mime });
  if (ext === 'cfb') {
    const kind = await cfbKind(file);
    if (!kind) throw new EngineError('unsupported', 'This Compound File is not a Word, Excel or PowerPoint document');
    [ext, mime] = kind;
  }
  // file-type follows a TIFF's first IFD to tell TIFF from camera raw formats; in a cut-off TIFF that IFD (written
  // last by most encoders) is gone and nothing is found. The signature still says TIFF: let the image family
  // decode it and report the damage as invalid input rather than calling the type unsupported.
  if (!ext && (await hasTiffSignature(file))) {
    ext = 'tif';
    mime = 'image/tiff';
  }
  if ((ext === 'ogg' || ext === 'opus') && (await oggHoldsTheora(file))) {
    ext = 'ogv';
    mime = 'video/ogg';
  }
  if (!ext && (await looksLikeText(file))) {
    const hinted = nameHint ? path.extname(nameHint).slice(1).toLowerCase() : '';
    ext = hinted === 'csv' ? 'csv' : 'txt';
    mime = ext === 'csv' ? 'text/csv' : 'text/plain';
  }
  const family = ext ? FAMILY_BY_EXT[ext] : undefined;
  if (!ext || !family) {
    throw new EngineError(
      'unsupported',
      found ? `Files of type ${found.ext.toUpperCase()} are not supported` : 'This file type is not supported',
    );
  }
  return { ext, mime, family };
}
