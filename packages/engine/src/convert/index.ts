import { documentConverter } from './document.converter.js';
import { imageConverter } from './image.converter.js';
import { mediaConverter } from './media.converter.js';
import type { FamilyConverter } from './types.js';

/** Every conversion the engine does, by family; the first converter offering a pair does it. */
export const CONVERTERS: readonly FamilyConverter[] = [documentConverter, imageConverter, mediaConverter];

/** The targets for an input type (as `DetectedType.ext`), lower-case, in a stable order. */
export function conversionTargets(from: string): string[] {
  return [...new Set(CONVERTERS.flatMap((c) => c.targets(from)))];
}

/** The MIME types browsers give files, with the extension the engine calls that type. */
const EXT_BY_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'text/plain': 'txt',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
  'image/x-ms-bmp': 'bmp',
  'image/x-bmp': 'bmp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'video/avi': 'avi',
  'video/msvideo': 'avi',
  'video/x-matroska': 'mkv',
  'video/webm': 'webm',
  'video/x-ms-wmv': 'wmv',
  'video/x-ms-asf': 'wmv',
  'video/x-flv': 'flv',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/aac': 'aac',
  'audio/x-aac': 'aac',
  'audio/aacp': 'aac',
  'audio/ogg': 'ogg',
  'audio/vorbis': 'ogg',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/m4a': 'm4a',
  'audio/opus': 'opus',
};

/** The engine's name for a MIME type (parameters such as `; charset=…` ignored), or undefined. */
export function extensionForMime(mime: string): string | undefined {
  return EXT_BY_MIME[mime.split(';')[0]?.trim().toLowerCase() ?? ''];
}

export { configureSharedLibreOffice, LibreOfficeBridge, sharedLibreOffice } from './libreoffice-bridge.js';
export type { ConvertOptions, ConvertResult, FamilyConverter } from './types.js';
