import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX_LENGTH } from './constants.js';
import { renameFileRequestSchema } from './files.js';
import { cleanFileName, hasOnlyNameCharacters } from './names.js';

describe('the name rule', () => {
  it('accepts names in any script', () => {
    for (const name of ['日本語 ünïcødé.jpg', 'Привет мир.pdf', 'مرحبا.png', '🙂 smile.gif', 'a.b.c (1).docx']) {
      expect(hasOnlyNameCharacters(name), name).toBe(true);
      expect(cleanFileName(name, FILE_NAME_MAX_LENGTH)).toBe(name);
    }
  });

  it('refuses typed names with line breaks, controls, slashes or direction marks', () => {
    for (const name of [
      'a\r\nb.txt',
      'tab\there',
      'nul\u0000',
      'c1\u0085',
      'evil\u202Egpj.exe',
      'iso\u2066late',
      'dir/name',
      'back\\slash',
    ]) {
      const parsed = renameFileRequestSchema.safeParse({ name });
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/must not contain/);
    }
    expect(renameFileRequestSchema.parse({ name: '  日本語.jpg ' }).name).toBe('日本語.jpg');
  });

  it('cleans the names files arrive with, and only what the rule forbids', () => {
    expect(cleanFileName('evil\u202Egpj.exe', 255)).toBe('evilgpj.exe');
    expect(cleanFileName('line\r\nbreak.jpg', 255)).toBe('line__break.jpg');
    expect(cleanFileName('a/b\\c.png', 255)).toBe('a_b_c.png');
    expect(cleanFileName('  \u200e ', 255)).toBe('file');
    // Decomposed (as macOS names files) becomes composed.
    expect(cleanFileName('u\u0308.jpg', 255)).toBe('ü.jpg');
  });

  it('cuts a long name before its extension, never inside a character', () => {
    const cut = cleanFileName(`${'🙂'.repeat(200)}.jpeg`, 255);
    expect(cut.length).toBeLessThanOrEqual(255);
    expect(cut.endsWith('🙂.jpeg')).toBe(true);
    expect(hasOnlyNameCharacters(cut)).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
