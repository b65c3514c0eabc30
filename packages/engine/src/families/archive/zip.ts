import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type yauzl from 'yauzl';
import { EngineError } from '../../errors.js';
import type { CompressContext, FamilyOutput } from '../../types.js';
import { invalid } from './limits.js';
import { MIN_FAMILY_MEMBER, compressMember } from './members.js';
import { FLAG_DATA_DESCRIPTOR, withoutZip64 } from './zip-format.js';
import { type ZipSource, crcMeter, extractMember, localExtra, openZipSource, rawMemberStream } from './zip-source.js';
import { type ExpectedMember, verifyZip } from './zip-verify.js';
import { type MemberData, ZipWriter, deflateFile, looksIncompressible } from './zip-writer.js';

const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;

/** What happened to the members, for the recipe. */
interface Tally {
  members: number;
  byFamily: Map<string, number>;
  notes: string[];
  minSsim: number;
}

function isSymlink(entry: yauzl.Entry): boolean {
  return entry.versionMadeBy >> 8 === 3 && ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

async function fileCrc(file: string): Promise<number> {
  const meter = crcMeter();
  for await (const _ of createReadStream(file).pipe(meter)) {
    // drain: the meter computes as bytes pass
  }
  return meter.crc();
}

function fileData(method: number, file: string, size: number): MemberData {
  return { method, compressedSize: size, open: async () => createReadStream(file) };
}

/**
 * The smallest encoding of a member's bytes: its original stored bytes (when the content is unchanged), zlib's
 * deflate at level 9, or stored. ODF/EPUB's leading `mimetype` keeps its encoding (readers require it stored).
 */
async function chooseData(source: ZipSource, entry: yauzl.Entry, index: number, content: string, unchanged: boolean, tmp: string, signal: AbortSignal): Promise<MemberData> {
  const original: MemberData = { method: entry.compressionMethod, compressedSize: entry.compressedSize, open: () => rawMemberStream(source, entry) };
  if (index === 0 && entry.fileName === 'mimetype' && unchanged) return original;
  const size = (await stat(content)).size;
  const options: MemberData[] = unchanged ? [original] : [];
  if (!(await looksIncompressible(content, size))) {
    const deflated = `${content}.deflate`;
    options.push(fileData(METHOD_DEFLATE, deflated, await deflateFile(content, deflated, signal)));
  }
  options.push(fileData(METHOD_STORE, content, size));
  // Stable sort: on a tie the original encoding wins, then deflate.
  return options.sort((a, b) => a.compressedSize - b.compressedSize)[0] ?? original;
}

async function rewrite(source: ZipSource, out: string, ctx: CompressContext, tally: Tally): Promise<ExpectedMember[]> {
  const tmp = path.join(ctx.workDir, 'members');
  await mkdir(tmp, { recursive: true });
  const writer = new ZipWriter(out);
  const expected: ExpectedMember[] = [];
  try {
    for (const [index, entry] of source.entries.entries()) {
      ctx.signal.throwIfAborted();
      const record = {
        nameRaw: entry.fileNameRaw, commentRaw: entry.fileCommentRaw, versionMadeBy: entry.versionMadeBy,
        flags: entry.generalPurposeBitFlag & ~FLAG_DATA_DESCRIPTOR, dosTime: entry.lastModFileTime, dosDate: entry.lastModFileDate,
        internalAttributes: entry.internalFileAttributes, externalAttributes: entry.externalFileAttributes,
        localExtra: withoutZip64(await localExtra(source, entry)), centralExtra: withoutZip64(entry.extraFieldRaw),
      };
      if (entry.fileName.endsWith('/') || !entry.canDecodeFileData()) {
        // Folders, and methods we cannot decode (bzip2, LZMA, ...), are copied byte for byte.
        const raw: MemberData = { method: entry.compressionMethod, compressedSize: entry.compressedSize, open: () => rawMemberStream(source, entry) };
        await writer.add({ ...record, crc32: entry.crc32, size: entry.uncompressedSize }, raw, ctx.signal).catch((err: unknown) => {
          if (err instanceof EngineError || ctx.signal.aborted) throw err;
          throw invalid(`This zip archive is damaged: member "${entry.fileName}" cannot be read`, err);
        });
        expected.push({ nameRaw: entry.fileNameRaw, crc32: entry.crc32, size: entry.uncompressedSize });
        continue;
      }
      const content = path.join(tmp, String(index));
      await extractMember(source, entry, content, ctx.signal);
      const member = ctx.level !== 'light' && entry.uncompressedSize >= MIN_FAMILY_MEMBER && !isSymlink(entry)
        ? await compressMember(content, entry.fileName, ctx, tmp)
        : undefined;
      const bytes = member?.file ?? content;
      const crc32 = member ? await fileCrc(bytes) : entry.crc32;
      const size = member ? (await stat(bytes)).size : entry.uncompressedSize;
      const data = await chooseData(source, entry, index, bytes, !member, tmp, ctx.signal);
      await writer.add({ ...record, crc32, size }, data, ctx.signal);
      expected.push({ nameRaw: entry.fileNameRaw, crc32, size });
      if (member) {
        tally.byFamily.set(member.ext, (tally.byFamily.get(member.ext) ?? 0) + 1);
        tally.notes.push(...member.notes.map((n) => `${entry.fileName}: ${n}`));
        if (member.ssim !== undefined) tally.minSsim = Math.min(tally.minSsim, member.ssim);
        await member.dispose();
      }
      await rm(content, { force: true });
      await rm(`${content}.deflate`, { force: true });
      tally.members++;
      ctx.onProgress(5 + (90 * (index + 1)) / source.entries.length);
    }
    await writer.finish(source.comment);
  } catch (err) {
    writer.abort();
    throw err;
  }
  return expected;
}

function recipeOf(tally: Tally, level: CompressContext['level']): string {
  const base = 're-zipped: each member at the smallest of its original encoding, deflate level 9 or stored';
  const count = [...tally.byFamily.values()].reduce((a, b) => a + b, 0);
  if (level === 'light') return `${base}; member contents unchanged`;
  if (count === 0) return `${base}; no member shrank by its own family`;
  const kinds = [...tally.byFamily].map(([ext, n]) => `${n} ${ext}`).join(', ');
  return `${base}; ${count} of ${tally.members} members compressed by their own family (${kinds})`;
}

/**
 * Zip: every member is unpacked (CRC checked), at balanced and maximum compressed by its own family, and written
 * back under the same name, in the same order, with the same times, attributes and comments. Password-protected
 * archives are returned as they are. The output is reopened and every member's size and CRC checked.
 */
export async function compressZip(input: string, ctx: CompressContext): Promise<FamilyOutput> {
  const source = await openZipSource(input);
  const tally: Tally = { members: 0, byFamily: new Map(), notes: [], minSsim: 1 };
  let expected: ExpectedMember[];
  const out = path.join(ctx.workDir, 'archive.zip');
  try {
    if (source.entries.some((e) => e.isEncrypted())) {
      return { path: input, format: 'zip', recipe: 'password-protected zip kept as it is (its members cannot be read)', notes: ['This archive is password-protected: it was kept unchanged'] };
    }
    ctx.onProgress(5);
    expected = await rewrite(source, out, ctx, tally);
  } finally {
    source.zip.close();
  }
  const problem = await verifyZip(out, expected, ctx.signal);
  if (problem) return { path: input, format: 'zip', recipe: `kept the original: the rewritten archive did not verify (${problem})`, notes: [] };
  const metrics: Record<string, number> = { members: tally.members, membersCompressed: [...tally.byFamily.values()].reduce((a, b) => a + b, 0) };
  // As office documents do: the lowest SSIM of a recompressed picture or video member, when any was lossy.
  if (tally.minSsim < 1) metrics.ssim = tally.minSsim;
  return { path: out, format: 'zip', recipe: recipeOf(tally, ctx.level), metrics, notes: tally.notes };
}
