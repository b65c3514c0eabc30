import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detect } from '../../detect.js';
import { runProcess } from '../../process/run-process.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import { ffmpeg, frameSsimByTime, LEVELS, mean, windowMeans } from '../../tools/media/media.test-support.js';
import type { LadderOutput } from '../../types.js';
import { videoFamily } from './video.family.js';

/**
 * Videos whose first seconds are much harder than the rest (moving noise or a spinning picture, then a still
 * image): a floor kept on average, or on samples spread over the file, fails right where a viewer starts.
 */
const FPS = 25;
const still = (size: string, seconds: number) =>
  `testsrc2=s=${size}:r=${FPS}:d=0.04,loop=loop=${Math.round(seconds * FPS) - 1}:size=1:start=0,setpts=N/${FPS}/TB`;
const noisy = (size: string, seconds: number) => `testsrc2=s=${size}:r=${FPS}:d=${seconds},noise=alls=3:allf=t`;
const spinning = (size: string, seconds: number) => `testsrc2=s=${size}:r=${FPS}:d=${seconds},rotate=a=t*3:c=black`;

interface HardStart {
  name: string;
  hard: string;
  calm: string;
  codec: string[];
  /** What the engine measures on this file: every frame, or sampled spans that must include the start. */
  checked: 'every frame' | 'spans';
}

const FIXTURES: HardStart[] = [
  // Searched with whole encodes (small).
  {
    name: 'noisy-start.mp4',
    hard: noisy('480x270', 2.5),
    calm: still('480x270', 7.5),
    codec: ['-c:v', 'libx264', '-crf', '6'],
    checked: 'every frame',
  },
  {
    name: 'spinning-start.mkv',
    hard: spinning('480x270', 2.5),
    calm: still('480x270', 7.5),
    codec: ['-c:v', 'libx264', '-crf', '6'],
    checked: 'every frame',
  },
  {
    name: 'spinning-start.wmv',
    hard: spinning('320x240', 3),
    calm: still('320x240', 7),
    codec: ['-c:v', 'wmv2', '-q:v', '2'],
    checked: 'every frame',
  },
  // Searched on a sample (over 300 M pixel-frames), checked on every frame (a minute).
  {
    name: 'noisy-start-minute.mp4',
    hard: noisy('640x360', 3),
    calm: still('640x360', 57),
    codec: ['-c:v', 'libx264', '-crf', '6', '-preset', 'veryfast'],
    checked: 'every frame',
  },
  // Longer than three minutes: searched on a sample, checked on sampled spans that always include the start.
  {
    name: 'noisy-start-long.mp4',
    hard: noisy('320x240', 3),
    calm: still('320x240', 187),
    codec: ['-c:v', 'libx264', '-crf', '6', '-preset', 'veryfast'],
    checked: 'spans',
  },
];

let dir: string;
/** Whether each file came back unchanged at maximum, as the floor test found it. */
const unchangedAtMaximum = new Map<string, boolean>();

/**
 * Each file's three levels from one ladder run, shared by its three checks: the run shares the file's reading and
 * every encode two levels try, and each pick is the bytes `compress` gives at that level (video.levels.int-spec.ts).
 */
const ladders = new Map<string, Promise<Partial<LadderOutput>>>();
function levelsOf(file: string): Promise<Partial<LadderOutput>> {
  let run = ladders.get(file);
  if (!run) {
    run = (async () =>
      videoFamily.ladder!(file, await detect(file), {
        signal: new AbortController().signal,
        onProgress: () => {},
        workDir: await mkdtemp(path.join(dir, 'ladder-')),
        runProcess,
      }))();
    ladders.set(file, run);
  }
  return run;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'video-hard-start-'));
  for (const f of FIXTURES) {
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      f.hard,
      '-f',
      'lavfi',
      '-i',
      f.calm,
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1:a=0,format=yuv420p[v]',
      '-map',
      '[v]',
      ...f.codec,
      path.join(dir, f.name),
    ]);
  }
}, 180_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('video quality floor over the whole picture a viewer sees', () => {
  it.each(FIXTURES.flatMap((f) => LEVELS.map((level) => [f.name, level, f] as const)))(
    '%s at %s: every frame of the first 10 s and every 2-s window keep the floor; the reported SSIM is what is measured',
    async (name, level, fixture) => {
      const file = path.join(dir, name);
      const r = (await levelsOf(file))[level]!;
      const unchanged = r.path === file;
      if (level === 'maximum') unchangedAtMaximum.set(name, unchanged);
      console.log(`${name} ${level}: ${unchanged ? 'unchanged' : 're-encoded'} | ${r.recipe}`);
      if (unchanged) return;
      const floor = SSIM_FLOOR[level];
      const figures = await frameSsimByTime(file, r.path);
      const windows = windowMeans(figures, FPS);
      expect(mean(figures.slice(0, 10 * FPS)), 'first 10 s').toBeGreaterThanOrEqual(floor);
      expect(windows[0], 'first window').toBeGreaterThanOrEqual(floor);
      if (fixture.checked === 'every frame') {
        expect(mean(figures), 'all frames').toBeGreaterThanOrEqual(floor);
        expect(Math.min(...windows), 'worst window').toBeGreaterThanOrEqual(floor);
        expect(Math.abs((r.metrics?.ssim ?? 0) - Math.min(...windows)), 'reported against measured').toBeLessThanOrEqual(0.005);
      } else {
        // The hard start is the worst span whatever else was sampled.
        expect(Math.abs((r.metrics?.ssim ?? 0) - windows[0]!), 'reported against the first window').toBeLessThanOrEqual(0.005);
      }
    },
  );

  it('re-encodes the hard-start files at least at maximum (the floor is reachable, so the test above checks something)', () => {
    for (const f of FIXTURES.slice(0, 2)) expect(unchangedAtMaximum.get(f.name), f.name).toBe(false);
  });
});
