import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEngineError } from '../../errors.js';
import { readEveryMember } from './members.js';
import { decodeCp437 } from './names.js';
import { IN_MEMORY_MEMBER, ZipReader, ZipUnreadable } from './reader.js';
import { verifyZip } from './verify.js';
import { writeZip } from './writer.js';
import { cutInTheMiddle, relayout, withLeadingBytes, withTrailingBytes } from './zip-variants.test-support.js';

const signal = new AbortController().signal;
const text = Buffer.from('a line of text that deflate will shrink\n'.repeat(400));
const noise = randomBytes(5000);

let dir: string;
let plain: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-reader-'));
  await writeFile(path.join(dir, 'text'), text);
  await writeFile(path.join(dir, 'noise'), noise);
  const zip = path.join(dir, 'plain.zip');
  await writeZip(
    [
      { name: 'docs/', dosTime: 0, dosDate: 33 },
      { name: 'docs/text.txt', file: path.join(dir, 'text'), dosTime: 0, dosDate: 33 },
      { name: 'données.bin', file: path.join(dir, 'noise'), dosTime: 0, dosDate: 33 },
    ],
    zip,
    path.join(dir, 'scratch'),
    signal,
  );
  plain = await readFile(zip);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** How a member is read: streamed (any size), or in one piece (small members: unpacking, verifying). */
type Way = 'streamed' | 'in one piece';

async function contents(bytes: Buffer, way: Way = 'streamed'): Promise<Record<string, string>> {
  const file = path.join(dir, `${randomBytes(4).toString('hex')}.zip`);
  await writeFile(file, bytes);
  const zip = await ZipReader.open(file);
  try {
    const out: Record<string, string> = {};
    for (const entry of zip.entries) {
      const chunks: Buffer[] = [];
      if (entry.isDirectory) chunks.push(Buffer.alloc(0));
      else if (way === 'in one piece') chunks.push(await zip.readContent(entry));
      else for await (const c of await zip.openContent(entry)) chunks.push(c as Buffer);
      out[entry.name] = Buffer.concat(chunks).toString('base64').slice(0, 40);
    }
    return out;
  } finally {
    await zip.close();
  }
}

async function failure(bytes: Buffer, way: Way = 'streamed'): Promise<unknown> {
  return contents(bytes, way).then(
    () => undefined,
    (e: unknown) => e,
  );
}

/** `zip` with the declared (uncompressed) size of its member `name` changed by `delta` in the central directory. */
function withDeclaredSize(zip: Buffer, name: string, delta: number): Buffer {
  const out = Buffer.from(zip);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a zip central directory's signature is these bytes
  for (const m of out.toString('latin1').matchAll(/PK\u0001\u0002/g)) {
    const at = m.index ?? 0;
    const nameLength = out.readUInt16LE(at + 28);
    if (out.subarray(at + 46, at + 46 + nameLength).toString('utf8') !== name) continue;
    out.writeUInt32LE(out.readUInt32LE(at + 24) + delta, at + 24);
  }
  return out;
}

