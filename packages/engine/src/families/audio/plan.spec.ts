import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeKey } from './encode.js';
import { likelyEncode, planLevel } from './plan.js';
import { recipeFor } from './recipes.js';
import { sniffLayout } from './sniff.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audio-plan-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the encode started before the probe', () => {
  it('is the one the probe asks for on a usual file, and says nothing it cannot know (no keep decision)', () => {
    const probed = planLevel(
      recipeFor('mp3', { codec: 'mp3' }),
      { channels: 2, sampleRate: 44_100, bitRate: 192_000 },
      'balanced',
    );
    const likely = likelyEncode('mp3', 'balanced');
    expect(likely && 'args' in probed && encodeKey(likely) === encodeKey(probed)).toBe(true);
    // Light would keep a 128 kb/s file; before the probe the bitrate is unknown, so an encode is still offered.
    expect(likelyEncode('mp3', 'light')).toBeDefined();
    expect(likelyEncode('txt', 'light')).toBeUndefined();
  });

  it('reads the layout from the first frame header, after an ID3 tag', async () => {
    // ID3v2 tag of 20 bytes of body, then an MPEG-1 Layer III frame header: 44.1 kHz, mono.
    const id3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x14', 'latin1'), Buffer.alloc(20)]);
    const mp3 = path.join(dir, 'mono.mp3');
    await writeFile(mp3, Buffer.concat([id3, Buffer.from([0xff, 0xfb, 0x90, 0xc4]), Buffer.alloc(400)]));
    expect(await sniffLayout(mp3, 'mp3')).toEqual({ channels: 1, sampleRate: 44_100 });
    // ADTS: AAC LC, 48 kHz (index 3), one channel.
    const aac = path.join(dir, 'mono.aac');
    await writeFile(aac, Buffer.concat([Buffer.from([0xff, 0xf1, 0x4c, 0x40, 0x00, 0x1f, 0xfc]), Buffer.alloc(200)]));
    expect(await sniffLayout(aac, 'aac')).toEqual({ channels: 1, sampleRate: 48_000 });
    expect(await sniffLayout(aac, 'm4a')).toBeUndefined();
  });
});
