import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { detect } from '../../detect.js';
import { runProcess } from '../../process/run-process.js';
import type { CompressionLevel } from '../../types.js';
import { LEVELS, ffmpeg } from '../../tools/media/media.test-support.js';
import { videoFamily } from './video.family.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../../bin/shrinkly.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../../../dist/cli.js', import.meta.url)));

/** Hard stretches (moving noise) between calm ones, with sound the levels re-encode differently. */
const NOISY_STRETCHES = (size: string, seconds: number) => [
  '-f', 'lavfi', '-i', `testsrc2=s=${size}:r=25:d=${seconds},noise=alls=4:allf=t:enable='between(t,1,3)+between(t,5,7)'`,
  '-f', 'lavfi', '-i', `sine=f=300:d=${seconds}:sample_rate=44100`, '-filter_complex', '[1:a]aformat=channel_layouts=stereo[a]', '-map', '0:v', '-map', '[a]',
];

let dir: string;
const fixture = (name: string) => path.join(dir, name);
const FIXTURES = ['stretches.wmv', 'stretches.mp4', 'stretches.ogv'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'video-levels-'));
  await ffmpeg([...NOISY_STRETCHES('320x240', 8), '-c:v', 'wmv2', '-q:v', '2', '-c:a', 'wmav2', '-b:a', '256k', fixture('stretches.wmv')]);
  await ffmpeg([...NOISY_STRETCHES('320x240', 8), '-c:v', 'libx264', '-crf', '8', '-c:a', 'aac', '-b:a', '256k', fixture('stretches.mp4')]);
  await ffmpeg([...NOISY_STRETCHES('320x240', 6), '-c:v', 'libtheora', '-q:v', '10', '-c:a', 'libvorbis', '-b:a', '256k', fixture('stretches.ogv')]);
}, 120_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** The result of one `shrinkly compress` process: its bytes. */
async function compressInProcess(file: string, level: CompressionLevel): Promise<Buffer> {
  const out = await mkdtemp(path.join(dir, `cli-${level}-`));
  await run(process.execPath, [cli, 'compress', '--level', level, '--out', out, file], { maxBuffer: 16 * 1024 * 1024 });
  const [name] = await readdir(out);
  const bytes = await readFile(path.join(out, name!));
  await rm(out, { recursive: true, force: true });
  return bytes;
}

// The corpus goes through the same check for every family in test/ladder.int-spec.ts (balanced repeated there).
describe.runIf(built)('video levels across separate calls', () => {
  it.each(FIXTURES)('%s: one process per level gives maximum ≤ balanced ≤ light, and a level called again gives the same bytes', async (name) => {
    const sizes = {} as Record<CompressionLevel, number>;
    for (const level of LEVELS) {
      const first = await compressInProcess(fixture(name), level);
      const again = await compressInProcess(fixture(name), level);
      expect(again.equals(first), `${name} ${level}: same bytes on a second call`).toBe(true);
      sizes[level] = first.length;
    }
    console.log(`${name}: ${sizes.light} / ${sizes.balanced} / ${sizes.maximum}`);
    expect(sizes.maximum, name).toBeLessThanOrEqual(sizes.balanced);
    expect(sizes.balanced, name).toBeLessThanOrEqual(sizes.light);
  });
});

describe('video ladder', () => {
  it.each(FIXTURES)('%s: one ladder run picks, per level, the bytes a separate compression gives', async (name) => {
    const file = fixture(name);
    const workDir = await mkdtemp(path.join(dir, 'ladder-'));
    try {
      const picks = await videoFamily.ladder!(file, await detect(file), { signal: new AbortController().signal, onProgress: () => {}, workDir, runProcess });
      for (const level of LEVELS) {
        const alone = await compress(file, { level, tmpDir: dir });
        const picked = await readFile(picks[level]!.path);
        expect(picked.equals(await readFile(alone.output)), `${name} ${level}`).toBe(true);
        if (!alone.unchanged) await rm(path.dirname(alone.output), { recursive: true, force: true });
      }
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
