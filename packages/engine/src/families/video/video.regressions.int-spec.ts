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
    const input = path.join(dir, 'phone.flv');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=4:d=1.6', '-f', 'lavfi', '-i', 'sine=f=440:sample_rate=22050:d=1.6'],
      ...['-c:v', 'flv', '-q:v', '5', '-c:a', 'libmp3lame', '-b:a', '64k', '-ar', '22050', input],
    ]);

    const r = await compress(input, { level: 'balanced', tmpDir: dir });
    expect(r.recipe).not.toMatch(/lasts/);
    expect(r.unchanged).toBe(false);
    expect(r.compressedSize).toBeLessThan(r.originalSize);
  });

  it('copies the sound when its encoder refuses the level bitrate, and never calls the file damaged', async () => {
    // libvorbis has no 24 kb/s setup for 32 kHz mono, the bitrate maximum asks of such a track.
    const input = path.join(dir, 'theora-32k-mono.ogv');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=24:d=2', '-f', 'lavfi', '-i', 'sine=f=440:sample_rate=32000:d=2'],
      ...['-ac', '1', '-c:v', 'libtheora', '-q:v', '7', '-c:a', 'libvorbis', '-q:a', '6', input],
    ]);

    const r = await compress(input, { level: 'maximum', tmpDir: dir });
    expect(r.unchanged).toBe(false);
    expect(r.recipe).toMatch(/audio copied/);
    expect((await probe(r.output)).streams.map((s) => s.codec).sort()).toEqual(['theora', 'vorbis']);
  });
});
