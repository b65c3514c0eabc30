import { describe, expect, it } from 'vitest';
import { CONVERTIBLE_EXTENSIONS, extensionForMime, mimeForExtension } from './mime.js';

/** Types browsers give, under any of their names, and the format each names (none for an unknown one). */
const FORMAT_OF = { 'image/pjpeg': 'jpg', 'Audio/X-M4A': 'm4a', 'text/csv; charset=utf-8': 'csv', 'video/ogg': 'ogv' };
/** Extensions (alias extensions, any case) and the type each format is sent as. */
const TYPE_OF = {
  jpg: 'image/jpeg',
  JPEG: 'image/jpeg',
  tiff: 'image/tiff',
  m4a: 'audio/mp4',
  '7z': 'application/x-7z-compressed',
};

describe('the MIME table', () => {
  it.each(Object.entries(FORMAT_OF))('names the format of %s: %s', (mime, ext) => expect(extensionForMime(mime)).toBe(ext));

  it.each(Object.entries(TYPE_OF))('sends %s as %s', (ext, mime) => expect(mimeForExtension(ext)).toBe(mime));

  it.each(['application/x-unknown', 'xyz', 'constructor', 'toString'])('knows nothing of %s', (name) => {
    expect(extensionForMime(name)).toBeUndefined();
    expect(mimeForExtension(name)).toBeUndefined();
  });

  it('maps every type back to the format it is sent as', () => {
    for (const ext of CONVERTIBLE_EXTENSIONS) {
      const mime = mimeForExtension(ext) as string;
      expect(mimeForExtension(extensionForMime(mime) as string)).toBe(mime);
    }
  });

  it('lists the converter inputs with their alias extensions beside them, and no stored-only format', () => {
    expect(CONVERTIBLE_EXTENSIONS.slice(13, 21)).toEqual(['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif', 'tif', 'tiff']);
    expect(CONVERTIBLE_EXTENSIONS.filter((ext) => ['zip', '7z', 'rar', 'ogv'].includes(ext))).toEqual([]);
  });
});
