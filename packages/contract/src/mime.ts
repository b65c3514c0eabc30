/**
 * File formats by the name the engine gives them (`DetectedType.ext`: `jpg`, `tif`, `ogv`) and their MIME types:
 * first the type the service sends the format as, then other names browsers give it. One table for the server's
 * Content-Type, the engine's reading of an upload's type and the converter page's guess for a file the browser
 * names no type for.
 */
type MimeTable = Readonly<Record<string, readonly [string, ...string[]]>>;

/** Formats the converter takes, in the order its file picker lists them. */
const CONVERTIBLE: MimeTable = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  odt: ['application/vnd.oasis.opendocument.text'],
  rtf: ['application/rtf', 'text/rtf'],
  txt: ['text/plain'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  csv: ['text/csv', 'application/csv'],
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  jpg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
  webp: ['image/webp'],
  gif: ['image/gif'],
  avif: ['image/avif'],
  tif: ['image/tiff'],
  bmp: ['image/bmp', 'image/x-ms-bmp', 'image/x-bmp'],
  heic: ['image/heic', 'image/heif', 'image/heic-sequence'],
  mp4: ['video/mp4'],
  mov: ['video/quicktime'],
  avi: ['video/x-msvideo', 'video/avi', 'video/msvideo'],
  mkv: ['video/x-matroska'],
  webm: ['video/webm'],
  wmv: ['video/x-ms-wmv', 'video/x-ms-asf'],
  flv: ['video/x-flv'],
  mp3: ['audio/mpeg', 'audio/mp3'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  flac: ['audio/flac', 'audio/x-flac'],
  aac: ['audio/aac', 'audio/x-aac', 'audio/aacp'],
  ogg: ['audio/ogg', 'audio/vorbis'],
  m4a: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'],
  opus: ['audio/opus'],
};

/** Formats the service stores and sends that the converter does not take. */
const STORED_ONLY: MimeTable = {
  zip: ['application/zip'],
  '7z': ['application/x-7z-compressed'],
  rar: ['application/vnd.rar'],
  ogv: ['video/ogg'],
};

/** Other extensions files of a format are saved under, with the engine's name for the format. */
const EXTENSION_ALIASES: Readonly<Record<string, string>> = { jpeg: 'jpg', tiff: 'tif' };

const MIMES_BY_FORMAT: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({ ...CONVERTIBLE, ...STORED_ONLY }));

const FORMAT_BY_MIME: ReadonlyMap<string, string> = new Map(
  [...MIMES_BY_FORMAT].flatMap(([format, mimes]) => mimes.map((mime) => [mime, format] as const)),
);

/** The extensions the converter takes (aliases such as `jpeg` included), in the order its file picker lists them. */
export const CONVERTIBLE_EXTENSIONS: readonly string[] = Object.keys(CONVERTIBLE).flatMap((format) => [
  format,
  ...Object.keys(EXTENSION_ALIASES).filter((alias) => EXTENSION_ALIASES[alias] === format),
]);

/** The MIME type a format is sent as (`jpeg` and other alias extensions too; case-insensitive), or undefined. */
export function mimeForExtension(ext: string): string | undefined {
  const lower = ext.toLowerCase();
  return MIMES_BY_FORMAT.get(Object.hasOwn(EXTENSION_ALIASES, lower) ? (EXTENSION_ALIASES[lower] as string) : lower)?.[0];
}

/** The engine's name for a MIME type (parameters such as `; charset=…` ignored, case-insensitive), or undefined. */
export function extensionForMime(mime: string): string | undefined {
  return FORMAT_BY_MIME.get(mime.split(';')[0]?.trim().toLowerCase() ?? '');
}
