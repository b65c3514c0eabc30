import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { CORPUS_DIR } from '../../corpus-ladder.test-support.js';
import { expectKind } from '../../errors.test-support.js';
import { type RunProcess, runProcess } from '../../process/run-process.js';
import { measureSsim, SSIM_FLOOR } from '../../quality/ssim.js';
import { configureResultCache } from '../../result-cache.js';
import type { CompressionLevel, CompressResult } from '../../types.js';
import { FIXTURE_AUTHOR, writeGreyPhotoPdf, writeImagePdf } from './pdf.test-support.js';
import { readPdfFacts } from './pdf-facts.js';
import { ghostscriptArgs } from './pdf-presets.js';

const LEVELS: CompressionLevel[] = ['light', 'balanced', 'maximum'];
const corpusPdfs = existsSync(path.join(CORPUS_DIR, 'pdf'))
  ? (await readdir(path.join(CORPUS_DIR, 'pdf'))).filter((f) => f.endsWith('.pdf'))
  : [];
const tools = { runProcess, signal: new AbortController().signal };

let dir: string;
let imagePdf: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pdf-family-'));
  imagePdf = path.join(dir, 'pictures.pdf');
  await writeImagePdf(imagePdf, { authors: true });
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** The words of the first pages, sorted: a rewrite may change the reading order of a table of contents, not its words. */
async function words(file: string): Promise<string[]> {
  const { stdout } = await runProcess('pdftotext', ['-q', '-f', '1', '-l', '3', file, '-'], { captureStdout: true });
  return stdout.split(/\s+/).filter(Boolean).sort();
}

/** SSIM of page 1 rendered from both files, measured here independently of the family's own check. */
async function pageSsim(original: string, output: string, work: string): Promise<number> {
  const render = async (file: string, prefix: string) => {
    await runProcess('pdftoppm', ['-q', '-f', '1', '-l', '1', '-singlefile', '-scale-to', '1650', file, prefix]);
    return `${prefix}.ppm`;
  };
  return measureSsim(runProcess, await render(original, path.join(work, 'a')), await render(output, path.join(work, 'b')));
}

/** Every object of a PDF decompressed, as text: what a reader of the file could find in it. */
async function everything(file: string): Promise<string> {
  const { stdout } = await runProcess('qpdf', ['--qdf', '--object-streams=disable', '--', file, '-'], { captureStdout: true });
  return stdout;
}

/** Compresses at every level and checks: valid, same pages, sizes, links and text, floor met, never larger, ladder. */
async function checkLadder(input: string): Promise<Record<CompressionLevel, CompressResult>> {
  const original = await readPdfFacts(input, tools);
  const originalWords = await words(input);
  const results = {} as Record<CompressionLevel, CompressResult>;
  for (const level of LEVELS) {
    const r = await compress(input, { level, tmpDir: dir });
    results[level] = r;
    expect(r.compressedSize, `${level} never larger`).toBeLessThanOrEqual(r.originalSize);
    expect(r.format).toBe('pdf');
    const facts = await readPdfFacts(r.output, tools);
    expect(facts.pages, `${level} page count`).toBe(original.pages);
    expect(facts.pageSizes, `${level} page sizes`).toEqual(original.pageSizes);
    expect(facts.uris, `${level} links`).toEqual(original.uris);
    expect(await words(r.output), `${level} text`).toEqual(originalWords);
    if (!r.unchanged) {
      expect(r.metrics.ssim, `${level} reported SSIM`).toBeGreaterThanOrEqual(SSIM_FLOOR[level]);
      const work = await mkdtemp(path.join(dir, 'ssim-'));
      expect(await pageSsim(input, r.output, work), `${level} page 1 SSIM`).toBeGreaterThanOrEqual(SSIM_FLOOR[level]);
    }
  }
  expect(results.maximum.compressedSize, 'maximum ≤ balanced').toBeLessThanOrEqual(results.balanced.compressedSize);
  expect(results.balanced.compressedSize, 'balanced ≤ light').toBeLessThanOrEqual(results.light.compressedSize);
  return results;
}

