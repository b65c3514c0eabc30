import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_BUDGETS } from '../../src/budget.js';
import { compress } from '../../src/compress.js';
import { convert } from '../../src/convert.js';
import { EngineError } from '../../src/errors.js';
import { engineFailure } from '../../src/errors.test-support.js';
import { estimate } from '../../src/estimate.js';
import { lavfi } from '../../src/tools/media/media.test-support.js';
import { expandedPdf, writeActivePdf, writeFrameBombGif, writeLongVideo, writePixelBombPng } from './hostile-files.js';

describe('content attacks: bounded work and inert documents', () => {
  let tmp: string;
  let work: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'content-attacks-'));
    work = await mkdtemp(path.join(tmpdir(), 'content-attacks-work-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  const leftovers = async () => (await readdir(work)).filter((n) => n.startsWith('shrinkly-'));

  it('an animation past the frame limit is refused at once, for compression, preview and conversion', async () => {
    const gif = path.join(tmp, 'frames.gif');
    const frames = (WORK_BUDGETS.image.maxFrames ?? 0) + 500;
    await writeFrameBombGif(gif, frames);
    const err = await engineFailure(compress(gif, { level: 'maximum', tmpDir: work }));
    expect(err.kind).toBe('over-budget');
    expect(err.message).toContain('1,500 frames');
    expect((await engineFailure(estimate(gif, { tmpDir: work }))).kind).toBe('over-budget');
    expect((await engineFailure(convert(gif, { target: 'webp', tmpDir: work }))).kind).toBe('over-budget');
    expect(await leftovers()).toEqual([]);
  });

  it('a pixel bomb is refused before it is decoded', async () => {
    const png = path.join(tmp, 'bomb.png');
    await writePixelBombPng(png);
    const err = await engineFailure(compress(png, { tmpDir: work }));
    expect(err.kind).toBe('invalid-input');
    expect(err.message).toMatch(/too large/);
    expect(await leftovers()).toEqual([]);
  });

  it('media longer than the limit are refused after a probe, not worked through', async () => {
    const video = path.join(tmp, 'long.mp4');
    const hours = (WORK_BUDGETS.video.maxDurationSec ?? 0) / 3600;
    await writeLongVideo(video, (hours + 0.5) * 3600);
    const err = await engineFailure(compress(video, { level: 'balanced', tmpDir: work }));
    expect(err.kind).toBe('over-budget');
    expect(err.message).toContain(`longer than ${hours} hours`);
    expect((await engineFailure(convert(video, { target: 'webm', tmpDir: work }))).kind).toBe('over-budget');
    expect(await leftovers()).toEqual([]);
  }, 180_000);

  it('a call past its time budget stops its tools and says so', async () => {
    // Noisy frames: a search over them takes seconds, far past the budget, whatever the machine.
    const video = path.join(tmp, 'busy.mp4');
    await lavfi('testsrc2=s=320x240:r=25,noise=alls=40:allf=t', ['-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast'], video);
    const err = await engineFailure(compress(video, { level: 'maximum', tmpDir: work, timeBudgetMs: 1000 }));
    expect(err.kind).toBe('over-budget');
    expect(err.message).toMatch(/needs more processing than Shrinkly gives one video file/);
    expect(await leftovers()).toEqual([]);
  });

  it("damaged audio is the file's fault whatever the decoder says (invalid input, never our failure)", async () => {
    const aac = path.join(tmp, 'tone.aac');
    await lavfi('sine=frequency=440:duration=3', ['-c:a', 'aac', '-b:a', '96k'], aac);
    const clean = await readFile(aac);
    const kinds = new Set<string>();
    for (let i = 0; i < 16; i++) {
      const damaged = Buffer.from(clean);
      // Flips spread over the frames (not the first header, so the file is still recognised as AAC).
      for (let k = 0; k < 24; k++) damaged[64 + ((i * 7919 + k * 104_729) % (damaged.length - 64))] ^= 1 << ((i + k) % 8);
      const file = path.join(tmp, `damaged-${i}.aac`);
      await writeFile(file, damaged);
      const outcome = await compress(file, { level: 'balanced', tmpDir: work }).then(
        async (r) => {
          if (!r.unchanged) await rm(path.dirname(r.output), { recursive: true, force: true });
          return 'compressed';
        },
        (err: unknown) => (err instanceof EngineError ? err.kind : String(err)),
      );
      kinds.add(outcome);
    }
    expect([...kinds].filter((k) => k !== 'compressed' && k !== 'invalid-input')).toEqual([]);
    expect(kinds.has('invalid-input')).toBe(true);
  });

  for (const level of COMPRESSION_LEVELS) {
    it(`a compressed PDF keeps no scripts, launch or auto-run actions (${level})`, async () => {
      const pdf = path.join(tmp, `active-${level}.pdf`);
      await writeActivePdf(pdf);
      const result = await compress(pdf, { level, tmpDir: work });
      expect(result.unchanged).toBe(false);
      expect(result.recipe).toContain('scripts, launch and auto-run actions removed');
      const body = await expandedPdf(result.output);
      for (const active of ['/JavaScript', '/Launch', '/OpenAction', '/AA', 'app.alert', 'cmd.exe'])
        expect(body).not.toContain(active);
      // Links to web addresses stay.
      expect(body).toContain('https://example.com/kept');
      await rm(path.dirname(result.output), { recursive: true, force: true });
    });
  }
});
