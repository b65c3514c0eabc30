import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { ffmpeg, probe } from '../../tools/media/media.test-support.js';
import { writeSorensonMp3Flv } from './flv.test-support.js';

// Files that once failed or came back unchanged for a reason of ours, not theirs: each made here in the same shape.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'video-regressions-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `name`: the 320×240 test picture with a 440 Hz tone, `seconds` long, encoded with the `output` options. */
async function writeClip(
  name: string,
  clip: { seconds: number; fps: number; sampleRate: number },
  output: readonly string[],
): Promise<string> {
  const file = path.join(dir, name);
  const { seconds, fps, sampleRate } = clip;
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=s=320x240:r=${fps}:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=f=440:sample_rate=${sampleRate}:d=${seconds}`],
    ...output,
    file,
  ]);
  return file;
}

describe('video files that once failed', () => {
  it('re-encodes MP3 sound at a rate the FLV muxer refuses to copy (Sorenson FLV1 with 16 kHz MP3)', async () => {
    const input = await writeSorensonMp3Flv(dir, 'sorenson-16k', 16_000);
    expect((await probe(input)).streams.find((s) => s.type === 'audio')).toMatchObject({ codec: 'mp3', sampleRate: 16_000 });

    const r = await compress(input, { level: 'balanced', tmpDir: dir });
    expect(r.unchanged).toBe(false);
    expect(r.recipe).toMatch(/audio: AAC/);
    const out = await probe(r.output);
    expect(out.streams.map((s) => s.codec).sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(out.durationSec - 3)).toBeLessThan(0.3);
  });

  it('compresses a 1.6 s FLV at 4 frames a second whose encode starts at the B-frame delay', async () => {
    const output = ['-c:v', 'flv', '-q:v', '5', '-c:a', 'libmp3lame', '-b:a', '64k', '-ar', '22050'];
    const input = await writeClip('phone.flv', { seconds: 1.6, fps: 4, sampleRate: 22_050 }, output);

    const r = await compress(input, { level: 'balanced', tmpDir: dir });
    expect(r.recipe).not.toMatch(/lasts/);
    expect(r.unchanged).toBe(false);
    expect(r.compressedSize).toBeLessThan(r.originalSize);
  });

  it('copies the sound when its encoder refuses the level bitrate, and never calls the file damaged', async () => {
    // libvorbis has no 24 kb/s setup for 32 kHz mono, the bitrate maximum asks of such a track.
    const output = ['-ac', '1', '-c:v', 'libtheora', '-q:v', '7', '-c:a', 'libvorbis', '-q:a', '6'];
    const input = await writeClip('theora-32k-mono.ogv', { seconds: 2, fps: 24, sampleRate: 32_000 }, output);

    const r = await compress(input, { level: 'maximum', tmpDir: dir });
    expect(r.unchanged).toBe(false);
    expect(r.recipe).toMatch(/audio copied/);
    expect((await probe(r.output)).streams.map((s) => s.codec).sort()).toEqual(['theora', 'vorbis']);
  });
});
