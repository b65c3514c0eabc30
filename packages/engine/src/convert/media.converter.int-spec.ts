import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../corpus-ladder.test-support.js';
import { detect } from '../detect.js';
import { isEngineError } from '../errors.js';
import { runProcess } from '../process/run-process.js';
import { codecArgs, decodedSeconds, ffmpeg, probe, writeCorrupt, writeTruncated } from '../tools/media/media.test-support.js';
import { mainVideoStream } from '../tools/media/probe.js';
import { mediaConverter } from './media.converter.js';
import type { ConverterOutput } from './types.js';

let dir: string;
const f = (name: string) => path.join(dir, name);
const AUDIO = ['mp3', 'wav', 'flac', 'aac', 'ogg', 'm4a', 'opus'];

async function convert(
  file: string,
  target: string,
  onProgress: (p: number) => void = () => {},
  signal = new AbortController().signal,
): Promise<ConverterOutput> {
  const workDir = await mkdtemp(path.join(dir, 'work-'));
  return mediaConverter.convert(file, await detect(file), { target, signal, onProgress, workDir, runProcess });
}

async function failure(file: string, target: string): Promise<unknown> {
  return convert(file, target).then(
    () => undefined,
    (e: unknown) => e,
  );
}

/** What the output holds, read independently of the converter's own check. */
async function summary(
  file: string,
): Promise<{ video?: string; audio?: string; width?: number; height?: number; duration: number }> {
  const info = await probe(file);
  const video = mainVideoStream(info);
  const audio = info.streams.find((s) => s.type === 'audio');
  // Raw ADTS only estimates its duration: count what decodes.
  const duration = info.durationEstimated ? await decodedSeconds(file, 'decode') : info.durationSec;
  return { video: video?.codec, audio: audio?.codec, width: video?.width, height: video?.height, duration };
}

/** Turns the first track of an MP4 by 90° the way phones do: a display matrix in its track header. */
async function writeRotated(from: string, to: string): Promise<void> {
  const bytes = Buffer.from(await readFile(from));
  const tkhd = bytes.indexOf('tkhd');
  // Version-0 header: 4 bytes version/flags + 40 bytes of fields before the 3×3 matrix.
  for (const [i, v] of [0, 65536, 0, -65536, 0, 0, 0, 0, 0x40000000].entries()) bytes.writeInt32BE(v, tkhd + 4 + 40 + i * 4);
  await writeFile(to, bytes);
}

