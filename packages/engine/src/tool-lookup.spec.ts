import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTERNAL_TOOLS, findOnPath, findTool, probeTools, unpackedPath } from './tool-lookup.js';

describe('external tools', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('finds an executable on PATH and reports a missing one as null', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tools-'));
    dirs.push(dir);
    const exe = path.join(dir, 'qpdf');
    await writeFile(exe, '#!/bin/sh\n');
    await chmod(exe, 0o755);
    expect(await findOnPath('qpdf', dir)).toBe(exe);
    expect(await findOnPath('gs', dir)).toBeNull();
  });

  it('does not count a file without the execute bit', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tools-'));
    dirs.push(dir);
    await writeFile(path.join(dir, 'gs'), 'not executable');
    expect(await findOnPath('gs', dir)).toBeNull();
  });

  async function executable(name: string): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'tools-'));
    dirs.push(dir);
    const exe = path.join(dir, name);
    await writeFile(exe, '#!/bin/sh\n');
    await chmod(exe, 0o755);
    return exe;
  }

  it("finds ffmpeg from FFMPEG_PATH first, then ffmpeg-static's binary, then PATH", async () => {
    const named = await executable('my-ffmpeg');
    const bundled = await executable('ffmpeg');
    const onPath = await executable('ffmpeg');
    const envPath = path.dirname(onPath);
    const loadPackage = (name: string) => (name === 'ffmpeg-static' ? bundled : null);
    expect(await findTool('ffmpeg', { env: { FFMPEG_PATH: named }, envPath, loadPackage })).toBe(named);
    expect(await findTool('ffmpeg', { env: {}, envPath, loadPackage })).toBe(bundled);
    expect(await findTool('ffmpeg', { env: {}, envPath, loadPackage: () => null })).toBe(onPath);
    // ffmpeg-static installed without its binary (its download step did not run): PATH's ffmpeg.
    expect(await findTool('ffmpeg', { env: {}, envPath, loadPackage: () => path.join(path.dirname(bundled), 'absent') })).toBe(
      onPath,
    );
    // A variable naming a missing binary is a missing tool, not a silent fallback to another ffmpeg.
    expect(await findTool('ffmpeg', { env: { FFMPEG_PATH: path.join(envPath, 'absent') }, envPath, loadPackage })).toBeNull();
  });

  it('finds ffprobe from FFPROBE_PATH, and only ffmpeg in ffmpeg-static', async () => {
    const named = await executable('ffprobe');
    const bundled = await executable('ffmpeg');
    expect(await findTool('ffprobe', { env: { FFPROBE_PATH: named }, envPath: '' })).toBe(named);
    expect(await findTool('ffprobe', { env: {}, envPath: '', loadPackage: () => bundled })).toBeNull();
  });

  it("reads a packaged app's binaries from outside its asar archive", () => {
    const inside = path.join(path.sep, 'opt', 'Shrinkly', 'resources', 'app.asar', 'node_modules', 'ffmpeg-static', 'ffmpeg');
    expect(unpackedPath(inside)).toBe(
      path.join(path.sep, 'opt', 'Shrinkly', 'resources', 'app.asar.unpacked', 'node_modules', 'ffmpeg-static', 'ffmpeg'),
    );
  });

  it('probes every listed tool', async () => {
    const result = await probeTools({ env: {}, envPath: '', loadPackage: () => null });
    expect(Object.keys(result).sort()).toEqual(EXTERNAL_TOOLS.map((t) => t.command).sort());
    expect(Object.values(result).every((v) => v === false)).toBe(true);
  });
});
