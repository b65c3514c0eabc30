import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { CORPUS_DIR } from '../../corpus-ladder.test-support.js';
import { isEngineError } from '../../errors.js';
import { expectKind } from '../../errors.test-support.js';
import { runProcess } from '../../process/run-process.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import { cutInTheMiddle, relayout, withTrailingBytes } from '../../tools/zip/zip-variants.test-support.js';
import type { CompressionLevel, CompressResult } from '../../types.js';
import {
  FIXED_TIME,
  type FixtureMember,
  inflateDeclaredSizes,
  photo,
  readZip,
  renameInPlace,
  text,
  writeZip,
} from './archive.test-support.js';
import { list7z } from './sevenzip-list.js';

const LEVELS: CompressionLevel[] = ['light', 'balanced', 'maximum'];
const corpusFiles = ['zip', '7z'].flatMap((ext) => {
  const folder = path.join(CORPUS_DIR, ext);
  return existsSync(folder) ? [folder] : [];
});
const tools = { runProcess, signal: new AbortController().signal };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'archive-family-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** A folder with notes and a table dated the DOS way only, and a stored (not deflated) photo of the given size. */
async function mixedMembers(photoWidth: number, photoHeight: number): Promise<FixtureMember[]> {
  return [
    { name: 'docs/' },
    { name: 'docs/notes.txt', data: text(3000) },
    { name: 'photo.jpg', data: await photo(photoWidth, photoHeight), compress: false },
    { name: 'docs/table.csv', data: text(500), dosOnly: true },
  ];
}

async function ladder(input: string): Promise<Record<CompressionLevel, CompressResult>> {
  const results = {} as Record<CompressionLevel, CompressResult>;
  for (const level of LEVELS) {
    results[level] = await compress(input, { level, tmpDir: dir });
    expect(results[level].compressedSize, `${level} never larger`).toBeLessThanOrEqual(results[level].originalSize);
    // Lossy members (pictures) report their lowest SSIM, which must meet the level's floor.
    const ssim = results[level].metrics.ssim;
    if (ssim !== undefined) expect(ssim, `${level} member SSIM`).toBeGreaterThanOrEqual(SSIM_FLOOR[level]);
  }
  expect(results.maximum.compressedSize, 'maximum ≤ balanced').toBeLessThanOrEqual(results.balanced.compressedSize);
  expect(results.balanced.compressedSize, 'balanced ≤ light').toBeLessThanOrEqual(results.light.compressedSize);
  return results;
}

/** Same names, order, times and comments; same bytes except members a family recompressed, which stay valid JPEGs. */
async function expectSameMembers(originalZip: string, outputZip: string): Promise<number> {
  const before = await readZip(originalZip);
  const after = await readZip(outputZip);
  expect(after.comment).toBe(before.comment);
  expect(after.members.map((m) => m.name)).toEqual(before.members.map((m) => m.name));
  let recompressed = 0;
  for (const [i, m] of after.members.entries()) {
    const was = before.members[i];
    expect(m.mtime.getTime(), `${m.name} time`).toBe(was?.mtime.getTime());
    expect(m.comment).toBe(was?.comment);
    if (m.data.equals(was?.data ?? Buffer.alloc(0))) continue;
    expect(m.name.endsWith('.jpg'), `${m.name} changed`).toBe(true);
    const [a, b] = await Promise.all([sharp(was?.data).metadata(), sharp(m.data).metadata()]);
    expect([b.width, b.height, b.format]).toEqual([a.width, a.height, 'jpeg']);
    expect(m.data.length).toBeLessThan(was?.data.length ?? 0);
    recompressed++;
  }
  return recompressed;
}

