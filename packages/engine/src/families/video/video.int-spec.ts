import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { isEngineError } from '../../errors.js';
import { type RunProcess, runProcess } from '../../process/run-process.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import {
  checkEstimate,
  checkLadder,
  codecArgs,
  compressCancelled,
  describeLadder,
  expectDamagedRefused,
  ffmpeg,
  probe,
} from '../../tools/media/media.test-support.js';
import type { CompressResult } from '../../types.js';
import { videoFamily } from './video.family.js';

// Small generated clips (256x144, 2 s) so CI tests every container for real in seconds.
const PICTURE = ['-f', 'lavfi', '-i', 'testsrc2=s=256x144:r=25:d=2'];
const TONE = (rate: number) => [
  '-f',
  'lavfi',
  '-i',
  `sine=f=440:sample_rate=${rate}:d=2`,
  '-f',
  'lavfi',
  '-i',
  `sine=f=660:sample_rate=${rate}:d=2`,
];
const STEREO = ['-filter_complex', '[1:a][2:a]amerge=inputs=2[a]'];

let dir: string;
const fixture = (name: string) => path.join(dir, name);

/**
 * Clips of the test picture and a stereo tone, one per container: its name, the tone's sample rate, the video and
 * audio codecs with their settings, and a subtitle track (the subtitle file is input 3).
 */
const STEREO_CLIPS: ReadonlyArray<{ name: string; rate: number; video: string[]; audio: string[]; subtitles?: string }> = [
  // MP4: H.264 + AAC 256k + a text track, shown rotated by 90° (the display matrix is added below).
  {
    name: 'unrotated.mp4',
    rate: 48000,
    video: ['libx264', '-crf', '8'],
    audio: ['aac', '-b:a', '256k'],
    subtitles: 'mov_text',
  },
  {
    name: 'clip.webm',
    rate: 48000,
    video: ['libvpx-vp9', '-crf', '12', '-b:v', '0', '-cpu-used', '5'],
    audio: ['libopus', '-b:a', '256k'],
  },
  { name: 'clip.avi', rate: 48000, video: ['mjpeg', '-q:v', '2'], audio: ['pcm_s16le'] },
  { name: 'clip.wmv', rate: 44100, video: ['wmv2', '-q:v', '2'], audio: ['wmav2', '-b:a', '256k'] },
  { name: 'clip.flv', rate: 44100, video: ['libx264', '-crf', '8'], audio: ['libmp3lame', '-b:a', '320k'] },
  { name: 'clip.mov', rate: 48000, video: ['libx264', '-crf', '8'], audio: ['pcm_s16le'] },
  { name: 'clip.ogv', rate: 48000, video: ['libtheora', '-q:v', '10'], audio: ['libvorbis', '-b:a', '256k'] },
];

