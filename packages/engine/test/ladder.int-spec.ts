import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures } from '../src/families/image/image.test-support.js';

/**
 * The level ladder across separate calls: each level of every corpus file and generated fixture is computed by its
 * own command-line process (nothing shared in memory), and a second process repeats balanced. A stronger level is
 * never larger than a lighter one, and the same level gives the same bytes.
 */
const run = promisify(execFile);
const cli = fileURLToPath(new URL('../bin/shrinkly.js', import.meta.url));
const CORPUS = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../shared/corpus');

interface Line {
  input: string;
  output: string;
  compressedSize: number;
}

/** One process compressing every file at one level into `out`; its JSON lines by input. */
async function compressAll(files: readonly string[], level: string, out: string): Promise<Map<string, Line>> {
  const { stdout } = await run(process.execPath, [cli, 'compress', '--level', level, '--out', out, ...files], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (err: { stdout?: string; stderr?: string }) => {
      throw new Error(`shrinkly compress --level ${level} failed: ${err.stderr ?? ''}`);
    },
  );
  const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as Line);
  return new Map(lines.map((l) => [l.input, l]));
}

describe('level ladder across separate calls', () => {
  let dir: string;
  const files: string[] = [];

  beforeAll(async () => {
    expect(existsSync(fileURLToPath(new URL('../dist/cli.js', import.meta.url))), 'the engine must be built (npm run build)').toBe(true);
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-ladder-'));
    for (const type of await readdir(CORPUS, { withFileTypes: true })) {
      if (!type.isDirectory()) continue;
      for (const name of await readdir(path.join(CORPUS, type.name))) files.push(path.join(CORPUS, type.name, name));
    }
    const fixtures = await makeFixtures(await mkdtemp(path.join(dir, 'fixtures-')));
    // Unique base names, so that outputs in one --out folder never collide (shot.bmp becomes a PNG).
    await mkdir(path.join(dir, 'inputs'));
    for (const [name, file] of Object.entries(fixtures)) {
      const copy = path.join(dir, 'inputs', `fixture-${name.replace('.', '-')}${path.extname(name)}`);
      await copyFile(file, copy);
      files.push(copy);
    }
  }, 300_000);

  afterAll(async () => rm(dir, { recursive: true, force: true }));

  // Four passes over every file: one try is enough to show a fault, and a second would double the suite's time.
  it('maximum ≤ balanced ≤ light, and the same level gives the same bytes', { timeout: 1_800_000, retry: 0 }, async () => {
    expect(files.length).toBeGreaterThan(30);
    const calls = [['light', 'light'], ['balanced', 'balanced'], ['maximum', 'maximum'], ['balanced', 'balanced-again']] as const;
    const results: Record<string, Map<string, Line>> = {};
    // Two processes at a time: every call is its own process, and the machine's two cores stay busy.
    for (let i = 0; i < calls.length; i += 2) {
      await Promise.all(calls.slice(i, i + 2).map(async ([level, name]) => (results[name] = await compressAll(files, level, path.join(dir, name)))));
    }
    const problems: string[] = [];
    for (const file of files) {
      const [light, balanced, maximum, again] = ['light', 'balanced', 'maximum', 'balanced-again'].map((n) => results[n]?.get(file));
      const name = path.relative(path.dirname(CORPUS), file);
      if (!light || !balanced || !maximum || !again) {
        problems.push(`${name}: not compressed by every call`);
        continue;
      }
      if (balanced.compressedSize > light.compressedSize) problems.push(`${name}: balanced ${balanced.compressedSize} > light ${light.compressedSize}`);
      if (maximum.compressedSize > balanced.compressedSize) problems.push(`${name}: maximum ${maximum.compressedSize} > balanced ${balanced.compressedSize}`);
      if (!(await readFile(balanced.output)).equals(await readFile(again.output))) problems.push(`${name}: two balanced calls gave different bytes`);
    }
    expect(problems).toEqual([]);
  });
});
