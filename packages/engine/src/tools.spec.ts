import { mkdtemp, writeFile, chmod, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTERNAL_TOOLS, findOnPath, probeTools } from './tools.js';

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

  it('probes every listed tool', async () => {
    const result = await probeTools('');
    expect(Object.keys(result).sort()).toEqual(EXTERNAL_TOOLS.map((t) => t.command).sort());
    expect(Object.values(result).every((v) => v === false)).toBe(true);
  });
});
