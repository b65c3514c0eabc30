import { copyFile, lstat, mkdir, readdir, stat, utimes } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { EngineError } from '../../errors.js';
import type { CompressContext, FamilyOutput } from '../../types.js';
import { checkTotal, invalid } from '../../tools/unpack-limits.js';
import { MIN_FAMILY_MEMBER, compressMember } from './members.js';
import { NO_PASSWORD, type SevenListing, guard7z, list7z } from './sevenzip-list.js';

/** Above this, a second pass with PPMd (strong on text) is not worth its time. */
const PPMD_TRY_LIMIT = 64 * 1024 * 1024;

async function fileCrcHex(file: string): Promise<string> {
  let crc = 0;
  for await (const chunk of createReadStream(file)) crc = crc32(chunk as Buffer, crc);
  return (crc >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

/** After unpacking: only plain files and folders, and no more bytes than the listing promised. */
async function checkUnpacked(dir: string): Promise<void> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const info = await lstat(full);
    if (!info.isFile() && !info.isDirectory()) throw invalid('The archive was refused: it contains links or special files');
    total += info.isFile() ? info.size : 0;
  }
  checkTotal(total);
}

/** Compresses the unpacked members by their own families in place, keeping each file's time. Returns the changes. */
interface MemberChanges {
  changed: Map<string, string>;
  byExt: Map<string, number>;
  notes: string[];
  minSsim: number;
}

async function compressMembers(dir: string, listing: SevenListing, ctx: CompressContext, tmp: string): Promise<MemberChanges> {
  const changes: MemberChanges = { changed: new Map(), byExt: new Map(), notes: [], minSsim: 1 };
  const { changed, byExt, notes } = changes;
  const files = listing.items.filter((i) => !i.directory && i.size >= MIN_FAMILY_MEMBER);
  for (const [n, item] of files.entries()) {
    const file = path.join(dir, item.path);
    const before = await stat(file);
    const result = await compressMember(file, item.path, ctx, tmp);
    if (result) {
      await copyFile(result.file, file);
      await utimes(file, before.atime, before.mtime);
      await result.dispose();
      changed.set(item.path, await fileCrcHex(file));
      byExt.set(result.ext, (byExt.get(result.ext) ?? 0) + 1);
      notes.push(...result.notes.map((note) => `${item.path}: ${note}`));
      if (result.ssim !== undefined) changes.minSsim = Math.min(changes.minSsim, result.ssim);
    }
    ctx.onProgress(20 + (50 * (n + 1)) / files.length);
  }
  return changes;
}

/** Same paths, and every member's size and CRC as expected (the original's, or the recompressed file's). */
function compareListings(original: SevenListing, output: SevenListing, changed: Map<string, string>, sizes: Map<string, number>): string | undefined {
  const byPath = new Map(output.items.map((i) => [i.path, i]));
  const known = new Set(original.items.map((i) => i.path));
  // 7-Zip adds an entry for each parent folder the original listed only implicitly; nothing else may appear.
  const extra = output.items.find((i) => !known.has(i.path) && !i.directory);
  if (extra) return `unexpected member ${extra.path}`;
  for (const item of original.items) {
    const got = byPath.get(item.path);
    if (!got || got.directory !== item.directory) return `member ${item.path} is missing`;
    if (item.directory) continue;
    const crc = changed.get(item.path) ?? item.crc;
    const size = sizes.get(item.path) ?? item.size;
    if (got.crc !== crc || got.size !== size) return `member ${item.path} has other content`;
  }
  return undefined;
}

async function pack(dir: string, out: string, top: string[], methodArgs: string[], keepTimes: boolean, ctx: CompressContext): Promise<number> {
  // -spd: names are names, not wildcards; no -p here (7z a would encrypt with it).
  await ctx.runProcess('7z', ['a', '-t7z', '-mx=9', ...methodArgs, ...(keepTimes ? [] : ['-mtm=off']), '-bd', '-y', '-spd', '--', out, ...top], {
    signal: ctx.signal, cwd: dir, timeoutMs: 30 * 60 * 1000,
  });
  return (await stat(out)).size;
}

