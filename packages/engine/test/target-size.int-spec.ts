import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompressionLevel } from '@shrinkly/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../src/compress.js';
import { photoLikePixels } from '../src/families/image/image.test-support.js';
import { runProcess } from '../src/process/run-process.js';

const LEVELS: CompressionLevel[] = ['light', 'balanced', 'maximum'];

describe('target size', () => {
  let dir: string;
  const files: Record<'photo' | 'song', string> = { photo: '', song: '' };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-target-'));
    files.photo = path.join(dir, 'photo.jpg');
    await sharp(photoLikePixels(1024, 768), { raw: { width: 1024, height: 768, channels: 3 } })
      .jpeg({ quality: 97 })
      .toFile(files.photo);
    // A song at 320 kb/s: each level's bitrate is lower (audio is compressed level by level, not by one search).
    files.song = path.join(dir, 'song.mp3');
    const tone = 'sine=f=440:sample_rate=44100:d=8';
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', tone, '-ac', '2', '-b:a', '320k', files.song]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(['photo', 'song'] as const)(
    '%s: the best quality at or under the target, down to the level asked for',
    async (name) => {
      const input = files[name];
      const original = (await stat(input)).size;
      const sizes = {} as Record<CompressionLevel, number>;
      for (const level of LEVELS) sizes[level] = (await compress(input, { level, tmpDir: dir })).compressedSize;
      expect(sizes.maximum).toBeLessThan(sizes.light);

      // Between maximum and light: the lightest level that fits, which is at or under the target.
      const between = Math.floor((sizes.maximum + sizes.light) / 2);
      const fitting = LEVELS.find((l) => sizes[l] <= between) as CompressionLevel;
      const met = await compress(input, { level: 'maximum', targetBytes: between, tmpDir: dir });
      expect(met.target).toEqual({ bytes: between, met: true, level: fitting });
      expect(met.compressedSize).toBe(sizes[fitting]);
      expect((await stat(met.output)).size).toBeLessThanOrEqual(between);
      expect(met.notes[0]).toMatch(/^Under \d+KB at the \w+ level, the best quality that fits$/);

      // The level asked for is the lowest quality accepted: light cannot reach it, and says so with light's result.
      const unmet = await compress(input, { level: 'light', targetBytes: sizes.light - 1, tmpDir: dir });
      expect(unmet.target).toEqual({ bytes: sizes.light - 1, met: false, level: 'light' });
      expect(unmet.compressedSize).toBe(sizes.light);
      expect(unmet.notes[0]).toMatch(/^Could not get under \d+KB while keeping the light level's quality/);

      // A file already under the target is kept as it is.
      const kept = await compress(input, { level: 'balanced', targetBytes: original, tmpDir: dir });
      expect(kept).toMatchObject({ unchanged: true, output: input, target: { bytes: original, met: true, level: 'original' } });
    },
  );
});