describe('pdf family on a generated picture PDF', () => {
  it('every level keeps pages, text and links, meets its floor, never grows, and the ladder holds', async () => {
    const r = await checkLadder(imagePdf);
    // The fixture's q95 photo drawn at ~380 ppi leaves room: balanced must resample it and save much.
    expect(r.balanced.unchanged).toBe(false);
    expect(r.balanced.compressedSize).toBeLessThan(r.balanced.originalSize * 0.5);
    expect(r.balanced.recipe).toMatch(/picture/);
    // The fixture names its author in /Info and its XMP: no result does, and the title stays.
    expect(await everything(imagePdf)).toContain(FIXTURE_AUTHOR);
    for (const level of LEVELS) {
      const text = await everything(r[level].output);
      expect(text, level).not.toContain(FIXTURE_AUTHOR);
      expect(text, level).toContain('Shrinkly fixture');
      expect(r[level].notes, level).toContain("The document's author and edit history were removed");
    }
  });

  it("ghostscript's rewrite of a file that names its author empties the author", async () => {
    const out = path.join(dir, 'gs-author.pdf');
    await runProcess('gs', ghostscriptArgs(imagePdf, out, {}, true));
    const text = await everything(out);
    expect(text).not.toContain(FIXTURE_AUTHOR);
    expect(text).toContain('Shrinkly fixture');
  });

  it("stops ghostscript's rewrite once its file outgrows the lossless one, and runs no qpdf pass over it", async () => {
    // 200 pages sharing one page's content: qpdf keeps it once, ghostscript writes every page again (38 times larger).
    const page = path.join(dir, 'one-page.pdf');
    const program = path.join(dir, 'one-page.ps');
    await writeFile(
      program,
      '/Times-Roman findfont 11 scalefont setfont 0 1 59 { /i exch def 56 760 i 12 mul sub moveto (A line of a form.) show } for showpage',
    );
    await runProcess('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', `-sOutputFile=${page}`, program]);
    const repeated = path.join(dir, 'repeated-pages.pdf');
    await runProcess('qpdf', ['--empty', '--pages', ...Array<string>(200).fill(page), '--', repeated]);
    const calls: string[][] = [];
    const recording: RunProcess = (command, args, options) => {
      calls.push([command, ...args]);
      return runProcess(command, args, options);
    };
    const r = await compress(repeated, { level: 'balanced', tmpDir: dir, runProcess: recording });
    expect(r.recipe).toMatch(/^qpdf lossless/);
    expect(calls.some(([command]) => command === 'gs')).toBe(true);
    expect(calls.filter(([command, ...args]) => command === 'qpdf' && args.some((a) => a.endsWith('gs.pdf')))).toEqual([]);
  });

  it('a grey photo is re-encoded as a grey JPEG, keeping its colour space', async () => {
    const grey = path.join(dir, 'grey.pdf');
    await writeGreyPhotoPdf(grey);
    const r = await compress(grey, { level: 'balanced', tmpDir: dir });
    expect(r.recipe).toMatch(/1 picture\(s\) resampled/);
    expect(r.compressedSize).toBeLessThan(r.originalSize * 0.5);
    const { stdout } = await runProcess('pdfimages', ['-list', r.output], { captureStdout: true });
    const [row] = stdout
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/));
    expect([row?.[5], row?.[6], row?.[8]], 'colour, components, encoding').toEqual(['gray', '1', 'jpeg']);
  });

  it('a signed PDF is kept at light and compressed with a note at balanced', async () => {
    const signed = path.join(dir, 'signed.pdf');
    await writeImagePdf(signed, { signed: true });
    const light = await compress(signed, { level: 'light', tmpDir: dir });
    expect(light.unchanged).toBe(true);
    expect(light.notes.join(' ')).toMatch(/signed/i);
    const balanced = await compress(signed, { level: 'balanced', tmpDir: dir });
    expect(balanced.unchanged).toBe(false);
    expect(balanced.notes.join(' ')).toMatch(/digital signature is removed/);
  });

  it('a password-protected PDF is refused; an owner-restricted one stays encrypted', async () => {
    const locked = path.join(dir, 'locked.pdf');
    await runProcess('qpdf', ['--encrypt', 'user-pw', 'owner-pw', '256', '--', imagePdf, locked]);
    await expectKind(compress(locked, { level: 'balanced', tmpDir: dir }), 'invalid-input');
    const restricted = path.join(dir, 'restricted.pdf');
    await runProcess('qpdf', ['--encrypt', '', 'owner-pw', '256', '--print=none', '--', imagePdf, restricted]);
    const r = await compress(restricted, { level: 'maximum', tmpDir: dir });
    expect((await readPdfFacts(r.output, tools)).encrypted).toBe(true);
  });

  it('corrupt and truncated PDFs are invalid input', async () => {
    const corrupt = path.join(dir, 'corrupt.pdf');
    await writeFile(corrupt, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 0x5a)]));
    await expectKind(compress(corrupt, { tmpDir: dir }), 'invalid-input');
    const whole = await readFile(imagePdf);
    const truncated = path.join(dir, 'truncated.pdf');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expectKind(compress(truncated, { tmpDir: dir }), 'invalid-input');
  });

  it('a cancelled call rejects as cancelled and leaves no work folder', async () => {
    const own = await mkdtemp(path.join(dir, 'cancel-'));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    // A real search to cancel: the result cache would answer from the first test's run of this file.
    configureResultCache({ maxBytes: 0 });
    try {
      await expectKind(compress(imagePdf, { level: 'balanced', tmpDir: own, signal: controller.signal }), 'cancelled');
    } finally {
      configureResultCache({});
    }
    expect((await readdir(own)).filter((n) => n.startsWith('shrinkly-work-'))).toEqual([]);
  });
});

describe.runIf(corpusPdfs.length > 0)('pdf family on the corpus', () => {
  for (const name of corpusPdfs) {
    it(`${name}: valid at every level, floors met, never larger, monotonic`, async () => {
      const input = path.join(dir, name);
      await mkdir(dir, { recursive: true });
      await copyFile(path.join(CORPUS_DIR, 'pdf', name), input);
      const r = await checkLadder(input);
      expect((await stat(r.maximum.output)).size).toBe(r.maximum.compressedSize);
    });
  }
});
