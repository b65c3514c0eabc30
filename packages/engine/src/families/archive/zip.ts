import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { prepareInOrder } from '../../tools/concurrent.js';
import { invalid } from '../../tools/unpack-limits.js';
import { encodeFile, fileCrc, type MemberData, smallest } from '../../tools/zip/encode.js';
import { FLAG_DATA_DESCRIPTOR, withoutZip64 } from '../../tools/zip/format.js';
import { extractMember } from '../../tools/zip/members.js';
import type { ZipEntry, ZipReader } from '../../tools/zip/reader.js';
import { type ExpectedMember, verifyZip } from '../../tools/zip/verify.js';
import { type MemberHeader, ZipWriter } from '../../tools/zip/writer.js';
import type { CompressContext, FamilyOutput } from '../../types.js';
import {
  compressesMembers,
  compressMember,
  keptUnverified,
  lowerScore,
  type MemberResult,
  MIN_FAMILY_MEMBER,
} from './members.js';
import { openArchive } from './zip-source.js';

/** Members prepared at once: two nested compressions keep both cores busy while the writer copies bytes. */
const MEMBERS_AHEAD = 2;

/** What happened to the members, for the recipe. */
interface Tally {
  members: number;
  byFamily: Map<string, number>;
  notes: string[];
  minSsim: number;
  score: number | null;
}

/** One member ready to be written: its header, its data, and what to clean up afterwards. */
interface Prepared {
  header: MemberHeader;
  data: MemberData;
  /** The data is the archive's own stored bytes, copied unread. */
  copied: boolean;
  member?: MemberResult;
  dispose: () => Promise<void>;
}

function isSymlink(entry: ZipEntry): boolean {
  return entry.versionMadeBy >> 8 === 3 && ((entry.externalAttributes >>> 16) & 0o170000) === 0o120000;
}

function originalData(zip: ZipReader, entry: ZipEntry): MemberData {
  return { method: entry.method, compressedSize: entry.compressedSize, open: () => zip.openRaw(entry) };
}

async function headerOf(zip: ZipReader, entry: ZipEntry): Promise<Omit<MemberHeader, 'crc32' | 'size'>> {
  return {
    nameRaw: entry.nameRaw,
    commentRaw: entry.commentRaw,
    versionMadeBy: entry.versionMadeBy,
    flags: entry.flags & ~FLAG_DATA_DESCRIPTOR,
    dosTime: entry.dosTime,
    dosDate: entry.dosDate,
    internalAttributes: entry.internalAttributes,
    externalAttributes: entry.externalAttributes,
    localExtra: withoutZip64(await zip.localExtra(entry)),
    centralExtra: withoutZip64(entry.centralExtra),
  };
}

/**
 * Unpacks one member (size and CRC checked), at balanced and maximum has its own family compress it, and picks the
 * smallest of its original encoding (content unchanged), deflate level 9 or stored. ODF/EPUB's leading `mimetype`
 * keeps its encoding (readers require it stored). Folders and methods we cannot decode are copied byte for byte.
 */