async function makeFixtures(): Promise<void> {
  const srt = fixture('subs.srt');
  await writeFile(srt, '1\n00:00:00,000 --> 00:00:01,500\nHello there\n');
  const sub = ['-i', srt];
  for (const clip of STEREO_CLIPS) {
    const subtitles = clip.subtitles ? { input: sub, map: ['-map', '3:s'], codec: ['-c:s', clip.subtitles] } : undefined;
    await ffmpeg([
      ...PICTURE,
      ...TONE(clip.rate),
      ...(subtitles?.input ?? []),
      ...STEREO,
      '-map',
      '0:v',
      '-map',
      '[a]',
      ...(subtitles?.map ?? []),
      ...codecArgs(clip.video, clip.audio),
      ...(subtitles?.codec ?? []),
      fixture(clip.name),
    ]);
  }
  // ffmpeg 5.1 only writes the display matrix when copying, not while encoding.
  await ffmpeg(['-i', fixture('unrotated.mp4'), '-map', '0', '-c', 'copy', '-metadata:s:v:0', 'rotate=90', fixture('clip.mp4')]);
  // MKV: H.264 + two audio tracks (PCM and FLAC) + SRT subtitles.
  await ffmpeg([
    ...PICTURE,
    ...TONE(48000),
    ...sub,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-map',
    '2:a',
    '-map',
    '3:s',
    '-c:v',
    'libx264',
    '-crf',
    '8',
    '-c:a:0',
    'pcm_s16le',
    '-c:a:1',
    'flac',
    '-c:s',
    'srt',
    fixture('clip.mkv'),
  ]);
  // An Ogg whose first stream is its sound: named .ogg, it would pass for audio by its first page alone.
  await ffmpeg([
    ...TONE(48000),
    ...PICTURE,
    '-filter_complex',
    '[0:a][1:a]amerge=inputs=2[a]',
    '-map',
    '[a]',
    '-map',
    '2:v',
    ...codecArgs(['libtheora', '-q:v', '10'], ['libvorbis', '-b:a', '256k']),
    fixture('sound-first.ogg'),
  ]);
  // Already heavily compressed: re-encoding at the light level's quality cannot make it smaller.
  await ffmpeg([...PICTURE, '-c:v', 'libx264', '-crf', '45', fixture('tiny.mp4')]);
  // Long enough (480p, 30 s: over 300 M pixel-frames) for the sampled search path; also the cancel target.
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=854x480:r=25:d=30',
    '-f',
    'lavfi',
    '-i',
    'sine=d=30',
    ...codecArgs(['libx264', '-crf', '12', '-preset', 'veryfast'], ['aac']),
    fixture('long.mp4'),
  ]);
  // 20 s with changing content and stereo AAC, for the sampled size estimate.
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=640x360:r=25:d=20',
    ...TONE(48000).map((a) => a.replace('d=2', 'd=20')),
    ...STEREO,
    '-map',
    '0:v',
    '-map',
    '[a]',
    ...codecArgs(['libx264', '-crf', '10', '-preset', 'veryfast'], ['aac', '-b:a', '256k']),
    fixture('estimate.mp4'),
  ]);
  // Index at the end (no faststart), so a cut copy has no index at all.
  await ffmpeg([...PICTURE, '-c:v', 'libx264', '-crf', '20', fixture('plain.mp4')]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'video-family-'));
  await makeFixtures();
}, 120_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('video family on generated clips', () => {
  /** Balanced results of the ladder tests, checked further below. */
  const balanced = new Map<string, CompressResult>();

  it.each(['clip.mp4', 'clip.mkv', 'clip.webm', 'clip.avi', 'clip.wmv', 'clip.flv', 'clip.mov', 'clip.ogv'])(
    '%s: three levels valid, smaller, above their SSIM floor, monotonic, every track kept',
    async (name) => {
      const r = await checkLadder(fixture(name), dir, {
        kinds: ['video', 'audio', 'subtitle'],
        ssim: true,
        durationBy: 'probe',
        keepOutputs: true,
      });
      console.log(describeLadder(name, r), `| ${r.balanced.recipe}`);
      balanced.set(name, r.balanced);
      // These sources are nearly lossless, so every level must actually shrink them.
      for (const level of ['light', 'balanced', 'maximum'] as const) expect(r[level].unchanged, `${name} ${level}`).toBe(false);
    },
  );

  it('keeps the container and its codec family, puts the MP4 index first, keeps rotation and subtitles', async () => {
    const output = (name: string) => {
      const r = balanced.get(name);
      if (!r) throw new Error(`${name} was not compressed by the ladder test`);
      return r.output;
    };
    const r = balanced.get('clip.mp4')!;
    const info = await probe(output('clip.mp4'));
    expect(r.format).toBe('mp4');
    expect(info.streams.map((s) => `${s.type}:${s.codec}`)).toEqual(['video:h264', 'audio:aac', 'subtitle:mov_text']);
    const rotation = (await probe(fixture('clip.mp4'))).streams[0]?.rotation;
    expect(rotation).not.toBe(0);
    expect(info.streams[0]?.rotation).toBe(rotation);
    const bytes = await readFile(r.output);
    expect(bytes.indexOf('moov'), 'moov atom before the media data').toBeLessThan(bytes.indexOf('mdat'));
    const webm = await probe(output('clip.webm'));
    expect(webm.streams.map((s) => s.codec)).toEqual(['vp9', 'opus']);
    const wmv = await probe(output('clip.wmv'));
    expect(wmv.streams.map((s) => s.codec)).toEqual(['wmv2', 'wmav2']);
    const avi = await probe(output('clip.avi'));
    expect(avi.streams.map((s) => s.codec)).toEqual(['h264', 'mp3']);
    const ogv = await probe(output('clip.ogv'));
    expect(ogv.streams.map((s) => s.codec)).toEqual(['theora', 'vorbis']);
  });

  it('compresses Theora video in an Ogg named .ogg whose sound comes first, as video, keeping both tracks', async () => {
    const r = await compress(fixture('sound-first.ogg'), { level: 'balanced', tmpDir: dir });
    expect(r.unchanged).toBe(false);
    expect(r.format).toBe('ogv');
    expect(r.metrics.ssim).toBeGreaterThanOrEqual(SSIM_FLOOR.balanced);
    expect((await probe(r.output)).streams.map((s) => `${s.type}:${s.codec}`)).toEqual(['audio:vorbis', 'video:theora']);
  });

  it('returns the original bytes, marked unchanged, when re-encoding cannot shrink the file', async () => {
    const r = await checkLadder(fixture('tiny.mp4'), dir, { kinds: ['video'], ssim: true, durationBy: 'probe' });
    expect(r.light.unchanged).toBe(true);
    expect(r.light.output).toBe(fixture('tiny.mp4'));
  });

  // long.mp4 is over 300 M pixel-frames; estimate.mp4 under, but 20 s: its shortest sample (3 spans, 6 s) is under a third.
  it.each(['long.mp4', 'estimate.mp4'])(
    'searches a longer file (%s) on samples and still meets the floor on the whole file, with progress',
    async (name) => {
      const seen: number[] = [];
      const outputs: string[] = [];
      const recording: RunProcess = (command, args, options) => {
        outputs.push(args[args.length - 1] ?? '');
        return runProcess(command, args, options);
      };
      const r = await compress(fixture(name), {
        level: 'balanced',
        tmpDir: dir,
        onProgress: (p) => seen.push(p),
        runProcess: recording,
      });
      expect(
        outputs.some((o) => o.endsWith('sample-reference.mkv')),
        'searched on a sample',
      ).toBe(true);
      expect(r.unchanged).toBe(false);
      expect(r.recipe).toMatch(/worst 2-s window, every frame/);
      // The sample's trials, then the chosen setting encoded once over the whole file.
      expect(r.metrics.trials).toBeGreaterThanOrEqual(2);
      expect(r.metrics.ssim).toBeGreaterThanOrEqual(SSIM_FLOOR.balanced);
      expect(Math.abs((await probe(r.output)).durationSec - (await probe(fixture(name))).durationSec)).toBeLessThanOrEqual(0.2);
      expect(seen.filter((p) => p > 0 && p < 100).length).toBeGreaterThan(5);
      expect(seen.at(-1)).toBe(100);
    },
  );
});

describe('video family estimate', () => {
  it('estimates each level from three short samples, close to the real balanced size', async () => {
    const r = await checkEstimate(videoFamily, fixture('estimate.mp4'), dir, 3);
    console.log(`estimate estimate.mp4: ${JSON.stringify(r.sizes)} real balanced ${r.real} (${r.runs} ffmpeg runs, ${r.ms} ms)`);
  });
});

describe('video family hazards', () => {
  it('refuses corrupt and truncated files as invalid-input', async () => {
    await expectDamagedRefused(fixture('plain.mp4'), dir, 'corrupt');
    for (const name of ['plain.mp4', 'clip.mkv', 'clip.avi']) await expectDamagedRefused(fixture(name), dir, 'cut');
  });

  it('a cancelled call stops ffmpeg, rejects with cancelled and leaves no work folder', async () => {
    // Light: the result cache already holds long.mp4 at balanced, from the test above.
    const { err, ms, leftovers } = await compressCancelled(fixture('long.mp4'), dir, 'light', 10);
    expect(isEngineError(err, 'cancelled'), String(err)).toBe(true);
    expect(ms).toBeLessThan(60_000);
    expect(leftovers).toEqual([]);
  });
});
