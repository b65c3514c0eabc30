import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackZip } from '../../tools/zip/members.js';
import { verifyZip } from '../../tools/zip/verify.js';
import { writeZip, type ZipMember } from '../../tools/zip/writer.js';
import { writeParts } from './office.test-support.js';
import { expectedMembers, originalParts } from './package-check.js';

describe('the check of a rewritten package', () => {
  let tmp: string;
  let original: string;
  const signal = new AbortController().signal;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'package-check-'));
    original = path.join(tmp, 'original.docx');
    await writeParts(original, [
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document>text</w:document>'.repeat(50)) },
      { name: 'word/media/image1.png', data: Buffer.alloc(4000, 9) },
    ]);
  });
  afterAll(async () => rm(tmp, { recursive: true, force: true }));

  /** The original unpacked, its parts as the rewrite saw them, and the members it writes. */
  async function rewrite(name: string) {
    const entries = await unpackZip(original, path.join(tmp, `${name}-parts`), signal);
    const originals = originalParts(entries);
    const members: ZipMember[] = entries.map((e) => ({ name: e.name, file: e.file, dosTime: e.dosTime, dosDate: e.dosDate }));
    return { entries, originals, members, out: path.join(tmp, `${name}.docx`) };
  }

  it('passes a package whose untouched parts are the original bytes and whose replaced picture is the file meant', async () => {
    const { originals, members, out } = await rewrite('replaced');
    const picture = path.join(tmp, 'smaller.png');
    await writeFile(picture, Buffer.alloc(1000, 3));
    members[2] = { ...members[2]!, file: picture };
    await writeZip(members, out, `${out}.tmp`, signal);
    expect(await verifyZip(out, signal, await expectedMembers(members, originals, signal))).toBeUndefined();
  });

  it("catches an untouched part whose bytes no longer match the original's directory", async () => {
    const { entries, originals, members, out } = await rewrite('changed-in-place');
    // As if a step had written into the unpacked document part instead of a new file.
    await writeFile(entries[1]!.file!, '<w:document>other</w:document>');
    await writeZip(members, out, `${out}.tmp`, signal);
    expect(await verifyZip(out, signal, await expectedMembers(members, originals, signal))).toMatch(/member 2/);
  });

  it('catches a part missing from the written package', async () => {
    const { originals, members, out } = await rewrite('missing');
    await writeZip(members.slice(0, 2), out, `${out}.tmp`, signal);
    expect(await verifyZip(out, signal, await expectedMembers(members, originals, signal))).toMatch(/2 members instead of 3/);
  });
});