/**
 * 7z: unpacked, members compressed by their own families at balanced and maximum, and repacked at -mx=9 (LZMA2,
 * and PPMd for smaller archives; the smaller wins). Paths, sizes and CRCs are compared with the original listing
 * and `7z t` tests the result. Encrypted archives and archives holding links are returned as they are.
 */
export async function compressSevenZip(input: string, ctx: CompressContext): Promise<FamilyOutput> {
  const listing = await list7z(input, ctx);
  if (listing.headerEncrypted || listing.items.some((i) => i.encrypted)) {
    return { path: input, format: '7z', recipe: 'password-protected 7z kept as it is', notes: ['This archive is password-protected: it was kept unchanged'] };
  }
  guard7z(listing);
  if (listing.items.some((i) => i.link)) return { path: input, format: '7z', recipe: 'kept as it is: the archive holds symbolic links', notes: [] };
  const dir = path.join(ctx.workDir, 'unpacked');
  const tmp = path.join(ctx.workDir, 'tmp');
  await mkdir(dir);
  await mkdir(tmp);
  try {
    await ctx.runProcess('7z', ['x', `-o${dir}`, '-y', '-bd', NO_PASSWORD, '--', input], { signal: ctx.signal, timeoutMs: 30 * 60 * 1000 });
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'failed') throw new EngineError('invalid-input', 'This 7z archive is damaged and cannot be unpacked', err.stderrTail, { cause: err });
    throw err;
  }
  await checkUnpacked(dir);
  ctx.onProgress(20);
  const members: MemberChanges = ctx.level === 'light' ? { changed: new Map(), byExt: new Map(), notes: [], minSsim: 1 } : await compressMembers(dir, listing, ctx, tmp);
  const sizes = new Map<string, number>();
  for (const file of members.changed.keys()) sizes.set(file, (await stat(path.join(dir, file))).size);
  const top = [...new Set(listing.items.map((i) => i.path.split('/')[0] ?? i.path))];
  const keepTimes = listing.items.some((i) => i.hasTime);
  const total = listing.items.reduce((sum, i) => sum + i.size, 0);
  const lzma = path.join(ctx.workDir, 'lzma2.7z');
  let best = { file: lzma, size: await pack(dir, lzma, top, [], keepTimes, ctx), method: 'LZMA2' };
  ctx.onProgress(85);
  if (total <= PPMD_TRY_LIMIT) {
    const ppmd = path.join(ctx.workDir, 'ppmd.7z');
    const size = await pack(dir, ppmd, top, ['-m0=PPMd'], keepTimes, ctx);
    if (size < best.size) best = { file: ppmd, size, method: 'PPMd' };
  }
  await ctx.runProcess('7z', ['t', '-bd', '--', best.file], { signal: ctx.signal, timeoutMs: 30 * 60 * 1000 });
  const problem = compareListings(listing, await list7z(best.file, ctx), members.changed, sizes);
  if (problem) return { path: input, format: '7z', recipe: `kept the original: the repacked archive did not verify (${problem})`, notes: [] };
  const count = members.changed.size;
  const kinds = [...members.byExt].map(([ext, n]) => `${n} ${ext}`).join(', ');
  const familyPart = ctx.level === 'light' ? 'member contents unchanged' : count > 0 ? `${count} members compressed by their own family (${kinds})` : 'no member shrank by its own family';
  const metrics: Record<string, number> = { members: listing.items.filter((i) => !i.directory).length, membersCompressed: count };
  if (members.minSsim < 1) metrics.ssim = members.minSsim;
  return { path: best.file, format: '7z', recipe: `repacked with 7-Zip -mx=9 ${best.method}; ${familyPart}`, metrics, notes: members.notes };
}
