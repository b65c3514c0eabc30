import path from 'node:path';
import { expect, it } from 'vitest';
import { corpusFiles, describeCorpus } from '../../corpus.test-support.js';
import { corpusLevels } from '../../corpus-ladder.test-support.js';
import { runProcess } from '../../process/run-process.js';
import { measureSsim, SSIM_FLOOR } from '../../quality/ssim.js';
import type { CompressionLevel, CompressResult } from '../../types.js';
import { countInLibreOffice, packageProblems, resaveXls } from './office.test-support.js';
import { countXlsSheets } from './xls-sheets.js';

const LEVELS: CompressionLevel[] = ['light', 'balanced', 'maximum'];
const PACKAGES = ['docx', 'xlsx', 'pptx'];
const BINARIES = ['doc', 'xls', 'ppt'];
/** A deck with a dozen pictures takes the image family a while per level; on a shared 2-core machine, more. */
const LONG = 420_000;

describeCorpus('office family on the corpus', corpusFiles([...PACKAGES, ...BINARIES]), (dir) => {
  /** Three levels (from the corpus ladder, made once for the suite), never larger, monotonic; the results by level. */
  async function ladder(file: string): Promise<Record<CompressionLevel, CompressResult>> {
    const results = await corpusLevels(file);
    const { light, balanced, maximum } = results;
    for (const r of Object.values(results)) {
      expect(r.compressedSize).toBeLessThanOrEqual(r.originalSize);
      expect(r.format).toBe(path.extname(file).slice(1));
      if (r.unchanged) expect(r.output).toBe(file);
    }
    expect(maximum.compressedSize).toBeLessThanOrEqual(balanced.compressedSize);
    expect(balanced.compressedSize).toBeLessThanOrEqual(light.compressedSize);
    return results;
  }

  for (const file of corpusFiles(PACKAGES)) {
    const ext = path.extname(file).slice(1);
    it.concurrent(
      `${path.basename(file)}: valid at every level, pictures above their floor, same ${ext === 'xlsx' ? 'sheets' : 'pages'}`,
      async () => {
        const results = await ladder(file);
        const measure = (a: string, b: string) => measureSsim(runProcess, a, b);
        for (const level of LEVELS) {
          const r = results[level];
          if (r.unchanged) continue;
          const check = await packageProblems(file, r.output, SSIM_FLOOR[level], dir(), measure);
          expect(check.problems).toEqual([]);
          if (check.changedPictures > 0) expect(r.metrics.ssim).toBeGreaterThanOrEqual(SSIM_FLOOR[level]);
        }
        // The most changed result opens in LibreOffice with as many pages, slides or sheets as the original.
        if (!results.maximum.unchanged) {
          const [a, b] = await Promise.all([
            countInLibreOffice(file, ext, dir()),
            countInLibreOffice(results.maximum.output, ext, dir()),
          ]);
          expect(a).toBeGreaterThan(0);
          expect(b).toBe(a);
        }
      },
      LONG,
    );
  }

  for (const file of corpusFiles(BINARIES)) {
    const ext = path.extname(file).slice(1);
    it.concurrent(
      `${path.basename(file)}: re-saved only when smaller and the same, else the original`,
      async () => {
        const results = await ladder(file);
        for (const level of LEVELS) {
          const r = results[level];
          // The original, and the recipe says so (not the re-save it tried).
          if (r.unchanged) {
            expect(r.recipe).toMatch(/^kept the original: /);
            continue;
          }
          const [a, b] = await Promise.all([countInLibreOffice(file, ext, dir()), countInLibreOffice(r.output, ext, dir())]);
          expect(b).toBe(a);
        }
      },
      LONG,
    );
  }

  for (const file of corpusFiles(['xls'])) {
    it.concurrent(
      `${path.basename(file)}: the sheets read from its structure are the tables LibreOffice opens, before and after a re-save`,
      async () => {
        const resaved = await resaveXls(file, dir());
        for (const workbook of [file, resaved]) {
          const [structure, libreOffice] = await Promise.all([
            countXlsSheets(workbook),
            countInLibreOffice(workbook, 'xls', dir()),
          ]);
          expect(libreOffice).toBeGreaterThan(0);
          expect(structure).toBe(libreOffice);
        }
      },
      LONG,
    );
  }
});
