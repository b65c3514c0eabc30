import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { detect } from '../../detect.js';
import { isEngineError } from '../../errors.js';
import { runProcess } from '../../process/run-process.js';
import {
  audioMd5,
  checkEstimate,
  checkLadder,
  compressCancelled,
  describeLadder,
  expectDamagedRefused,
  ffmpeg,
  probe,
} from '../../tools/media/media.test-support.js';
import { audioFamily } from './audio.family.js';

// A few seconds of stereo "music": two tones and a little noise, so encoders have something real to do.
const MUSIC = (seconds: number, extraInputs: string[] = []) => [
  '-f',
  'lavfi',
  '-i',
  `sine=f=440:sample_rate=44100:d=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=f=587:sample_rate=44100:d=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `anoisesrc=a=0.05:r=44100:d=${seconds}`,
  ...extraInputs,
  '-filter_complex',
  '[0:a][1:a]amerge=inputs=2[s];[2:a]aformat=channel_layouts=mono,pan=stereo|c0=c0|c1=c0[n];[s][n]amix=inputs=2[a]',
  '-map',
  '[a]',
];
const COVER_INPUT = ['-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=1'];

let dir: string;
const fixture = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audio-family-'));
  await ffmpeg([...MUSIC(4), '-c:a', 'pcm_s16le', fixture('music.wav')]);
  await ffmpeg([...MUSIC(4), '-c:a', 'pcm_s24le', fixture('music24.wav')]);
  await ffmpeg([...MUSIC(4), '-c:a', 'pcm_f32le', fixture('float.wav')]);
  await ffmpeg([...MUSIC(4), '-c:a', 'flac', '-compression_level', '0', fixture('music.flac')]);
  // MP3 with a cover picture and tags (both must survive).
  await ffmpeg([
    ...MUSIC(4, COVER_INPUT),
    '-map',
    '3:v',
    '-frames:v',
    '1',
    '-c:v',
    'mjpeg',
    '-disposition:v',
    'attached_pic',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '320k',
    '-metadata',
    'title=Fixture',
    fixture('music.mp3'),
  ]);
  await ffmpeg([...MUSIC(4), '-c:a', 'libmp3lame', '-b:a', '64k', fixture('low.mp3')]);
  await ffmpeg([...MUSIC(4), '-c:a', 'aac', '-b:a', '256k', fixture('music.aac')]);
  await ffmpeg([...MUSIC(4), '-c:a', 'aac', '-b:a', '256k', fixture('music.m4a')]);
  await ffmpeg([...MUSIC(4), '-c:a', 'libvorbis', '-q:a', '9', fixture('music.ogg')]);
  await ffmpeg([...MUSIC(4), '-c:a', 'libopus', '-b:a', '256k', fixture('music.opus')]);
  await ffmpeg([...MUSIC(60), '-c:a', 'pcm_s16le', fixture('long.wav')]);
  // Content no other test compresses: the result cache would answer one it has seen at once, with nothing to cancel.
  await ffmpeg([...MUSIC(59), '-c:a', 'pcm_s16le', fixture('cancel.wav')]);
  await ffmpeg([...MUSIC(30), '-c:a', 'libmp3lame', '-b:a', '320k', fixture('long.mp3')]);
}, 120_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

const lossless = (format: string) => format === 'flac';

describe('audio family on generated files', () => {
  it.each(['music.mp3', 'music.aac', 'music.m4a', 'music.ogg', 'music.opus', 'music.flac', 'music.wav', 'music24.wav'])(
    '%s: three levels valid, not larger, monotonic, tracks kept',
    async (name) => {
      const r = await checkLadder(fixture(name), dir, { kinds: ['audio'], lossless, durationBy: 'decode' });
      console.log(describeLadder(name, r), `| ${r.maximum.recipe}`);
      expect(r.maximum.unchanged, `${name} maximum`).toBe(false);
    },
  );

  it('re-encodes in the same format at the level bitrate, never above the input, keeping the cover', async () => {
    const results = await Promise.all(
      (['light', 'balanced', 'maximum'] as const).map((level) => compress(fixture('music.mp3'), { level, tmpDir: dir })),
    );
    const kbps = await Promise.all(
      results.map(async (r) => {
        const info = await probe(r.output);
        expect(r.format).toBe('mp3');
        expect(info.streams.map((s) => `${s.type}:${s.codec}`)).toEqual(['audio:mp3', 'video:mjpeg']);
        return Math.round((info.streams[0]?.bitRate ?? 0) / 1000);
      }),
    );
    expect(kbps).toEqual([160, 128, 96]);
    // A lower bitrate is a lossy change with no score on SSIM's scale; the original kept is the same sound.
    expect(results.map((r) => r.score)).toEqual([null, null, null]);
    // A 64 kb/s MP3 is below every level's bitrate: re-encoding would only lose quality, so it comes back as it is.
    for (const level of ['light', 'balanced', 'maximum'] as const) {
      const r = await compress(fixture('low.mp3'), { level, tmpDir: dir });
      expect(r.unchanged, level).toBe(true);
      expect(r.output).toBe(fixture('low.mp3'));
      expect(r.score).toBe(1);
    }
  });

  it('turns WAV into FLAC with the very same samples (24-bit too), and keeps float WAV as it is', async () => {
    for (const name of ['music.wav', 'music24.wav']) {
      const r = await compress(fixture(name), { level: 'balanced', tmpDir: dir });
      expect(r.format).toBe('flac');
      expect(path.extname(r.output)).toBe('.flac');
      expect(r.compressedSize).toBeLessThan(r.originalSize / 1.2);
      expect(await audioMd5(r.output)).toBe(await audioMd5(fixture(name)));
      expect(r.score, 'the same samples').toBe(1);
      expect((await probe(r.output)).streams[0]?.bitsPerRawSample).toBe(name === 'music24.wav' ? 24 : 16);
    }
    const float = await compress(fixture('float.wav'), { level: 'maximum', tmpDir: dir });
    expect(float.unchanged).toBe(true);
    expect(float.notes.join(' ')).toMatch(/floating-point/);
    // The recipe, which every surface shows, says why too.
    expect(float.recipe).toBe('kept the original: FLAC cannot store floating-point samples, so this WAV is kept');
  });
});

describe('audio family determinism', () => {
  it.each(['music.ogg', 'music.opus', 'music.m4a', 'music.mp3', 'music.wav'])(
    '%s: two runs of a level give the same bytes',
    async (name) => {
      const file = fixture(name);
      const type = await detect(file);
      // The family itself, twice: the engine's result cache would answer the second call with the first one's bytes.
      const run = async () => {
        const workDir = await mkdtemp(path.join(dir, 'same-'));
        const out = await audioFamily.compress(file, type, {
          level: 'balanced',
          signal: new AbortController().signal,
          onProgress: () => {},
          workDir,
          runProcess,
        });
        return readFile(out.path);
      };
      const [a, b] = [await run(), await run()];
      expect(a.equals(b), name).toBe(true);
    },
  );
});

describe('audio family estimate', () => {
  it.each([
    ['long.wav', 4],
    ['long.mp3', 0],
  ] as const)('%s: estimate per level from samples, close to the real balanced size', async (name, maxRuns) => {
    const r = await checkEstimate(audioFamily, fixture(name), dir, maxRuns);
    console.log(`estimate ${name}: ${JSON.stringify(r.sizes)} real balanced ${r.real} (${r.runs} ffmpeg runs, ${r.ms} ms)`);
  });
});

describe('audio family hazards', () => {
  it('refuses corrupt and truncated files as invalid-input', async () => {
    await expectDamagedRefused(fixture('music.flac'), dir, 'corrupt', 8);
    for (const name of ['music.flac', 'music.mp3', 'music.wav', 'music.m4a', 'music.aac'])
      await expectDamagedRefused(fixture(name), dir, 'cut', 0.55);
  });

  it('a cancelled call rejects with cancelled and leaves no work folder', async () => {
    const { err, leftovers } = await compressCancelled(fixture('cancel.wav'), dir, 'maximum', 16);
    expect(isEngineError(err, 'cancelled'), String(err)).toBe(true);
    expect(leftovers).toEqual([]);
  });
});
