import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalExt, detect, EXT_ALIASES, FAMILY_BY_EXT } from './detect.js';
import { EngineError } from './errors.js';

describe('detect', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'detect-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const pixel = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } });

  it('reads the type from the content, whatever the name says', async () => {
    const png = path.join(dir, 'photo.jpg');
    await pixel().png().toFile(png);
    expect(await detect(png, 'photo.jpg')).toEqual({ ext: 'png', mime: 'image/png', family: 'image' });
    const jpg = path.join(dir, 'x.bin');
    await pixel().jpeg().toFile(jpg);
    expect(await detect(jpg)).toMatchObject({ ext: 'jpg', family: 'image' });
  });

  it('treats a text file renamed .png as text', async () => {
    const file = path.join(dir, 'fake.png');
    await writeFile(file, 'just some words, not a picture\n');
    expect(await detect(file, 'fake.png')).toMatchObject({ ext: 'txt', family: 'text' });
  });

  it('uses the name only to tell CSV from plain text', async () => {
    const file = path.join(dir, 'table');
    await writeFile(file, 'a,b\n1,2\n');
    expect((await detect(file, 'table.csv')).ext).toBe('csv');
    expect((await detect(file, 'table.txt')).ext).toBe('txt');
  });

  /** An Ogg page that starts a stream, holding one packet. */
  const oggFirstPage = (serial: number, packet: Buffer) => {
    const header = Buffer.alloc(27);
    header.write('OggS', 0, 'latin1');
    header[5] = 0x02;
    header.writeUInt32LE(serial, 14);
    header[26] = 1;
    return Buffer.concat([header, Buffer.from([packet.length]), packet]);
  };
  const vorbis = Buffer.concat([Buffer.from('\x01vorbis', 'latin1'), Buffer.alloc(23)]);
  const theora = Buffer.concat([Buffer.from('\x80theora', 'latin1'), Buffer.alloc(35)]);

  it('takes an Ogg with a Theora stream for video, even when its sound comes first', async () => {
    const file = path.join(dir, 'clip.ogg');
    await writeFile(file, Buffer.concat([oggFirstPage(1, vorbis), oggFirstPage(2, theora)]));
    expect(await detect(file, 'clip.ogg')).toEqual({ ext: 'ogv', mime: 'video/ogg', family: 'video' });
    await writeFile(file, Buffer.concat([oggFirstPage(2, theora), oggFirstPage(1, vorbis)]));
    expect(await detect(file, 'clip.ogg')).toEqual({ ext: 'ogv', mime: 'video/ogg', family: 'video' });
    await writeFile(file, oggFirstPage(1, vorbis));
    expect(await detect(file, 'clip.ogg')).toMatchObject({ ext: 'ogg', family: 'audio' });
  });

  it('refuses binary content it does not know', async () => {
    const file = path.join(dir, 'noise.png');
    await writeFile(file, Buffer.from([0, 1, 2, 3, 0, 255, 254, 0, 7, 9, 0, 0, 1]));
    await expect(detect(file)).rejects.toMatchObject({ kind: 'unsupported' });
    await expect(detect(file)).rejects.toBeInstanceOf(EngineError);
  });
});

describe('the type registry', () => {
  it('gives every format a family compresses to that family, and knows every alias', async () => {
    const { FAMILIES } = await import('./families/index.js');
    for (const family of FAMILIES) for (const ext of family.formats) expect(FAMILY_BY_EXT[ext], ext).toBe(family.family);
    const compressed = new Set(FAMILIES.flatMap((f) => f.formats));
    // Text and RTF are read for conversion only; everything else the detector names, a family compresses.
    const convertedOnly = new Set(['rtf']);
    const orphans = Object.entries(FAMILY_BY_EXT).filter(
      ([ext, family]) => family !== 'text' && !convertedOnly.has(ext) && !compressed.has(ext),
    );
    expect(orphans).toEqual([]);
    expect(canonicalExt('Photo.JPEG')).toBe('jpg');
    expect(canonicalExt('jpe')).toBe('jpg');
    expect(canonicalExt('clip.m4v')).toBe('mp4');
    for (const target of Object.values(EXT_ALIASES)) expect(FAMILY_BY_EXT[target], target).toBeDefined();
  });
});