describe('zip', () => {
  let fixture: string;
  beforeAll(async () => {
    fixture = path.join(dir, 'mixed.zip');
    await writeZip(fixture, [...(await mixedMembers(1200, 900)), { name: 'empty.txt', data: Buffer.alloc(0) }]);
  });

  it('every level keeps names, order, times and comments; members are re-deflated or recompressed; ladder holds', async () => {
    const r = await ladder(fixture);
    for (const level of LEVELS) if (!r[level].unchanged) expect(r[level].format).toBe('zip');
    expect(r.light.unchanged, 'level-1 deflate leaves room for level 9').toBe(false);
    expect(await expectSameMembers(fixture, r.light.output)).toBe(0);
    expect(await expectSameMembers(fixture, r.balanced.output)).toBe(1);
    expect(await expectSameMembers(fixture, r.maximum.output)).toBe(1);
    expect(r.balanced.recipe).toMatch(/1 of 4 members compressed by their own family \(1 jpg\)/);
    expect(r.balanced.metrics.ssim).toBeDefined();
    // The archive's score is its least close member's: light re-deflates (exact), balanced recompressed the photo.
    expect(r.light.score).toBe(1);
    expect(r.balanced.score).toBe(r.balanced.metrics.ssim);
    expect((await readZip(r.light.output)).members[1]?.mtime.getTime()).toBe(FIXED_TIME.getTime());
  });

  it('refuses a member that expands more than 1000:1 (a zip bomb)', async () => {
    const bomb = path.join(dir, 'bomb.zip');
    await writeZip(bomb, [
      { name: 'readme.txt', data: text(10) },
      { name: 'zeros.bin', data: Buffer.alloc(40 * 1024 * 1024), level: 9 },
    ]);
    await expectKind(compress(bomb, { level: 'balanced', tmpDir: dir }), 'invalid-input');
  });

  it('refuses an archive that declares more than 2 GB in all', async () => {
    const big = path.join(dir, 'declared.zip');
    await writeZip(
      big,
      [0, 1, 2].map((i) => ({ name: `r${i}.bin`, data: randomBytes(1024 * 1024), compress: false })),
    );
    await inflateDeclaredSizes(big, 0x30000000);
    await expectKind(compress(big, { tmpDir: dir }), 'invalid-input');
  });

  it('refuses member names that escape the archive', async () => {
    const evil = path.join(dir, 'evil.zip');
    await writeZip(evil, [{ name: 'aa/passwd', data: text(5) }]);
    await renameInPlace(evil, 'aa/passwd', '../passwd');
    await expectKind(compress(evil, { tmpDir: dir }), 'invalid-input');
  });

  it('corrupt and truncated zips are invalid input', async () => {
    const corrupt = path.join(dir, 'corrupt.zip');
    await writeFile(corrupt, Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(3000)]));
    await expectKind(compress(corrupt, { tmpDir: dir }), 'invalid-input');
    const truncated = path.join(dir, 'truncated.zip');
    const whole = await readFile(fixture);
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expectKind(compress(truncated, { tmpDir: dir }), 'invalid-input');
  });

  it('a damaged member (bad checksum) is invalid input', async () => {
    const damaged = path.join(dir, 'damaged.zip');
    await writeZip(damaged, [{ name: 'a.txt', data: text(50), compress: false }]);
    const bytes = await readFile(damaged);
    const at = bytes.indexOf(Buffer.from('line 20'));
    bytes[at] = 0x4c;
    await writeFile(damaged, bytes);
    await expectKind(compress(damaged, { tmpDir: dir }), 'invalid-input');
  });

  it('a password-protected zip comes back unchanged', async () => {
    const plain = path.join(dir, 'secret.txt');
    await writeFile(plain, text(200));
    const locked = path.join(dir, 'locked.zip');
    await runProcess('7z', ['a', '-tzip', '-psecret', '-bd', locked, plain]);
    const r = await compress(locked, { level: 'maximum', tmpDir: dir });
    expect(r.unchanged).toBe(true);
    expect(r.notes.join(' ')).toMatch(/password/);
  });

  it('a cancelled call rejects as cancelled and leaves no work folder', async () => {
    const own = await mkdtemp(path.join(dir, 'cancel-'));
    const controller = new AbortController();
    // Cancelled at its first progress report: in the middle of the work, however fast the machine.
    const onProgress = (p: number) => p > 0 && controller.abort();
    await expectKind(compress(fixture, { level: 'maximum', tmpDir: own, signal: controller.signal, onProgress }), 'cancelled');
    expect((await readdir(own)).filter((n) => n.startsWith('shrinkly-work-'))).toEqual([]);
  });
});

