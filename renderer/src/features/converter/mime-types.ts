import { CONVERTIBLE_EXTENSIONS, mimeForExtension } from '@shrinkly/contract';
import { extensionOf } from '../../components/drop-zone/accepted-types';

/**
 * The MIME type the formats lookup is asked about. Browsers leave `File.type` empty (HEIC, MKV on some systems) or
 * generic (`application/octet-stream`) for many files the server can convert, so the extension fills the gap.
 */

/** The extensions the file picker offers: the contract's convertible formats, in its order. */
export const CONVERTER_EXTENSIONS: readonly string[] = CONVERTIBLE_EXTENSIONS;

/** What a browser says when it does not know the type. */
const GENERIC_TYPES: ReadonlySet<string> = new Set(['', 'application/octet-stream']);

const FALLBACK_TYPE = 'application/octet-stream';

/** The browser's type when it is specific; else the one guessed from the extension; else application/octet-stream. */
export function converterMimeType(file: Pick<File, 'name' | 'type'>): string {
  const given = file.type.trim().toLowerCase();
  if (!GENERIC_TYPES.has(given)) return given;
  return mimeForExtension(extensionOf(file.name)) ?? FALLBACK_TYPE;
}

/** The four kinds of file the converter handles; anything not image, video or audio counts as a document. */
export type ConverterCategory = 'document' | 'image' | 'video' | 'audio';

export function categoryOfMimeType(mimeType: string): ConverterCategory {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}