async function prepare(zip: ZipReader, entry: ZipEntry, index: number, tmp: string, ctx: CompressContext): Promise<Prepared> {
  const header = await headerOf(zip, entry);
  const original = originalData(zip, entry);
  if (entry.isDirectory || !entry.canDecode) {
    return { header: { ...header, crc32: entry.crc32, size: entry.size }, data: original, copied: true, dispose: async () => {} };
  }
  const content = path.join(tmp, String(index));
  await extractMember(zip, entry, content, ctx.signal);
  const member =
    compressesMembers(ctx) && entry.size >= MIN_FAMILY_MEMBER && !isSymlink(entry)
      ? await compressMember(content, entry.name, ctx, tmp)
      : undefined;
  const dispose = async () => {
    await member?.dispose();
    await rm(content, { force: true });
    await rm(`${content}.deflate`, { force: true });
  };
  try {
    const bytes = member?.file ?? content;
    const keepsEncoding = index === 0 && entry.name === 'mimetype' && !member;
    const encoded = keepsEncoding
      ? undefined
      : await encodeFile(bytes, `${content}.deflate`, ctx.signal, { skipIncompressible: true });
    const options = [
      ...(member ? [] : [original]),
      ...(encoded?.deflated ? [encoded.deflated] : []),
      ...(encoded ? [encoded.stored] : []),
    ];
    const crc32 = member ? (encoded?.crc32 ?? (await fileCrc(bytes, ctx.signal))) : entry.crc32;
    const size = member ? (await stat(bytes)).size : entry.size;
    const data = smallest(options);
    return { header: { ...header, crc32, size }, data, copied: data === original, member, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

async function rewrite(zip: ZipReader, out: string, ctx: CompressContext, tally: Tally): Promise<ExpectedMember[]> {
  const tmp = path.join(ctx.workDir, 'members');
  await mkdir(tmp, { recursive: true });
  const writer = new ZipWriter(out);
  const expected: ExpectedMember[] = [];
  const entries = zip.entries;
  try {
    await prepareInOrder(
      entries,
      MEMBERS_AHEAD,
      (entry, index) => prepare(zip, entry, index, tmp, ctx),
      async (ready, index) => {
        const entry = entries[index] as ZipEntry;
        try {
          await writer.add(ready.header, ready.data, ctx.signal).catch((err: unknown) => {
            // Bytes copied from the archive as they are were never decoded: a read failure there is the archive's damage.
            if (ctx.signal.aborted || err instanceof EngineError || !ready.copied) throw err;
            throw invalid(`This zip archive is damaged: member "${entry.name}" cannot be read`, err);
          });
        } finally {
          await ready.dispose();
        }
        expected.push({ nameRaw: entry.nameRaw, crc32: ready.header.crc32, size: ready.header.size });
        if (!entry.isDirectory && entry.canDecode) tally.members++;
        if (ready.member) {
          tally.byFamily.set(ready.member.ext, (tally.byFamily.get(ready.member.ext) ?? 0) + 1);
          tally.notes.push(...ready.member.notes.map((n) => `${entry.name}: ${n}`));
          if (ready.member.ssim !== undefined) tally.minSsim = Math.min(tally.minSsim, ready.member.ssim);
          tally.score = lowerScore(tally.score, ready.member.score);
        }
        ctx.onProgress(5 + (90 * (index + 1)) / entries.length);
      },
    );
    await writer.finish(zip.comment);
  } catch (err) {
    writer.abort();
    throw err;
  }
  return expected;
}

function recipeOf(tally: Tally, ctx: CompressContext): string {
  const base = 're-zipped: each member at the smallest of its original encoding, deflate level 9 or stored';
  const count = [...tally.byFamily.values()].reduce((a, b) => a + b, 0);
  if (!compressesMembers(ctx)) return `${base}; member contents unchanged`;
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
  const zip = await openArchive(input);
  const tally: Tally = { members: 0, byFamily: new Map(), notes: [], minSsim: 1, score: 1 };
  let expected: ExpectedMember[];
  const out = path.join(ctx.workDir, 'archive.zip');
  try {
    if (zip.entries.some((e) => e.isEncrypted)) {
      return {
        path: input,
        format: 'zip',
        recipe: 'kept as it is: the zip is password-protected (its members cannot be read)',
        notes: ['This archive is password-protected: it was kept unchanged'],
      };
    }
    ctx.onProgress(5);
    expected = await rewrite(zip, out, ctx, tally);
  } finally {
    await zip.close();
  }
  const problem = await verifyZip(out, ctx.signal, expected);
  if (problem) return keptUnverified(input, 'zip', 'rewritten', problem);
  const metrics: Record<string, number> = {
    members: tally.members,
    membersCompressed: [...tally.byFamily.values()].reduce((a, b) => a + b, 0),
  };
  // As office documents do: the lowest SSIM of a recompressed picture or video member, when any was lossy.
  if (tally.minSsim < 1) metrics.ssim = tally.minSsim;
  return { path: out, format: 'zip', recipe: recipeOf(tally, ctx), metrics, score: tally.score, notes: tally.notes };
}
