import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { engineFailure } from '../../errors.test-support.js';
import { handMadeDocx, makeFixtures, noisyPng, readParts, writeParts } from './office.test-support.js';

describe('office family: hostile, damaged and cancelled input', () => {
  let tmp: string;
  let docx: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'office-hazards-'));
    docx = path.join(tmp, 'plain.docx');
    await handMadeDocx(docx, await noisyPng(200, 150), { level: 0 });
  });
  afterAll(async () => rm(tmp, { recursive: true, force: true }));

  const workFolders = async () => (await readdir(tmp)).filter((n) => n.startsWith('shrinkly-work-'));
  let legacyDoc: Promise<string> | undefined;
  /** A legacy .doc, made by LibreOffice once for the tests that need one. */
  const doc = () => (legacyDoc ??= makeFixtures(path.join(tmp, 'fx'), ['doc']).then((made) => made.doc ?? ''));

  it('refuses a damaged package: a part whose bytes were changed', async () => {
    const bytes = await readFile(docx);
    const pictureAt = bytes.indexOf(Buffer.from('word/media/image1.png')) + 60;
    for (let i = pictureAt; i < pictureAt + 2000; i++) bytes[i] = (bytes[i] ?? 0) ^ 0x5a;
    const damaged = path.join(tmp, 'damaged.docx');
    await writeFile(damaged, bytes);
    const err = await engineFailure(compress(damaged, { tmpDir: tmp }));
    expect(err.kind).toBe('invalid-input');
    expect(await workFolders()).toEqual([]);
  });

  it('refuses a truncated package', async () => {
    const bytes = await readFile(docx);
    const truncated = path.join(tmp, 'truncated.docx');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect((await engineFailure(compress(truncated, { tmpDir: tmp }))).kind).toBe('invalid-input');
  });

  it('refuses a zip bomb: a member that expands more than 1000 times', async () => {
    const bomb = path.join(tmp, 'bomb.docx');
    // 64 MiB of zeros deflated at level 9 comes out near 1030:1, as a real bomb's members do.
    await writeParts(bomb, [
      {
        name: '[Content_Types].xml',
        data: Buffer.from(
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
      },
      {
        name: 'word/document.xml',
        data: Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'),
      },
      { name: 'word/media/filler.bin', data: Buffer.alloc(64 * 1024 * 1024), level: 9 },
    ]);
    const err = await engineFailure(compress(bomb, { tmpDir: tmp }));
    expect(err.kind).toBe('invalid-input');
    expect(err.message).toMatch(/1000/);
    expect(await workFolders()).toEqual([]);
  });

  it('refuses a package that would unpack to more than the total cap, before unpacking anything', async () => {
    const big = path.join(tmp, 'big.docx');
    const noise = () => randomBytes(2 * 1024 * 1024);
    await writeParts(big, [
      {
        name: '[Content_Types].xml',
        data: Buffer.from(
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
      },
      {
        name: 'word/document.xml',
        data: Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'),
      },
      { name: 'word/media/a.bin', data: noise() },
      { name: 'word/media/b.bin', data: noise() },
      { name: 'word/media/c.bin', data: noise() },
    ]);
    // Each noise member now claims 1 GiB (500:1, under the ratio cap): 3 GiB in all.
    const bytes = await readFile(big);
    const central = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    for (let at = bytes.indexOf(central); at !== -1; at = bytes.indexOf(central, at + 4)) {
      const nameLength = bytes.readUInt16LE(at + 28);
      if (
        bytes
          .subarray(at + 46, at + 46 + nameLength)
          .toString()
          .endsWith('.bin')
      )
        bytes.writeUInt32LE(1024 * 1024 * 1024, at + 24);
    }
    await writeFile(big, bytes);
    const err = await engineFailure(compress(big, { tmpDir: tmp }));
    expect(err.kind).toBe('invalid-input');
    expect(err.message).toMatch(/2 GB/);
  });

  it('keeps part names that are not ASCII', async () => {
    const named = path.join(tmp, 'named.docx');
    await handMadeDocx(named, await noisyPng(64, 64), {
      level: 0,
      extra: [{ name: 'customXml/ünïcödé-名前.xml', data: Buffer.from('<x/>'.repeat(2000)) }],
    });
    const result = await compress(named, { tmpDir: tmp, level: 'light' });
    expect(result.unchanged).toBe(false);
    expect((await readParts(result.output)).map((p) => p.name)).toContain('customXml/ünïcödé-名前.xml');
  });

  it('refuses a zip that claims to be an ODF document but is not one', async () => {
    const fake = path.join(tmp, 'fake.odt');
    await writeParts(fake, [
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), level: 0 },
      { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
    ]);
    expect((await engineFailure(compress(fake, { tmpDir: tmp }))).kind).toBe('invalid-input');
  });

  it('leaves a password-protected ODF document unchanged', async () => {
    const locked = path.join(tmp, 'locked.odt');
    const manifest =
      '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x"/></manifest:file-entry></manifest:manifest>';
    await writeParts(locked, [
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), level: 0 },
      { name: 'content.xml', data: Buffer.alloc(20_000, 7), level: 0 },
      { name: 'META-INF/manifest.xml', data: Buffer.from(manifest), level: 0 },
    ]);
    const result = await compress(locked, { tmpDir: tmp });
    expect(result.unchanged).toBe(true);
    expect(result.output).toBe(locked);
    expect(result.notes.join(' ')).toMatch(/password/);
  });

  it('a cancelled job rejects as cancelled, stops LibreOffice and leaves no work folder', async () => {
    // A legacy .doc is re-saved by LibreOffice (from 5 % on): abort while it runs.
    const controller = new AbortController();
    let reached = 0;
    const job = compress(await doc(), {
      level: 'maximum',
      tmpDir: tmp,
      signal: controller.signal,
      onProgress: (p) => {
        reached = Math.max(reached, p);
        if (p >= 5 && !controller.signal.aborted) setTimeout(() => controller.abort(), 300);
      },
    });
    const err = await engineFailure(job);
    expect(err.kind).toBe('cancelled');
    expect(reached).toBeGreaterThanOrEqual(5);
    expect(await workFolders()).toEqual([]);
  });

  it('compresses a file given through a symbolic link as the file it points to', async () => {
    // LibreOffice opens the file a link points to, which the tools' sandbox shows only when the engine names it.
    const link = path.join(tmp, 'linked.doc');
    await symlink(await doc(), link);
    // After the cancelled job: LibreOffice's re-save of this file, once made, is kept for every level.
    const result = await compress(link, { level: 'light', tmpDir: tmp });
    expect(result.originalSize).toBe((await readFile(await doc())).length);
    expect(result.format).toBe('doc');
    expect(await workFolders()).toEqual([]);
  });
});
