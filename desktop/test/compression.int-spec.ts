import { spawnSync } from 'node:child_process';
import { copyFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalJob } from '@shrinkly/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhotoPng } from '../../server/test/fixtures.js';
import { FIXTURES, type TestCore, tempFolder, testCore, withTempFolder } from './support/test-core.js';

/** Local compression through the bridge, running the real engine in the worker thread on the repository's fixtures. */
describe('local compression', () => {
  let t: TestCore;
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let jobTmp: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    work = await tempFolder();
    jobTmp = await tempFolder('shrinkly-desktop-jobs-');
    t = testCore({ tmpDir: jobTmp.dir });
  });
  afterAll(async () => {
    await t.core.close();
    await work.remove();
    await jobTmp.remove();
  });

  async function copyOf(fixture: string, name = fixture, dir = work.dir): Promise<string> {
    const target = path.join(dir, name);
    await copyFile(path.join(FIXTURES, fixture), target);
    return target;
  }

  async function finished(id: string): Promise<LocalJob> {
    const list = await t.events.waitFor('jobs:changed', ({ jobs }) =>
      jobs.some((j) => j.id === id && ['done', 'failed', 'cancelled'].includes(j.status)),
    );
    return list.jobs.find((j) => j.id === id)!;
  }

  /** Files dropped on the window, then queued as the window asks. */
  async function compress(paths: string[], level?: 'light' | 'balanced' | 'maximum') {
    t.core.userChose(paths);
    return t.invoke('compress:start', { paths, ...(level && { level }) });
  }

  async function compressOne(file: string, level?: 'light' | 'balanced' | 'maximum'): Promise<LocalJob> {
    const { jobs } = await compress([file], level);
    expect(jobs).toMatchObject([{ sourcePath: file, sync: 'off', progress: 0 }]);
    expect(['queued', 'running']).toContain(jobs[0]!.status);
    return finished(jobs[0]!.id);
  }

  it('writes NAME.min.EXT beside the original, reports real progress and the recipe, and keeps the original', async () => {
    const source = await copyOf('skagen.jpg', 'harbour.jpg');
    const before = await readFile(source);
    const job = await compressOne(source);
    expect(job).toMatchObject({
      status: 'done',
      progress: 100,
      unchanged: false,
      level: 'balanced',
      outputPath: path.join(work.dir, 'harbour.min.jpg'),
      sync: 'off',
    });
    expect(job.message).toMatch(/mozjpeg/);
    expect(job.compressedSize).toBe((await stat(job.outputPath!)).size);
    expect(job.compressedSize!).toBeLessThan(job.originalSize);
    expect((await sharp(job.outputPath!).metadata()).format).toBe('jpeg');
    expect(await readFile(source)).toEqual(before);
    const progress = t.events
      .of('jobs:changed')
      .map(({ jobs }) => jobs.find((j) => j.id === job.id)?.progress)
      .filter((p) => p !== undefined);
    const steps = [...new Set(progress)];
    // The engine's own progress, in order: more than a start and an end.
    expect(steps.filter((p) => p > 0 && p < 100).length).toBeGreaterThan(1);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(await t.invoke('compress:show-in-folder', { id: job.id })).toEqual({ ok: true });
    expect(t.shell.shown).toEqual([job.outputPath]);
  });

  it('takes the options beside the level: a longest side and a target size, through the bridge to the engine', async () => {
    const source = await copyOf('skagen.jpg', 'small-side.jpg');
    t.core.userChose([source]);
    const { jobs } = await t.invoke('compress:start', { paths: [source], maxDimension: 400, targetBytes: 20 * 1024 });
    const job = await finished(jobs[0]!.id);
    expect(job.status).toBe('done');
    const out = await sharp(job.outputPath!).metadata();
    expect(Math.max(out.width ?? 0, out.height ?? 0)).toBe(400);
    expect(job.compressedSize!).toBeLessThanOrEqual(20 * 1024);
    // Before and after from the engine's renditions: the original drawn at the resized result's size.
    const { pairs } = await t.invoke('compress:comparison', { id: job.id });
    expect(pairs.map((p) => p.label)).toEqual(['Picture']);
    for (const side of ['before', 'after'] as const) {
      const jpeg = Buffer.from(pairs[0]![side].split(',')[1]!, 'base64');
      expect(Math.max((await sharp(jpeg).metadata()).width ?? 0, (await sharp(jpeg).metadata()).height ?? 0)).toBe(400);
    }
    const refused = await t.invoke('compress:start', { paths: [source], maxDimension: 4 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
  });

  it('carries the consent to go below the level to fit a target: a song comes under it', async () => {
    const song = path.join(work.dir, 'song.mp3');
    const noise = 'anoisesrc=color=pink:amplitude=0.2:d=8:r=44100';
    expect(spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', noise, '-ac', '2', '-b:a', '320k', song]).status).toBe(
      0,
    );
    t.core.userChose([song]);
    // Maximum alone gives about 96 kb/s, some 96KB for these 8 seconds: 60KB needs less.
    const targetBytes = 60 * 1024;
    const { jobs } = await t.invoke('compress:start', { paths: [song], level: 'maximum', targetBytes, belowFloor: true });
    const job = await finished(jobs[0]!.id);
    expect(job.status).toBe('done');
    expect(job.compressedSize!).toBeLessThanOrEqual(targetBytes);
    // Sound has no renditions: it is compared by ear.
    const refused = await t.invoke('compress:comparison', { id: job.id }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
  });

  it('never overwrites: a second result is NAME.min (2).EXT, a third NAME.min (3).EXT', async () => {
    const source = await copyOf('skagen.jpg', 'pier.jpg');
    const taken = path.join(work.dir, 'pier.min.jpg');
    await copyFile(path.join(FIXTURES, 'skagen.png'), taken);
    const placeholder = await readFile(taken);
    const second = await compressOne(source, 'light');
    const third = await compressOne(source, 'light');
    expect([second.outputPath, third.outputPath]).toEqual([
      path.join(work.dir, 'pier.min (2).jpg'),
      path.join(work.dir, 'pier.min (3).jpg'),
    ]);
    expect(await readFile(taken)).toEqual(placeholder);
    expect(await readFile(second.outputPath!)).toEqual(await readFile(third.outputPath!));
  });

  it('writes into the output folder when one is set', async () => {
    const out = await tempFolder();
    try {
      t.dialogs.folder = out.dir;
      await t.invoke('dialog:choose-folder');
      await t.invoke('settings:update', { outputFolder: out.dir });
      const source = await copyOf('skagen.png', 'dunes.png');
      const job = await compressOne(source, 'maximum');
      expect(job.outputPath).toBe(path.join(out.dir, 'dunes.min.png'));
      expect(await readdir(out.dir), JSON.stringify(job)).toEqual(['dunes.min.png']);
    } finally {
      await t.invoke('settings:update', { outputFolder: null });
      await out.remove();
    }
  });

  it('replaces the original only with the complete result when keepOriginal is off, leaving no temporary file', async () => {
    const folder = await tempFolder();
    try {
      await t.invoke('settings:update', { keepOriginal: false });
      const source = await copyOf('skagen.jpg', 'beach.jpg', folder.dir);
      const originalSize = (await stat(source)).size;
      const job = await compressOne(source);
      expect(job).toMatchObject({ status: 'done', outputPath: source, originalSize });
      expect(await readdir(folder.dir)).toEqual(['beach.jpg']);
      expect((await stat(source)).size).toBe(job.compressedSize);
      expect(job.compressedSize!).toBeLessThan(originalSize);
      expect((await sharp(source).metadata()).format).toBe('jpeg');
    } finally {
      await t.invoke('settings:update', { keepOriginal: true });
      await folder.remove();
    }
  });

  it('writes no copy when nothing was gained: done, unchanged, the recipe as the message', async () => {
    await withTempFolder(async (dir) => {
      const source = await copyOf('skagen.jpg', 'shore.jpg', dir);
      const first = await compressOne(source, 'maximum');
      // A strongly compressed picture cannot get smaller at the light level's quality.
      const again = await compressOne(first.outputPath!, 'light');
      expect(again).toMatchObject({ status: 'done', unchanged: true, outputPath: null, compressedSize: again.originalSize });
      expect(again.message).toMatch(/kept the original|would not make it smaller|mozjpeg/);
      expect((await readdir(dir)).sort()).toEqual(['shore.jpg', 'shore.min.jpg']);
    });
  });

  it('cancels a running job: the engine stops, and no result and no temporary file is left', async () => {
    await withTempFolder(async (dir) => {
      // A picture of its own: the result cache already knows the fixtures' results, which finish at once.
      const source = path.join(dir, 'cliffs.png');
      await makePhotoPng(source, 1200, 900);
      const { jobs } = await compress([source], 'maximum');
      const id = jobs[0]!.id;
      await t.events.waitFor('jobs:changed', ({ jobs: list }) =>
        list.some((j) => j.id === id && j.status === 'running' && j.progress > 0),
      );
      expect(await t.invoke('compress:cancel', { id })).toEqual({ ok: true });
      const job = await finished(id);
      expect(job).toMatchObject({ status: 'cancelled', outputPath: null, message: 'Cancelled' });
      expect(await readdir(dir)).toEqual(['cliffs.png']);
      // Every job's private folder (and the engine's work folders inside it) is gone.
      expect(await readdir(jobTmp.dir)).toEqual([]);
    });
  });

  it('fails a file the engine cannot compress with a clear message, and runs the others', async () => {
    await withTempFolder(async (dir) => {
      const broken = path.join(dir, 'broken.jpg');
      await copyFile(path.join(FIXTURES, 'skagen.jpg'), broken);
      const bytes = await readFile(broken);
      await writeFile(broken, bytes.subarray(0, 600));
      const good = await copyOf('letter.docx', 'letter.docx', dir);
      const { jobs } = await compress([dir]);
      expect(jobs.map((j) => j.name)).toEqual(['broken.jpg', 'letter.docx']);
      const [bad, fine] = [await finished(jobs[0]!.id), await finished(jobs[1]!.id)];
      expect(bad.status).toBe('failed');
      expect(bad.message).toBeTruthy();
      expect(bad.message).not.toMatch(/at .*\.js|Error:/);
      expect(fine.status).toBe('done');
      expect(fine.sourcePath).toBe(good);
      const cleared = await t.invoke('compress:clear-finished');
      expect(cleared.jobs.filter((j) => ['done', 'failed', 'cancelled'].includes(j.status))).toEqual([]);
    });
  });
});
