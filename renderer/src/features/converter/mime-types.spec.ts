import { describe, expect, it } from 'vitest';
import { CONVERTER_EXTENSIONS, categoryOfMimeType, converterMimeType } from './mime-types';

describe('converterMimeType', () => {
  it('keeps a specific type the browser gives', () => {
    expect(converterMimeType({ name: 'a.png', type: 'image/png' })).toBe('image/png');
    expect(converterMimeType({ name: 'clip.mkv', type: 'video/x-matroska' })).toBe('video/x-matroska');
  });

  it('guesses from the extension, case-insensitively, when the type is empty or generic', () => {
    expect(converterMimeType({ name: 'IMG_0001.HEIC', type: '' })).toBe('image/heic');
    expect(converterMimeType({ name: 'song.m4a', type: 'application/octet-stream' })).toBe('audio/mp4');
    expect(converterMimeType({ name: 'deck.pptx', type: '' })).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(converterMimeType({ name: 'notes.txt', type: '' })).toBe('text/plain');
    expect(converterMimeType({ name: 'movie.mov', type: '' })).toBe('video/quicktime');
  });

  it('falls back to application/octet-stream for unknown or missing extensions', () => {
    expect(converterMimeType({ name: 'archive.xyz', type: '' })).toBe('application/octet-stream');
    expect(converterMimeType({ name: 'README', type: '' })).toBe('application/octet-stream');
    expect(converterMimeType({ name: '.heic', type: '' })).toBe('application/octet-stream');
  });

  it('knows every extension the brief lists', () => {
    const listed =
      'pdf doc docx odt rtf txt xls xlsx ods csv ppt pptx odp jpg jpeg png webp gif avif tif tiff bmp heic mp4 mov avi mkv webm wmv flv mp3 wav flac aac ogg m4a opus';
    expect([...CONVERTER_EXTENSIONS].sort()).toEqual(listed.split(' ').sort());
    for (const ext of CONVERTER_EXTENSIONS) {
      expect(converterMimeType({ name: `f.${ext}`, type: '' })).not.toBe('application/octet-stream');
    }
  });
});

describe('categoryOfMimeType', () => {
  const examples = {
    'image/heic': 'image',
    'video/mp4': 'video',
    'audio/mpeg': 'audio',
    'application/pdf': 'document',
    'application/octet-stream': 'document',
  };
  it.each(Object.entries(examples))('sorts %s into the four icons: %s', (type, category) => {
    expect(categoryOfMimeType(type)).toBe(category);
  });
});