describe('zip layouts the common tools open', () => {
  let fixture: string;
  beforeAll(async () => {
    fixture = path.join(dir, 'layouts.zip');
    await writeZip(fixture, await mixedMembers(800, 600));
  });

  const layouts: Record<string, (zip: Buffer) => Buffer> = {
    'trailing bytes and gaps': (zip) => withTrailingBytes(relayout(zip, { gaps: true })),
    'data descriptors': (zip) => relayout(zip, { dataDescriptors: true }),
    'ZIP64 records, gaps and 60 KB of trailing bytes': (zip) =>
      withTrailingBytes(relayout(zip, { zip64: 'everywhere', gaps: true }), 60_000),
  };
  for (const [label, layout] of Object.entries(layouts)) {
    it(`${label}: re-zipped with the same members at light and balanced`, async () => {
      const input = path.join(dir, `${label.split(' ')[0]}.zip`);
      await writeFile(input, layout(await readFile(fixture)));
      for (const level of ['light', 'balanced'] as const) {
        const r = await compress(input, { level, tmpDir: dir });
        expect(r.unchanged, `${level}: ${r.recipe}`).toBe(false);
        expect(await expectSameMembers(fixture, r.output)).toBe(level === 'light' ? 0 : 1);
      }
    });
  }

  it('cut in the middle is still refused with the same message', async () => {
    const cut = path.join(dir, 'cut-layout.zip');
    await writeFile(cut, cutInTheMiddle(relayout(await readFile(fixture), { dataDescriptors: true })));
    const err = await compress(cut, { tmpDir: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isEngineError(err, 'invalid-input') && err.message).toBe('This zip archive is damaged or incomplete');
  });
});

describe('7z and rar', () => {
  let seven: string;
  beforeAll(async () => {
    const src = path.join(dir, 'src');
    await mkdir(path.join(src, 'set'), { recursive: true });
    await writeFile(path.join(src, 'set', 'notes.txt'), text(4000));
    await writeFile(path.join(src, 'set', 'photo.jpg'), await photo(1000, 750));
    seven = path.join(dir, 'set.7z');
    await runProcess('7z', ['a', '-t7z', '-mx=1', '-bd', seven, 'set'], { cwd: src });
  });

  it('every level is valid (7z t), keeps every path, and the ladder holds', async () => {
    const r = await ladder(seven);
    const original = await list7z(seven, tools);
    for (const level of LEVELS) {
      if (r[level].unchanged) continue;
      await runProcess('7z', ['t', '-bd', r[level].output]);
      const listing = await list7z(r[level].output, tools);
      expect(listing.items.map((i) => i.path).sort()).toEqual(original.items.map((i) => i.path).sort());
    }
    // Light only repacks (a JPEG-heavy set may not gain from -mx=9); balanced recompresses the JPEG.
    expect(r.balanced.unchanged).toBe(false);
    expect(r.maximum.recipe).toMatch(/1 members compressed by their own family \(1 jpg\)/);
  });

  it('gives the same bytes on every call when the archive lists files in folders it does not list', async () => {
    const src = path.join(dir, 'implicit');
    await mkdir(path.join(src, 'folder', 'deeper'), { recursive: true });
    // Words in a seeded random order: -mx=9 gains a lot on what -mx=1 wrote, so light rewrites the archive.
    let seed = 7;
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu'];
    const word = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return words[seed % words.length];
    };
    await writeFile(
      path.join(src, 'folder', 'deeper', 'notes.txt'),
      Array.from({ length: 30_000 }, () => Array.from({ length: 8 }, word).join(' ')).join('\n'),
    );
    const implicit = path.join(dir, 'implicit.7z');
    await runProcess('7z', ['a', '-t7z', '-mx=1', '-bd', implicit, 'folder/deeper/notes.txt'], { cwd: src });
    const first = await compress(implicit, { level: 'light', tmpDir: dir });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await compress(implicit, { level: 'light', tmpDir: dir });
    expect(first.unchanged).toBe(false);
    expect(await readFile(second.output)).toEqual(await readFile(first.output));
  });

  it('refuses a 7z whose content expands more than 1000:1', async () => {
    const src = path.join(dir, 'zeros');
    await mkdir(src, { recursive: true });
    await writeFile(path.join(src, 'zeros.bin'), Buffer.alloc(24 * 1024 * 1024));
    const bomb = path.join(dir, 'bomb.7z');
    await runProcess('7z', ['a', '-t7z', '-bd', bomb, 'zeros.bin'], { cwd: src });
    await expectKind(compress(bomb, { tmpDir: dir }), 'invalid-input');
  });

  it('a truncated 7z is invalid input; a header-encrypted one comes back unchanged', async () => {
    const whole = await readFile(seven);
    const truncated = path.join(dir, 'truncated.7z');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expectKind(compress(truncated, { tmpDir: dir }), 'invalid-input');
    const locked = path.join(dir, 'locked.7z');
    await runProcess('7z', ['a', '-t7z', '-psecret', '-mhe=on', '-bd', locked, seven]);
    expect((await compress(locked, { tmpDir: dir })).unchanged).toBe(true);
  });

  it('rar comes back unchanged and says why', async () => {
    const rar = path.join(dir, 'old.rar');
    await writeFile(rar, Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), randomBytes(2000)]));
    const r = await compress(rar, { tmpDir: dir });
    expect(r.unchanged).toBe(true);
    expect(r.recipe).toMatch(/RAR archives cannot be rewritten/);
  });
});

describe.runIf(corpusFiles.length > 0)('archives of the corpus', () => {
  it('every zip and 7z: valid at every level, never larger, monotonic', async () => {
    for (const folder of corpusFiles) {
      for (const name of await readdir(folder)) {
        const input = path.join(dir, name);
        await copyFile(path.join(folder, name), input);
        const r = await ladder(input);
        for (const level of LEVELS) {
          if (r[level].unchanged) continue;
          if (name.endsWith('.7z')) await runProcess('7z', ['t', '-bd', r[level].output]);
          else
            expect((await readZip(r[level].output)).members.map((m) => m.name)).toEqual(
              (await readZip(input)).members.map((m) => m.name),
            );
        }
      }
    }
  });
});
