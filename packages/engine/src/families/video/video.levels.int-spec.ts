import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detect } from '../../detect.js';
import { runProcess } from '../../process/run-process.js';
import { codecArgs, ffmpeg, LEVELS } from '../../tools/media/media.test-support.js';
import type { CompressionLevel } from '../../types.js';
import { videoFamily } from './video.family.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../../bin/shrinkly.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../../../dist/cli.js', import.meta.url)));

/** Hard stretches (moving noise) between calm ones, with sound the levels re-encode differently. */
const NOISY_STRETCHES = (size: string, seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=s=${size}:r=25:d=${seconds},noise=alls=4:allf=t:enable='between(t,0.5,1.5)+between(t,2.5,3.5)'`,
  '-f',
  'lavfi',
  '-i',
  `sine=f=300:d=${seconds}:sample_rate=44100`,
  '-filter_complex',
  '[1:a]aformat=channel_layouts=stereo[a]',
  '-map',
  '0:v',
  '-map',
  '[a]',
];

let dir: string;
const fixture = (name: string) => path.join(dir, name);
/** The clips: name, seconds, video and audio codecs with their settings. */
const CLIPS: ReadonlyArray<[name: string, seconds: number, video: string[], audio: string[]]> = [
  ['stretches.wmv', 4, ['wmv2', '-q:v', '2'], ['wmav2', '-b:a', '256k']],
  ['stretches.mp4', 4, ['libx264', '-crf', '8'], ['aac', '-b:a', '256k']],
  ['stretches.ogv', 4, ['libtheora', '-q:v', '10'], ['libvorbis', '-b:a', '256k']],
];
const FIXTURES = CLIPS.map(([name]) => name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'video-levels-'));
  for (const [name, seconds, video, audio] of CLIPS)
    await ffmpeg([...NOISY_STRETCHES('320x240', seconds), ...codecArgs(video, audio), fixture(name)]);
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
// Each level is compressed once by a process of its own; those bytes are also what one ladder run, in this process,
// must pick: nothing the ladder shares between levels may change a level's result, and two separate computations of
// a level give the same bytes.
describe.runIf(built)('video levels across separate calls, and the ladder', () => {
  it.each(FIXTURES)(
    '%s: one process per level gives maximum ≤ balanced ≤ light, and the same bytes as one ladder run picks',
    async (name) => {
      const file = fixture(name);
      const alone = {} as Record<CompressionLevel, Buffer>;
      for (const level of LEVELS) alone[level] = await compressInProcess(file, level);
      console.log(`${name}: ${alone.light.length} / ${alone.balanced.length} / ${alone.maximum.length}`);
      expect(alone.maximum.length, name).toBeLessThanOrEqual(alone.balanced.length);
      expect(alone.balanced.length, name).toBeLessThanOrEqual(alone.light.length);

      const workDir = await mkdtemp(path.join(dir, 'ladder-'));
      try {
        const picks = await videoFamily.ladder!(file, await detect(file), {
          signal: new AbortController().signal,
          onProgress: () => {},
          workDir,
          runProcess,
        });
        for (const level of LEVELS)
          expect((await readFile(picks[level]!.path)).equals(alone[level]), `${name} ${level}: the ladder's pick`).toBe(true);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  );
});
