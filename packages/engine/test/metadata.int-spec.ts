import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../src/compress.js';
import { photoLikePixels } from '../src/families/image/image.test-support.js';

/** The XMP and IPTC tags exiftool reads back from a file, by group and name. */
async function rights(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)('exiftool', ['-j', '-G1', '-XMP:all', '-IPTC:all', file]);
  return (JSON.parse(stdout) as Record<string, unknown>[])[0] ?? {};
}

/** The tags exiftool reads back from a file, by name. */
async function tags(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)('exiftool', ['-j', '-n', '-EXIF:all', '-GPS:all', file]);
  return (JSON.parse(stdout) as Record<string, unknown>[])[0] ?? {};
}

describe('camera data', () => {
  let dir: string;
  let photo: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-metadata-'));
    photo = path.join(dir, 'camera.jpg');
    await sharp(photoLikePixels(1200, 900), { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg({ quality: 95 })
      .toFile(photo);
    await promisify(execFile)('exiftool', [
      '-q',
      '-overwrite_original',
      '-Make=Shrinkly Optics',
      '-Model=Test Camera 1',
      '-Copyright=© Ada Photographer',
      '-Artist=Ada Photographer',
      '-SerialNumber=SN-12345',
      '-GPSLatitude=55.7',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=12.5',
      '-GPSLongitudeRef=E',
      '-XMP-dc:Rights=© Ada Photographer 2026, all rights reserved',
      '-XMP-xmpRights:UsageTerms=Licensed to Shrinkly Weekly only',
      '-XMP-exif:GPSLatitude=55.7',
      '-XMP-dc:Subject=holiday at home',
      '-IPTC:CopyrightNotice=© Ada Photographer (IPTC)',
      '-IPTC:By-line=Ada Photographer',
      photo,
    ]);
    expect(await tags(photo)).toMatchObject({ Make: 'Shrinkly Optics', GPSLatitude: 55.7 });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('removes everything by default, and keeps the camera data and copyright without the location when asked', async () => {
    const stripped = await compress(photo, { level: 'balanced', tmpDir: dir });
    const none = await tags(stripped.output);
    for (const tag of ['Make', 'Copyright', 'Artist', 'GPSLatitude']) expect(none[tag], tag).toBeUndefined();
    expect(Object.keys(await rights(stripped.output)).filter((k) => /^(XMP|IPTC)/.test(k))).toEqual([]);

    const kept = await compress(photo, { level: 'balanced', metadata: 'camera', tmpDir: dir });
    expect(kept.compressedSize).toBeLessThan(kept.originalSize);
    const camera = await tags(kept.output);
    expect(camera).toMatchObject({
      Make: 'Shrinkly Optics',
      Model: 'Test Camera 1',
      Copyright: '© Ada Photographer',
      Artist: 'Ada Photographer',
      SerialNumber: 'SN-12345',
    });
    expect(camera.GPSLatitude).toBeUndefined();
    expect(camera.GPSLongitude).toBeUndefined();
    const xmp = await rights(kept.output);
    expect(xmp).toMatchObject({
      'XMP-dc:Rights': '© Ada Photographer 2026, all rights reserved',
      'XMP-xmpRights:UsageTerms': 'Licensed to Shrinkly Weekly only',
      'IPTC:CopyrightNotice': '© Ada Photographer (IPTC)',
      'IPTC:By-line': 'Ada Photographer',
    });
    // Rights only: no location and no keywords from the XMP.
    expect(xmp['XMP-exif:GPSLatitude']).toBeUndefined();
    expect(xmp['XMP-dc:Subject']).toBeUndefined();
    expect(kept.notes).toContain('Camera data and copyright kept, location removed');
    // The same pixels as without the tags: only metadata was written.
    const [a, b] = await Promise.all([stripped.output, kept.output].map((f) => sharp(f).raw().toBuffer()));
    expect(a?.equals(b as Buffer)).toBe(true);
  });
});
