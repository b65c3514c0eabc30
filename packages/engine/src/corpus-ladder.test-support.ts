import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CompressionLevel } from '@shrinkly/contract';
import { inject } from 'vitest';
import { makeFixtures } from './families/image/image.test-support.js';
import type { CompressResult } from './types.js';

/**
 * The corpus ladder: every file of the shared corpus (and the image fixtures) compressed at every level by the
 * command line, each level in a process of its own, and balanced a second time by another process. It is the
 * costliest work of the engine suite, and several test files check it: the ladder test (monotonic, reproducible)
 * and each family's corpus test (valid, above its floor). It is made once per run, by the first test file that asks
 * (the others wait for it), in the folder the suite's global setup (test/global-setup.ts) provides.
 */

const execute = promisify(execFile);
const cli = fileURLToPath(new URL('../bin/shrinkly.js', import.meta.url));
const builtCli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
export const CORPUS_DIR =
  process.env.CORPUS_DIR ?? path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../shared/corpus');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the corpus ladder is made once and read by every test file that checks it (test/global-setup.ts). */
    corpusLadderDir: string;
  }
}

/** The separate calls: a level each, and balanced again to show the same level gives the same bytes (`repeatedAtBalanced`). */
export const LADDER_RUNS = [
  ['light', 'light'],
  ['balanced', 'balanced'],
  ['maximum', 'maximum'],
  ['balanced', 'balanced-again'],
] as const;
export type RunName = (typeof LADDER_RUNS)[number][1];

/**
 * Corpus folders whose family shows that a level gives the same bytes in its own tests, on files made for it
 * (video.levels, audio, pdf.ladder): balanced is repeated for the other families' files only.
 */
const REPRODUCED_IN_FAMILY_TESTS = new Set([
  'mp4',
  'mov',
  'avi',
  'mkv',
  'webm',
  'wmv',
  'flv',
  'mp3',
  'wav',
  'flac',
  'ogg',
  'm4a',
  'aac',
  'pdf',
]);

/** Whether the ladder compresses this input at balanced a second time. */
export const repeatedAtBalanced = (file: string): boolean => !REPRODUCED_IN_FAMILY_TESTS.has(path.basename(path.dirname(file)));

/** One result line of `shrinkly compress`. */
export interface LadderLine extends Omit<CompressResult, 'verified'> {
  input: string;
  ms: number;
}

export interface CorpusLadder {
  /** Every input: the corpus files and copies of the image fixtures under unique names. */
  files: string[];
  runs: Record<RunName, Record<string, LadderLine>>;
  /** What each run printed for the files it could not compress. */
  failures: Record<RunName, string>;
}

/** One process compressing every file at one level into `out`. */
async function compressAll(
  files: readonly string[],
  level: string,
  out: string,
): Promise<{ lines: Record<string, LadderLine>; failures: string }> {
  const result = await execute(process.execPath, [cli, 'compress', '--level', level, '--out', out, ...files], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch(
    // It exits 1 when any file failed; the lines of the others still count.
    (err: { stdout?: string; stderr?: string; code?: unknown }) => {
      if (typeof err.code !== 'number') throw err;
      return { stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
    },
  );
  const lines = result.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LadderLine);
  const failures = result.stderr
    .split('\n')
    .filter((l) => !/: \d+%$/.test(l))
    .join('\n');
  return { lines: Object.fromEntries(lines.map((l) => [l.input, l])), failures };
}

async function inputs(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const type of await readdir(CORPUS_DIR, { withFileTypes: true })) {
    if (!type.isDirectory()) continue;
    for (const name of (await readdir(path.join(CORPUS_DIR, type.name))).sort())
      files.push(path.join(CORPUS_DIR, type.name, name));
  }
  const fixtures = await makeFixtures(await mkdirIn(dir, 'fixtures'));
  // Unique base names, so that outputs in one --out folder never collide (shot.bmp becomes a PNG).
  const copies = await mkdirIn(dir, 'inputs');
  for (const [name, file] of Object.entries(fixtures)) {
    const copy = path.join(copies, `fixture-${name.replace('.', '-')}${path.extname(name)}`);
    await copyFile(file, copy);
    files.push(copy);
  }
  return files;
}

async function mkdirIn(dir: string, name: string): Promise<string> {
  await mkdir(path.join(dir, name), { recursive: true });
  return path.join(dir, name);
}

async function produce(dir: string): Promise<CorpusLadder> {
  if (!existsSync(builtCli)) throw new Error('the engine must be built (npm run build)');
  const files = await inputs(dir);
  const ladder: CorpusLadder = { files, runs: {} as CorpusLadder['runs'], failures: {} as CorpusLadder['failures'] };
  // Two processes at a time: every call is its own process, and the machine's two cores stay busy.
  for (let i = 0; i < LADDER_RUNS.length; i += 2) {
    await Promise.all(
      LADDER_RUNS.slice(i, i + 2).map(async ([level, name]) => {
        const inputs = name === 'balanced-again' ? files.filter(repeatedAtBalanced) : files;
        const { lines, failures } = await compressAll(inputs, level, path.join(dir, 'runs', name));
        ladder.runs[name] = lines;
        ladder.failures[name] = failures;
      }),
    );
  }
  return ladder;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(manifest: string): Promise<CorpusLadder> {
  while (!existsSync(manifest)) await sleep(500);
  const made = JSON.parse(await readFile(manifest, 'utf8')) as CorpusLadder | { error: string };
  if ('error' in made) throw new Error(`the corpus ladder could not be made: ${made.error}`);
  return made;
}

let mine: Promise<CorpusLadder> | undefined;

/** The corpus ladder of this run: made by the first caller of any test file, waited for by the others. */
export function corpusLadder(): Promise<CorpusLadder> {
  mine ??= (async () => {
    const dir = inject('corpusLadderDir');
    const manifest = path.join(dir, 'manifest.json');
    try {
      await mkdir(path.join(dir, 'producer'));
    } catch {
      return waitFor(manifest);
    }
    const made = await produce(dir).catch((err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }));
    await writeFile(`${manifest}.part`, JSON.stringify(made));
    await rename(`${manifest}.part`, manifest);
    return waitFor(manifest);
  })();
  return mine;
}

/** A corpus file's three levels as `compress` answers them (an unchanged result is the input itself). */
export async function corpusLevels(file: string): Promise<Record<CompressionLevel, CompressResult>> {
  const ladder = await corpusLadder();
  const levels = {} as Record<CompressionLevel, CompressResult>;
  for (const level of ['light', 'balanced', 'maximum'] as const) {
    const line = ladder.runs[level][file];
    if (!line) throw new Error(`${path.basename(file)} was not compressed at ${level}: ${ladder.failures[level]}`);
    const { input, ms: _ms, ...result } = line;
    levels[level] = { ...result, output: line.unchanged ? input : line.output, verified: true };
  }
  return levels;
}
