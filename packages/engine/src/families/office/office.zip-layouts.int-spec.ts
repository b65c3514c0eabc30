import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { EngineError } from '../../errors.js';
import { runProcess } from '../../process/run-process.js';
import { measureSsim, SSIM_FLOOR } from '../../quality/ssim.js';
import { cutInTheMiddle, relayout, withTrailingBytes } from '../../tools/zip/zip-variants.test-support.js';
import { makeFixtures, packageProblems } from './office.test-support.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const CORPUS_PPTX = path.join(
  process.env.CORPUS_DIR ?? path.resolve(REPO_ROOT, '../shared/corpus'),
  'pptx',
  '2411-Performance_Up.pptx',
);
const UNREADABLE = 'The document is damaged or truncated: it is not a readable zip package';
const measure = (a: string, b: string) => measureSsim(runProcess, a, b);

/** Layouts PowerPoint, LibreOffice, unzip and Python all open (LibreOffice reads ZIP64 in local headers only). */
const LAYOUTS: Record<string, (zip: Buffer) => Buffer> = {
  'trailing bytes after the end record and gaps between parts': (zip) => withTrailingBytes(relayout(zip, { gaps: true })),
  'data descriptors': (zip) => relayout(zip, { dataDescriptors: true }),
  'ZIP64 local headers': (zip) => relayout(zip, { zip64: 'local' }),
};

describe('office packages in every zip layout the common tools open', () => {
  let tmp: string;
  let fx: Record<string, string>;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'office-layouts-'));
    fx = await makeFixtures(path.join(tmp, 'fx'), ['pptx', 'docx', 'xlsx']);
  });
  afterAll(async () => rm(tmp, { recursive: true, force: true }));

  async function variant(source: string, name: string, layout: (zip: Buffer) => Buffer): Promise<string> {
    const file = path.join(tmp, `${name}${path.extname(source)}`);
    await writeFile(file, layout(await readFile(source)));
    return file;
  }

  for (const ext of ['pptx', 'docx', 'xlsx']) {
    for (const [label, layout] of Object.entries(LAYOUTS)) {
      it(`${ext} with ${label}: compressed, every part kept`, async () => {
        const source = fx[ext] ?? '';
        const input = await variant(source, `${ext}-${label.split(' ')[0]}`, layout);
        const result = await compress(input, { level: 'balanced', tmpDir: tmp });
        expect(result.unchanged, result.recipe + result.notes.join(' ')).toBe(false);
        expect(result.format).toBe(ext);
        // The parts are the source's: compare with it (a strict reader opens it, and our output).
        expect((await packageProblems(source, result.output, SSIM_FLOOR.balanced, tmp, measure)).problems).toEqual([]);
      });
    }
  }

  it.runIf(existsSync(CORPUS_PPTX))(
    'a real deck with trailing bytes and gaps between its parts is compressed like the deck itself',
    async () => {
      const plain = path.join(tmp, 'deck.pptx');
      await copyFile(CORPUS_PPTX, plain);
      const odd = await variant(
        plain,
        'deck-odd',
        LAYOUTS['trailing bytes after the end record and gaps between parts'] as (zip: Buffer) => Buffer,
      );
      const [a, b] = [
        await compress(plain, { level: 'light', tmpDir: tmp }),
        await compress(odd, { level: 'light', tmpDir: tmp }),
      ];
      expect(b.unchanged).toBe(false);
      expect(await readFile(b.output)).toEqual(await readFile(a.output));
    },
  );

  it('damaged ones are still refused, with the same message: cut in the middle', async () => {
    for (const [name, layout] of Object.entries({
      cut: cutInTheMiddle,
      'cut-descriptors': (z: Buffer) => cutInTheMiddle(relayout(z, { dataDescriptors: true })),
    })) {
      const input = await variant(fx.docx ?? '', name, layout);
      const err = await compress(input, { tmpDir: tmp }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, name).toBeInstanceOf(EngineError);
      expect((err as EngineError).kind).toBe('invalid-input');
      expect((err as EngineError).message).toBe(UNREADABLE);
    }
  });
});