const lavfiVideo = (size: string, seconds: number) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`];
const lavfiSine = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-convert-'));
  const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await Promise.all([
    ffmpeg([...lavfiVideo('320x240', 3), ...lavfiSine(3), ...x264, '-c:a', 'aac', '-shortest', f('clip.mp4')]),
    ffmpeg([...lavfiVideo('320x240', 2), ...x264, f('silent.mp4')]),
    // lavfi sources round their size down to even: the odd size comes from scaling in 4:4:4.
    ffmpeg([
      ...lavfiVideo('320x240', 2),
      ...lavfiSine(2),
      '-vf',
      'format=yuv444p,scale=321:241',
      ...codecArgs(['libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p'], ['libvorbis']),
      '-shortest',
      f('odd.mkv'),
    ]),
    ffmpeg([...lavfiVideo('160x120', 2), ...lavfiSine(2), '-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-shortest', f('clip.avi')]),
    ffmpeg([...lavfiVideo('160x120', 2), ...lavfiSine(2), ...x264, '-c:a', 'aac', '-shortest', f('clip.mov')]),
    ffmpeg([...lavfiVideo('160x120', 2), ...lavfiSine(2), '-c:v', 'wmv2', '-c:a', 'wmav2', '-shortest', f('clip.wmv')]),
    ffmpeg([...lavfiVideo('160x120', 2), ...lavfiSine(2), '-c:v', 'flv1', '-c:a', 'libmp3lame', '-shortest', f('clip.flv')]),
    ffmpeg([
      ...lavfiVideo('160x120', 2),
      ...lavfiSine(2),
      ...codecArgs(['libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'], ['libopus']),
      '-shortest',
      f('clip.webm'),
    ]),
    // 61 s, but tiny and at 1 frame per second: quick to make, too long for a GIF.
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=32x32:rate=1:duration=61', ...x264, f('long.mp4')]),
    ffmpeg([...lavfiSine(2), '-ac', '2', '-c:a', 'pcm_s16le', f('tone.wav')]),
  ]);
  await writeRotated(f('silent.mp4'), f('rotated.mp4'));
  const encoders: Record<string, string[]> = {
    mp3: ['-c:a', 'libmp3lame', '-q:a', '4'],
    flac: ['-c:a', 'flac'],
    aac: ['-c:a', 'aac', '-f', 'adts'],
    ogg: ['-c:a', 'libvorbis'],
    m4a: ['-c:a', 'aac', '-f', 'ipod'],
    opus: ['-c:a', 'libopus', '-f', 'opus'],
  };
  await Promise.all(Object.entries(encoders).map(([ext, args]) => ffmpeg(['-i', f('tone.wav'), ...args, f(`tone.${ext}`)])));
}, 120_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('mediaConverter targets', () => {
  it('offers the video and audio targets except the input format', () => {
    expect(mediaConverter.id).toBe('media');
    expect(mediaConverter.targets('mp4')).toEqual(['webm', 'mov', 'mkv', 'avi', 'gif', 'mp3', 'wav', 'm4a']);
    expect(mediaConverter.targets('wmv')).toEqual(['mp4', 'webm', 'mov', 'mkv', 'avi', 'gif', 'mp3', 'wav', 'm4a']);
    expect(mediaConverter.targets('flv')).toEqual(['mp4', 'webm', 'mov', 'mkv', 'avi', 'gif', 'mp3', 'wav', 'm4a']);
    expect(mediaConverter.targets('wav')).toEqual(['mp3', 'flac', 'aac', 'ogg', 'm4a', 'opus']);
    expect(mediaConverter.targets('opus')).toEqual(['mp3', 'wav', 'flac', 'aac', 'ogg', 'm4a']);
    expect(mediaConverter.targets('png')).toEqual([]);
  });

  it('refuses a pair it does not offer', async () => {
    expect(isEngineError(await failure(f('tone.wav'), 'mp4'), 'unsupported')).toBe(true);
    expect(isEngineError(await failure(f('clip.mp4'), 'mp4'), 'unsupported')).toBe(true);
  });
});

describe('mediaConverter from video', () => {
  const expected: Record<string, { video?: string; audio?: string }> = {
    webm: { video: 'vp9', audio: 'opus' },
    mov: { video: 'h264', audio: 'aac' },
    mkv: { video: 'h264', audio: 'aac' },
    avi: { video: 'mpeg4', audio: 'mp3' },
    mp3: { audio: 'mp3' },
    wav: { audio: 'pcm_s16le' },
    m4a: { audio: 'aac' },
  };
  for (const [target, codecs] of Object.entries(expected)) {
    it(`mp4 → ${target}`, async () => {
      const progress: number[] = [];
      const r = await convert(f('clip.mp4'), target, (p) => progress.push(p));
      expect(r.format).toBe(target);
      expect((await detect(r.path)).ext).toBe(target);
      const s = await summary(r.path);
      expect({ video: s.video, audio: s.audio }).toEqual(codecs);
      expect(Math.abs(s.duration - 3)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(r.checks.durationSeconds! - 3)).toBeLessThanOrEqual(0.5);
      if (codecs.video) expect([s.width, s.height, r.checks.width, r.checks.height]).toEqual([320, 240, 320, 240]);
      else expect(r.checks.width).toBeUndefined();
      expect(progress.length).toBeGreaterThan(1);
      expect(progress.every((p, i) => p >= 0 && p <= 99 && (i === 0 || p >= progress[i - 1]!))).toBe(true);
      expect(progress.at(-1)).toBe(99);
    });
  }

  it('mp4 → gif: 10 frames per second, no sound', async () => {
    const r = await convert(f('clip.mp4'), 'gif');
    expect(r.format).toBe('gif');
    expect((await detect(r.path)).ext).toBe('gif');
    expect(r.checks.frames).toBeGreaterThanOrEqual(28);
    expect(r.checks.frames).toBeLessThanOrEqual(31);
    expect(r.checks.durationSeconds).toBeGreaterThan(0);
    const s = await summary(r.path);
    expect([s.video, s.audio, s.width, s.height]).toEqual(['gif', undefined, 320, 240]);
  });

  for (const name of ['odd.mkv', 'clip.avi', 'clip.mov', 'clip.wmv', 'clip.flv', 'clip.webm']) {
    it(`${name} → mp4`, async () => {
      const r = await convert(f(name), 'mp4');
      const s = await summary(r.path);
      expect([s.video, s.audio]).toEqual(['h264', 'aac']);
      // 4:2:0 needs even sides: 321 × 241 loses one pixel each way.
      expect([s.width, s.height]).toEqual(name === 'odd.mkv' ? [320, 240] : [160, 120]);
      expect(Math.abs(s.duration - 2)).toBeLessThanOrEqual(0.5);
      const head = await readFile(r.path);
      // +faststart: the index (moov) comes before the media data (mdat).
      expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
    });
  }

  it('odd sides: cut to even for H.264 and MPEG-4, kept for VP9 and GIF', async () => {
    expect(mainVideoStream(await probe(f('odd.mkv')))?.width).toBe(321);
    for (const [target, size] of [
      ['avi', [320, 240]],
      ['webm', [321, 241]],
      ['gif', [321, 241]],
    ] as const) {
      const r = await convert(f('odd.mkv'), target);
      expect([r.checks.width, r.checks.height], target).toEqual(size);
      const s = await summary(r.path);
      expect([s.width, s.height], target).toEqual(size);
    }
  });

  it('a rotated phone video comes out upright', async () => {
    expect(mainVideoStream(await probe(f('rotated.mp4')))?.rotation).toBe(270);
    const r = await convert(f('rotated.mp4'), 'mkv');
    expect([r.checks.width, r.checks.height]).toEqual([240, 320]);
    const video = mainVideoStream(await probe(r.path));
    expect([video?.width, video?.height, video?.rotation]).toEqual([240, 320, 0]);
  });

  it('a video without sound converts to video, but not to mp3', async () => {
    const r = await convert(f('silent.mp4'), 'webm');
    expect((await summary(r.path)).audio).toBeUndefined();
    for (const target of ['mp3', 'wav', 'm4a']) {
      const err = await failure(f('silent.mp4'), target);
      expect(isEngineError(err, 'invalid-input'), String(err)).toBe(true);
      expect((err as Error).message).toBe('This video has no sound to extract');
    }
  });

  it('GIF is refused for clips over 60 seconds', async () => {
    const err = await failure(f('long.mp4'), 'gif');
    expect(isEngineError(err, 'unsupported'), String(err)).toBe(true);
    expect((err as Error).message).toBe('GIF is only made from clips of up to 60 seconds');
  });

  it('cancelling stops ffmpeg', async () => {
    const controller = new AbortController();
    const err = await convert(f('clip.mp4'), 'webm', (p) => p > 1 && controller.abort(), controller.signal).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isEngineError(err, 'cancelled'), String(err)).toBe(true);
  });
});

describe('mediaConverter between audio formats', () => {
  const codec: Record<string, string> = {
    mp3: 'mp3',
    wav: 'pcm_s16le',
    flac: 'flac',
    aac: 'aac',
    ogg: 'vorbis',
    m4a: 'aac',
    opus: 'opus',
  };
  for (const from of AUDIO) {
    it(`${from} → every other audio format`, async () => {
      // The six conversions of one source run side by side: each is short, and mostly waiting on process start-up.
      await Promise.all(
        AUDIO.filter((t) => t !== from).map(async (target) => {
          const r = await convert(f(`tone.${from}`), target);
          const s = await summary(r.path);
          expect([s.video, s.audio], `${from} → ${target}`).toEqual([undefined, codec[target]]);
          expect(Math.abs(s.duration - 2), `${from} → ${target}: ${s.duration}`).toBeLessThanOrEqual(0.5);
          expect(Math.abs(r.checks.durationSeconds! - 2), `${from} → ${target} check`).toBeLessThanOrEqual(0.5);
          expect((await detect(r.path)).ext, `${from} → ${target}`).toBe(target);
        }),
      );
    });
  }
});

describe('mediaConverter on damaged input', () => {
  it('a cut-off MP4 (index at the end) is invalid input', async () => {
    await writeTruncated(f('clip.mp4'), f('cut.mp4'));
    expect(isEngineError(await failure(f('cut.mp4'), 'webm'), 'invalid-input')).toBe(true);
  });

  it('a cut-off MP4 (index at the start) is invalid input', async () => {
    await ffmpeg(['-i', f('clip.mp4'), '-c', 'copy', '-movflags', '+faststart', f('fast.mp4')]);
    await writeTruncated(f('fast.mp4'), f('cut-fast.mp4'));
    const err = await failure(f('cut-fast.mp4'), 'mkv');
    expect(isEngineError(err, 'invalid-input'), String(err)).toBe(true);
  });

  // Each kind of damage: the sources it is done to, with the target each is converted to.
  const damaged = [
    {
      what: 'garbage after a WebM, MP4 or FLAC header',
      damage: writeCorrupt,
      prefix: 'garbage',
      targets: { 'clip.webm': 'mp4', 'clip.mp4': 'mp3', 'tone.flac': 'mp3' },
    },
    { what: 'a cut-off WAV or FLAC', damage: writeTruncated, prefix: 'cut', targets: { 'tone.wav': 'mp3', 'tone.flac': 'ogg' } },
  ];
  for (const { what, damage, prefix, targets } of damaged) {
    it(`${what} is invalid input`, async () => {
      for (const [name, target] of Object.entries(targets)) {
        await damage(f(name), f(`${prefix}-${name}`));
        const err = await failure(f(`${prefix}-${name}`), target);
        expect(isEngineError(err, 'invalid-input'), `${name}: ${String(err)}`).toBe(true);
      }
    });
  }
});

describe('mediaConverter on the corpus', () => {
  const corpus = (p: string) => path.join(CORPUS_DIR, p);
  const cases: Array<[string, string, { video?: string; audio?: string }]> = [
    ['mp4/cockatoo.mp4', 'gif', { video: 'gif' }],
    ['mp4/cockatoo.mp4', 'mp3', { audio: 'mp3' }],
    ['mkv/yes.mkv', 'mp4', { video: 'h264' }],
    ['avi/movie.avi', 'mp4', { video: 'h264', audio: 'aac' }],
    ['mov/FakeSample.mov', 'mp4', { video: 'h264', audio: 'aac' }],
    ['flv/birds.flv', 'webm', { video: 'vp9', audio: 'opus' }],
    ['webm/gtk-logo.webm', 'avi', { video: 'mpeg4' }],
    ['wav/hello16000.wav', 'mp3', { audio: 'mp3' }],
    ['flac/loop_amen_full.flac', 'm4a', { audio: 'aac' }],
    ['aac/realshort.aac', 'ogg', { audio: 'vorbis' }],
    ['m4a/ambi_haunted_hum.m4a', 'opus', { audio: 'opus' }],
    ['ogg/latin_guitar03.ogg', 'flac', { audio: 'flac' }],
  ];
  for (const [file, target, codecs] of cases) {
    it.skipIf(!existsSync(corpus(file)))(`${file} → ${target}`, async () => {
      const r = await convert(corpus(file), target);
      const s = await summary(r.path);
      expect({ video: s.video, audio: s.audio }).toEqual(codecs);
      if (target !== 'gif') {
        const original = await summary(corpus(file));
        expect(Math.abs(s.duration - original.duration), `${s.duration} vs ${original.duration}`).toBeLessThanOrEqual(0.5);
      }
    });
  }

  it.skipIf(!existsSync(corpus('mkv/yes.mkv')))('mkv/yes.mkv has no sound: → mp3 is refused', async () => {
    const err = await failure(corpus('mkv/yes.mkv'), 'mp3');
    expect(isEngineError(err, 'invalid-input'), String(err)).toBe(true);
  });
});
