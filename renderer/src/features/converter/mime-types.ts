import { extensionOf } from '../../components/drop-zone/accepted-types';

/**
 * The MIME type the formats lookup is asked about. Browsers leave `File.type` empty (HEIC, MKV on some systems) or
 * generic (`application/octet-stream`) for many files the server can convert, so the extension fills the gap.
 */

/** The converter's known extensions and their MIME types (the same names the server uses). */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  txt: 'text/plain',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  csv: 'text/csv',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  heic: 'image/heic',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  opus: 'audio/opus',
};

/** The extensions the file picker offers, in the order above. */
export const CONVERTER_EXTENSIONS: readonly string[] = Object.keys(MIME_BY_EXTENSION);

/** What a browser says when it does not know the type. */
const GENERIC_TYPES: ReadonlySet<string> = new Set(['', 'application/octet-stream']);

const FALLBACK_TYPE = 'application/octet-stream';

/** The browser's type when it is specific; else the one guessed from the extension; else application/octet-stream. */
export function converterMimeType(file: Pick<File, 'name' | 'type'>): string {
  const given = file.type.trim().toLowerCase();
  if (!GENERIC_TYPES.has(given)) return given;
  return MIME_BY_EXTENSION[extensionOf(file.name)] ?? FALLBACK_TYPE;
}

/** The four kinds of file the converter handles; anything not image, video or audio counts as a document. */
export type ConverterCategory = 'document' | 'image' | 'video' | 'audio';

export function categoryOfMimeType(mimeType: string): ConverterCategory {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}