describe('zip reader', () => {
  it('reads what unzip and Python read: trailing bytes, gaps, data descriptors, ZIP64, bytes before the archive', async () => {
    const expected = await contents(plain);
    expect(Object.keys(expected)).toEqual(['docs/', 'docs/text.txt', 'données.bin']);
    const variants = {
      trailing: withTrailingBytes(plain),
      gaps: relayout(plain, { gaps: true }),
      'gaps + trailing': withTrailingBytes(relayout(plain, { gaps: true })),
      descriptors: relayout(plain, { dataDescriptors: true }),
      'zip64 in local headers': relayout(plain, { zip64: 'local' }),
      'zip64 everywhere + gaps + 60 KB trailing': withTrailingBytes(relayout(plain, { zip64: 'everywhere', gaps: true }), 60_000),
      leading: withLeadingBytes(plain),
    };
    for (const [name, bytes] of Object.entries(variants)) {
      expect(await contents(bytes), name).toEqual(expected);
      expect(await contents(bytes, 'in one piece'), `${name}, in one piece`).toEqual(expected);
    }
  });

  it('refuses a file cut in the middle as unreadable, with or without trailing bytes', async () => {
    expect(await failure(cutInTheMiddle(plain))).toBeInstanceOf(ZipUnreadable);
    expect(await failure(cutInTheMiddle(withTrailingBytes(plain)))).toBeInstanceOf(ZipUnreadable);
    expect(await failure(Buffer.from('PK\x03\x04 not really a zip'))).toBeInstanceOf(ZipUnreadable);
  });

  it('refuses damaged members: a changed byte fails the checksum, two members sharing bytes are refused', async () => {
    const damaged = Buffer.from(plain);
    const at = damaged.indexOf(noise.subarray(100, 120));
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    for (const way of ['streamed', 'in one piece'] as const) {
      const err = await failure(damaged, way);
      expect(isEngineError(err, 'invalid-input') && err.message, way).toMatch(/données\.bin.*checksum/);
    }

    // Point the second file's central record at the first file's local header: an overlapping (bomb) layout.
    const overlapping = Buffer.from(plain);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a zip central directory's signature is these bytes
    const centrals = [...overlapping.toString('latin1').matchAll(/PK\u0001\u0002/g)].map((m) => m.index ?? 0);
    overlapping.writeUInt32LE(overlapping.readUInt32LE((centrals[1] ?? 0) + 42), (centrals[2] ?? 0) + 42);
    expect(await failure(overlapping)).toBeInstanceOf(ZipUnreadable);
  });

  it('refuses a member that decodes to more or fewer bytes than declared, stopping one byte past the declared size', async () => {
    for (const way of ['streamed', 'in one piece'] as const) {
      const longer = await failure(withDeclaredSize(plain, 'docs/text.txt', -1000), way);
      expect(isEngineError(longer, 'invalid-input') && longer.message, way).toMatch(/text\.txt.*more than its declared size/);
      const shorter = await failure(withDeclaredSize(plain, 'docs/text.txt', 7), way);
      expect(isEngineError(shorter, 'invalid-input') && shorter.message, way).toMatch(/text\.txt.*shorter than its declared/);
    }
  });

  it('reads members in one piece only up to its limit, and refuses the others there', async () => {
    const file = path.join(dir, 'limits.zip');
    await writeFile(file, plain);
    const zip = await ZipReader.open(file);
    try {
      const text = zip.entries.find((e) => e.name === 'docs/text.txt');
      if (!text) throw new Error('no text member');
      expect(zip.fitsInMemory(text)).toBe(true);
      const huge = { ...text, size: IN_MEMORY_MEMBER + 1 };
      expect(zip.fitsInMemory(huge)).toBe(false);
      await expect(zip.readContent(huge)).rejects.toThrow(RangeError);
    } finally {
      await zip.close();
    }
  });

  it('writes small members from memory and large ones through a work file, in order, and leaves no work file', async () => {
    const work = await mkdtemp(path.join(dir, 'large-'));
    const large = Buffer.alloc(IN_MEMORY_MEMBER + 4096, text);
    await writeFile(path.join(work, 'large'), large);
    const members = [
      { name: 'a.txt', file: path.join(dir, 'text'), dosTime: 0, dosDate: 33 },
      { name: 'large.txt', file: path.join(work, 'large'), dosTime: 0, dosDate: 33 },
      { name: 'z.bin', file: path.join(dir, 'noise'), dosTime: 0, dosDate: 33 },
    ];
    const out = path.join(work, 'out.zip');
    await writeZip(members, out, path.join(work, 'scratch'), signal);
    expect((await readdir(work)).sort()).toEqual(['large', 'out.zip']);
    expect(await verifyZip(out, signal)).toBeUndefined();
    const zip = await ZipReader.open(out);
    try {
      expect(zip.entries.map((e) => [e.name, e.size, e.compressedSize < e.size])).toEqual([
        ['a.txt', text.length, true],
        ['large.txt', large.length, true],
        ['z.bin', noise.length, false],
      ]);
      const [, big] = zip.entries;
      if (!big) throw new Error('no large member');
      expect(zip.fitsInMemory(big)).toBe(false);
      const chunks: Buffer[] = [];
      for await (const c of await zip.openContent(big)) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(large)).toBe(true);
    } finally {
      await zip.close();
    }
  });

  it('verifies what it wrote, and finds the damage in what it did not', async () => {
    const file = path.join(dir, 'check.zip');
    await writeFile(file, plain);
    expect(await verifyZip(file, signal)).toBeUndefined();
    const zip = await ZipReader.open(file);
    await expect(readEveryMember(zip, signal)).resolves.toBeUndefined();
    await zip.close();
    await writeFile(file, cutInTheMiddle(plain));
    expect(await verifyZip(file, signal)).toMatch(/cannot be opened/);
  });

  it('decodes code page 437 names', () => {
    expect(decodeCp437(Buffer.from([0x72, 0x82, 0x73, 0x75, 0x6d, 0x82]))).toBe('résumé');
  });
});
