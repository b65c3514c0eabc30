import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress, nestedEngine } from '../../compress.js';
import { detect } from '../../detect.js';
import { type RunProcess, runProcess } from '../../process/run-process.js';
import { measureSsim, SSIM_FLOOR } from '../../quality/ssim.js';
import type { CallMemo, CompressContext, CompressionLevel, CompressResult, DetectedType, FamilyCompressor } from '../../types.js';
import { FAMILIES } from '../index.js';
import { engineImageCompressor, type ImageCompressor, sharedPictureResults } from './images.js';
import { createOfficeFamily, officeFamily } from './office.family.js';
import {
  countInLibreOffice,
  handMadeDocx,
  makeFixtures,
  noisyPng,
  packageProblems,
  readParts,
  writeParts,
} from './office.test-support.js';

const LEVELS: CompressionLevel[] = ['light', 'balanced', 'maximum'];
const HAS_IMAGE_FAMILY = FAMILIES.some((f) => f.family === 'image');
const measure = (a: string, b: string) => measureSsim(runProcess, a, b);

describe('office family on generated documents', () => {
  let tmp: string;
  let fx: Record<string, string>;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'office-fixtures-'));
    fx = await makeFixtures(path.join(tmp, 'fx'), ['docx', 'pptx', 'ods', 'odt', 'odp', 'xlsx', 'doc']);
  });
  afterAll(async () => rm(tmp, { recursive: true, force: true }));

  /** Runs the family directly (e.g. with another image compressor) and keeps its output before the work folder goes. */
  async function runFamily(family: FamilyCompressor, file: string, level: CompressionLevel) {
    const workDir = await mkdtemp(path.join(tmp, 'direct-'));
    const type = await detect(file);
    const out = await family.compress(file, type, {
      level,
      signal: new AbortController().signal,
      onProgress: () => {},
      workDir,
      runProcess,
    });
    const kept = path.join(tmp, `${path.basename(workDir)}.${out.format}`);
    await copyFile(out.path, kept);
    await rm(workDir, { recursive: true, force: true });
    return { ...out, path: kept, original: out.path === file };
  }

  async function expectValid(file: string, result: CompressResult, level: CompressionLevel) {
    expect(result.compressedSize).toBeLessThanOrEqual(result.originalSize);
    if (result.unchanged) return 0;
    const check = await packageProblems(file, result.output, SSIM_FLOOR[level], tmp, measure);
    expect(check.problems).toEqual([]);
    return check.changedPictures;
  }

  // The full ladder on one OOXML and one ODF document; the other formats once, at the default level.
  for (const ext of ['docx', 'ods']) {
    it.concurrent(`${ext}: three levels valid, never larger, monotonic, same pages/slides/sheets`, async () => {
      const file = fx[ext] ?? '';
      const results = {} as Record<CompressionLevel, CompressResult>;
      for (const level of LEVELS) results[level] = await compress(file, { level, tmpDir: tmp });
      expect(results.maximum.compressedSize).toBeLessThanOrEqual(results.balanced.compressedSize);
      expect(results.balanced.compressedSize).toBeLessThanOrEqual(results.light.compressedSize);
      const changed: number[] = [];
      for (const level of LEVELS) changed.push(await expectValid(file, results[level], level));
      // The PNG inside is stored uncompressed: the image family must shrink it; without one, pictures stay as they are.
      if (HAS_IMAGE_FAMILY) {
        expect(results.balanced.unchanged).toBe(false);
        expect(changed[1]).toBeGreaterThan(0);
        expect(results.balanced.compressedSize).toBeLessThan(results.balanced.originalSize * 0.8);
      } else expect(changed).toEqual([0, 0, 0]);
      if (ext === 'docx') {
        // The sampled estimate keeps the ladder and lands near what compression really gives.
        const workDir = await mkdtemp(path.join(tmp, 'estimate-'));
        const est = await officeFamily.estimate?.(file, await detect(file), {
          signal: new AbortController().signal,
          onProgress: () => {},
          workDir,
          runProcess,
          nested: nestedEngine,
        });
        expect(est).toBeDefined();
        const original = results.light.originalSize;
        expect(est?.light).toBeLessThanOrEqual(original);
        expect(est?.balanced).toBeLessThanOrEqual(est?.light ?? 0);
        expect(est?.maximum).toBeLessThanOrEqual(est?.balanced ?? 0);
        expect(Math.abs((est?.balanced ?? 0) - results.balanced.compressedSize)).toBeLessThanOrEqual(original * 0.25);
      }
      if (!results.maximum.unchanged) {
        const [a, b] = await Promise.all([
          countInLibreOffice(file, ext, tmp),
          countInLibreOffice(results.maximum.output, ext, tmp),
        ]);
        if (ext === 'docx') expect(a).toBeGreaterThan(0);
        else expect(a).toBe(3);
        expect(b).toBe(a);
      }
    }, 300_000);
  }

  for (const ext of ['pptx', 'odt', 'odp', 'xlsx']) {
    it.concurrent(`${ext}: balanced result is valid, parts in order, thumbnail dropped`, async () => {
      const file = fx[ext] ?? '';
      const result = await compress(file, { level: 'balanced', tmpDir: tmp });
      await expectValid(file, result, 'balanced');
      if (HAS_IMAGE_FAMILY) expect(result.unchanged).toBe(false);
      if (result.unchanged) return;
      const before = (await readParts(file)).map((p) => p.name);
      const after = await readParts(result.output);
      if (before.includes('Thumbnails/thumbnail.png')) {
        expect(after.map((p) => p.name)).not.toContain('Thumbnails/thumbnail.png');
        expect(after.find((p) => p.name === 'META-INF/manifest.xml')?.data.toString()).not.toContain('Thumbnails/');
      }
    });
  }

  it('a package is checked part by part, without laying its pages out in LibreOffice', async () => {
    const tools: string[] = [];
    const recording: typeof runProcess = (command, args, options) => {
      tools.push(command);
      return runProcess(command, args, options);
    };
    for (const ext of ['docx', 'pptx', 'odt']) {
      const file = fx[ext] ?? '';
      const workDir = await mkdtemp(path.join(tmp, 'unlaid-'));
      const out = await officeFamily.compress(file, await detect(file), {
        level: 'balanced',
        signal: new AbortController().signal,
        onProgress: () => {},
        workDir,
        runProcess: recording,
        nested: nestedEngine,
      });
      if (HAS_IMAGE_FAMILY) expect(out.path, ext).not.toBe(file);
      if (out.path !== file) expect(out.recipe).toMatch(/every other part byte for byte/);
      await rm(workDir, { recursive: true, force: true });
    }
    expect(tools).not.toContain('soffice');
  });

  it('doc: re-saved only when that is smaller and opens the same, else the original', async () => {
    const file = fx.doc ?? '';
    const result = await compress(file, { level: 'balanced', tmpDir: tmp });
    expect(result.compressedSize).toBeLessThanOrEqual(result.originalSize);
    if (result.unchanged) expect(result.output).toBe(file);
    else expect(await countInLibreOffice(result.output, 'doc', tmp)).toBe(await countInLibreOffice(file, 'doc', tmp));
  });

  it('drops the thumbnail (not at light) and media nothing refers to, with their references', async () => {
    const parts = await readParts(fx.docx ?? '');
    const thumb = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3366aa' } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const edited = parts.map((p) => {
      let text = p.data.toString('utf8');
      if (p.name === '_rels/.rels')
        text = text.replace(
          '</Relationships>',
          '<Relationship Id="rIdThumb" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail" Target="docProps/thumbnail.jpeg"/></Relationships>',
        );
      else if (p.name === '[Content_Types].xml')
        text = text.replace('</Types>', '<Override PartName="/word/media/unused.png" ContentType="image/png"/></Types>');
      else return p;
      return { name: p.name, data: Buffer.from(text) };
    });
    const file = path.join(tmp, 'extras.docx');
    const unused = parts.find((p) => p.name.endsWith('.png'))?.data ?? Buffer.alloc(0);
    await writeParts(file, [
      ...edited,
      { name: 'docProps/thumbnail.jpeg', data: thumb },
      { name: 'word/media/unused.png', data: unused },
    ]);
    const family = createOfficeFamily({ imageCompressor: async () => undefined });
    const light = await readParts((await runFamily(family, file, 'light')).path);
    const balanced = await readParts((await runFamily(family, file, 'balanced')).path);
    const names = (list: typeof light) => list.map((p) => p.name);
    expect(names(light)).toContain('docProps/thumbnail.jpeg');
    expect(names(light)).not.toContain('word/media/unused.png');
    expect(names(balanced)).not.toContain('docProps/thumbnail.jpeg');
    expect(balanced.find((p) => p.name === '_rels/.rels')?.data.toString()).not.toContain('thumbnail');
    expect(balanced.find((p) => p.name === '[Content_Types].xml')?.data.toString()).not.toContain('unused.png');
    expect(names(balanced)).toEqual(names(light).filter((n) => n !== 'docProps/thumbnail.jpeg'));
  });

  it("removes who wrote and saved a document (Office's core and extended properties, ODF's meta.xml), nothing else", async () => {
    const named = async (source: string, ext: string, parts: Record<string, (xml: string) => string>) => {
      const file = path.join(tmp, `named.${ext}`);
      await writeParts(
        file,
        // Folder entries carry nothing (and the writer takes files only).
        (await readParts(source))
          .filter((p) => !p.name.endsWith('/'))
          .map((p) =>
            parts[p.name]
              ? { name: p.name, data: Buffer.from((parts[p.name] as (xml: string) => string)(p.data.toString('utf8'))) }
              : p,
          ),
      );
      return file;
    };
    const docx = await named(fx.docx ?? '', 'docx', {
      'docProps/core.xml': (xml) =>
        xml
          .replace(/<dc:creator\/>|<dc:creator>[^<]*<\/dc:creator>/, '')
          .replace(
            '</cp:coreProperties>',
            '<dc:creator>Ada Lovelace</dc:creator><cp:lastModifiedBy>Charles Babbage</cp:lastModifiedBy></cp:coreProperties>',
          ),
      'docProps/app.xml': (xml) => xml.replace('</Properties>', '<Company>Analytical Engines Ltd</Company></Properties>'),
    });
    const odt = await named(fx.odt ?? '', 'odt', {
      'meta.xml': (xml) =>
        xml.replace('</office:meta>', '<meta:initial-creator>Ada Lovelace</meta:initial-creator></office:meta>'),
    });
    for (const file of [docx, odt]) {
      const before = await readParts(file);
      expect(before.some((p) => p.data.toString('utf8').includes('Ada Lovelace'))).toBe(true);
      const result = await compress(file, { level: 'light', tmpDir: tmp });
      expect(result.unchanged).toBe(false);
      expect(result.notes).toContain("The document's author, last editor and company were removed");
      const after = await readParts(result.output);
      for (const name of ['Ada Lovelace', 'Charles Babbage', 'Analytical Engines']) {
        expect(
          after.some((p) => p.data.toString('utf8').includes(name)),
          name,
        ).toBe(false);
      }
      expect((await packageProblems(file, result.output, SSIM_FLOOR.light, tmp, measure)).problems).toEqual([]);
    }
  });

  it("one call's runs share their work: the package unpacked once, a maximum run gives the next levels their pictures, each text part deflated once", async () => {
    if (!HAS_IMAGE_FAMILY) return;
    const file = fx.docx ?? '';
    const type = await detect(file);
    let searches = 0;
    const counted: ImageCompressor = Object.assign(
      (input: string, t: DetectedType, c: CompressContext) => {
        searches++;
        return engineImageCompressor(input, t, c);
      },
      {
        withOtherLevels: (input: string, t: DetectedType, c: CompressContext) => {
          searches++;
          return engineImageCompressor.withOtherLevels?.(input, t, c) ?? Promise.resolve({});
        },
      },
    );
    const family = createOfficeFamily({ imageCompressor: counted });
    let sevenZipRuns = 0;
    const counting: RunProcess = (command, args, options) => {
      if (command === '7z') sevenZipRuns++;
      return runProcess(command, args, options);
    };
    const run = async (level: CompressionLevel, memo: CallMemo | undefined, nextLevels: CompressionLevel[] = []) => {
      const workDir = await mkdtemp(path.join(tmp, 'shared-'));
      const ctx = { level, signal: new AbortController().signal, onProgress: () => {}, workDir, runProcess: counting };
      const out = await family.compress(file, type, { ...ctx, nested: nestedEngine, nextLevels, ...(memo ? { memo } : {}) });
      return { bytes: await readFile(out.path), workDir };
    };
    const memo: CallMemo = new Map();
    // As a target at maximum runs it: light may be asked next.
    await run('maximum', memo, ['light']);
    const pictures = searches;
    expect(pictures).toBeGreaterThan(0);
    expect(sevenZipRuns).toBe(1);
    const shared = await run('balanced', memo);
    // Balanced's pictures came with maximum's searches, and its text parts are maximum's (both drop the thumbnail).
    expect([searches, sevenZipRuns]).toEqual([pictures, 1]);
    // Its parts are maximum's unpacked files, under a second name.
    expect((await stat(path.join(shared.workDir, 'parts', '0'))).nlink).toBe(2);
    // The same bytes as a run that shares nothing.
    const alone = await run('balanced', undefined);
    expect([searches, sevenZipRuns]).toEqual([2 * pictures, 2]);
    expect(shared.bytes.equals(alone.bytes)).toBe(true);
    // Light's pictures came with maximum's searches too.
    const light = await run('light', memo);
    expect(searches).toBe(2 * pictures);
    expect(light.bytes.equals((await run('light', undefined)).bytes)).toBe(true);
  }, 120_000);

  it("a smaller copy's result is shared by the call's runs that make the same copy, from the same setting only", async () => {
    if (!HAS_IMAGE_FAMILY) return;
    let made = 0;
    const counted: ImageCompressor = (input, t, c) => {
      made++;
      return engineImageCompressor(input, t, c);
    };
    const callMemo: CallMemo = new Map();
    const shared = sharedPictureResults(counted, callMemo, await mkdtemp(path.join(tmp, 'kept-')));
    const copy = await sharp(await noisyPng(700, 500))
      .jpeg({ quality: 95 })
      .toBuffer();
    const type = { family: 'image' as const, ext: 'jpg', mime: 'image/jpeg' };
    // Each run makes its copy in a folder of its own, as each position of a target's search does.
    const run = async (startAt?: { track: string; knob: number }) => {
      const workDir = await mkdtemp(path.join(tmp, 'copy-'));
      const input = path.join(workDir, 'resized.jpg');
      await writeFile(input, copy);
      const ctx = { level: 'maximum' as const, signal: new AbortController().signal, onProgress: () => {}, workDir, runProcess };
      const out = await shared(input, type, { ...ctx, nested: nestedEngine, memo: new Map(), ...(startAt ? { startAt } : {}) });
      return out && (await readFile(out.path));
    };
    const from = { track: 'mozjpeg-4:2:0', knob: 60 };
    const first = await run(from);
    expect(made).toBe(1);
    expect((await run(from))?.equals(first as Buffer)).toBe(true);
    expect(made).toBe(1);
    // Another setting to start from, or none: another result, kept beside the first.
    await run({ ...from, knob: 62 });
    await run();
    expect(made).toBe(3);
    expect((await run(from))?.equals(first as Buffer)).toBe(true);
  });

  it("a target tells the document the lighter levels it may ask: its pictures' searches make them at once", async () => {
    if (!HAS_IMAGE_FAMILY) return;
    // A GIF picture: its trials run gifsicle, so the spawns count the searches.
    const gif = await sharp(await noisyPng(160, 120))
      .gif({ dither: 1 })
      .toBuffer();
    const file = path.join(tmp, 'gif-picture.docx');
    await handMadeDocx(file, gif, { pictureExt: 'gif' });
    const gifsicleRuns = async (options: { level: CompressionLevel; targetBytes?: number; belowFloor?: boolean }) => {
      let runs = 0;
      const counting: RunProcess = (command, args, opts) => {
        if (command === 'gifsicle') runs++;
        return runProcess(command, args, opts);
      };
      const result = await compress(file, { ...options, runProcess: counting, tmpDir: tmp });
      return { runs, result };
    };
    const maximum = await gifsicleRuns({ level: 'maximum' });
    const light = await gifsicleRuns({ level: 'light' });
    expect(maximum.runs).toBeGreaterThan(0);
    expect(light.result.unchanged).toBe(false);
    // Light's own size: maximum fits, and so does light, which the target then asks (and, just at the target, does
    // not size further).
    const target = await gifsicleRuns({ level: 'maximum', targetBytes: light.result.compressedSize });
    expect(target.result.target).toMatchObject({ met: true, level: 'light' });
    // Alone, light's run searches balanced's settings again (its branch starts from them); here they were made once.
    expect(target.runs).toBeLessThan(maximum.runs + light.runs);
    // With consent to go below the floor no lighter level is made ahead: light's run, when the target asks for it,
    // still takes balanced's trials from maximum's run (tools/image/trial-ledger.ts) and searches only its own branch.
    const consent = await gifsicleRuns({ level: 'maximum', targetBytes: light.result.compressedSize, belowFloor: true });
    expect(consent.result.target).toMatchObject({ met: true, level: 'light' });
    expect(consent.result.compressedSize).toBe(target.result.compressedSize);
    expect(consent.runs).toBeLessThan(maximum.runs + light.runs);
  }, 120_000);

  it('7-Zip deflates the text parts while the pictures are recompressed', async () => {
    let started: () => void = () => {};
    const sevenZip = new Promise<'7z'>((resolve) => {
      started = () => resolve('7z');
    });
    const starting: RunProcess = (command, args, options) => {
      if (command === '7z') started();
      return runProcess(command, args, options);
    };
    const seen: string[] = [];
    // Each picture waits for 7-Zip to start: run one after the other, it never would.
    const waiting: ImageCompressor = async () => {
      const timeout = new Promise<'no 7z'>((resolve) => setTimeout(() => resolve('no 7z'), 10_000).unref());
      seen.push(await Promise.race([sevenZip, timeout]));
      return undefined;
    };
    const family = createOfficeFamily({ imageCompressor: waiting });
    const type = await detect(fx.docx ?? '');
    const workDir = await mkdtemp(path.join(tmp, 'overlap-'));
    const ctx = { level: 'balanced' as const, signal: new AbortController().signal, onProgress: () => {}, workDir };
    const out = await family.compress(fx.docx ?? '', type, { ...ctx, runProcess: starting, nested: nestedEngine });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['7z']));
    expect(out.recipe).toMatch(/pictures kept/);
  }, 60_000);

  it('without an image compressor, pictures are kept byte for byte and the package is still re-zipped', async () => {
    const family = createOfficeFamily({ imageCompressor: async () => undefined });
    const out = await runFamily(family, fx.pptx ?? '', 'maximum');
    expect(out.recipe).toMatch(/pictures kept/);
    if (out.original) return;
    const check = await packageProblems(fx.pptx ?? '', out.path, SSIM_FLOOR.maximum, tmp, measure);
    expect(check.problems).toEqual([]);
    expect(check.changedPictures).toBe(0);
    // Every part the same once unzipped: the document is kept exactly.
    expect(out.score).toBe(1);
  });

  it('a signed package is only re-zipped: no part changes, and the result says why', async () => {
    const parts = await readParts(fx.docx ?? '');
    const file = path.join(tmp, 'signed.docx');
    await writeParts(file, [
      ...parts,
      { name: '_xmlsignatures/sig1.xml', data: Buffer.from('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/>') },
    ]);
    let called = false;
    const family = createOfficeFamily({
      imageCompressor: async () => {
        called = true;
        return undefined;
      },
    });
    const out = await runFamily(family, file, 'maximum');
    expect(called).toBe(false);
    expect(out.notes?.join(' ')).toMatch(/signed/);
    if (out.original) return;
    const check = await packageProblems(file, out.path, SSIM_FLOOR.maximum, tmp, measure);
    expect(check.problems).toEqual([]);
    expect(check.changedPictures).toBe(0);
    expect((await readParts(out.path)).length).toBe(parts.length + 1);
  });
});
