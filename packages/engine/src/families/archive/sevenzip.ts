import { copyFile, lstat, mkdir, readdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { cpuBudget } from '../../cpu-budget.js';
import { EngineError } from '../../errors.js';
import { allSettledOrThrow, mapLimited } from '../../tools/concurrent.js';
import { checkTotal, invalid } from '../../tools/unpack-limits.js';
import { fileCrc } from '../../tools/zip/encode.js';
import type { CompressContext, FamilyOutput } from '../../types.js';
import { compressesMembers, compressMember, keptUnverified, lowerScore, MIN_FAMILY_MEMBER } from './members.js';
import { guard7z, list7z, NO_PASSWORD, type SevenListing } from './sevenzip-list.js';

/** Above this, a second pass with PPMd (strong on text) is not worth its time. */
const PPMD_TRY_LIMIT = 64 * 1024 * 1024;
/** Members compressed by their families at once: two nested compressions keep both cores busy. */
const MEMBERS_AT_ONCE = 2;
/**
 * 7-Zip's threads, fixed: LZMA2 splits big inputs into blocks when it has more than one thread, so the bytes would
 * otherwise depend on the machine's cores.
 */
const THREADS = 2;
/** The time a folder with nothing in it gets (the zip epoch), when the archive stored none for it. */
const EMPTY_FOLDER_TIME = new Date('1980-01-01T00:00:00Z');

async function fileCrcHex(file: string, signal: AbortSignal): Promise<string> {
  return (await fileCrc(file, signal)).toString(16).toUpperCase().padStart(8, '0');
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
  score: number | null;
}

interface ChangedMember {
  path: string;
  ext: string;
  crc: string;
  notes: string[];
  ssim?: number;
  score: number | null;
}

/** Has one unpacked member compressed by its family and put in its place, keeping the file's time. */
async function compressOne(
  dir: string,
  item: SevenListing['items'][number],
  ctx: CompressContext,
  tmp: string,
): Promise<ChangedMember | undefined> {
  const file = path.join(dir, item.path);
  const before = await stat(file);
  const result = await compressMember(file, item.path, ctx, tmp);
  if (!result) return undefined;
  try {
    await copyFile(result.file, file);
    await utimes(file, before.atime, before.mtime);
  } finally {
    await result.dispose();
  }
  return {
    path: item.path,
    ext: result.ext,
    crc: await fileCrcHex(file, ctx.signal),
    notes: result.notes,
    ...(result.ssim !== undefined ? { ssim: result.ssim } : {}),
    score: result.score,
  };
}

async function compressMembers(dir: string, listing: SevenListing, ctx: CompressContext, tmp: string): Promise<MemberChanges> {
  const changes: MemberChanges = { changed: new Map(), byExt: new Map(), notes: [], minSsim: 1, score: 1 };
  const files = listing.items.filter((i) => !i.directory && i.size >= MIN_FAMILY_MEMBER);
  let done = 0;
  const results = await mapLimited(files, MEMBERS_AT_ONCE, async (item) => {
    const changed = await compressOne(dir, item, ctx, tmp);
    ctx.onProgress(20 + (50 * ++done) / files.length);
    return changed;
  });
  // Gathered in the listing's order, whichever finished first.
  for (const r of results) {
    if (!r) continue;
    changes.changed.set(r.path, r.crc);
    changes.byExt.set(r.ext, (changes.byExt.get(r.ext) ?? 0) + 1);
    changes.notes.push(...r.notes.map((note) => `${r.path}: ${note}`));
    if (r.ssim !== undefined) changes.minSsim = Math.min(changes.minSsim, r.ssim);
    changes.score = lowerScore(changes.score, r.score);
  }
  return changes;
}

/**
 * Folders 7-Zip made while unpacking because a member's path needs them (the archive does not list them, or stored
 * no time for them) carry the time of the unpacking, which the repack would store: each gets the time of its
 * newest content instead, deepest folders first, so the output depends on the archive alone.
 */
async function settleFolderTimes(dir: string, listing: SevenListing): Promise<void> {
  const timed = new Set(listing.items.filter((i) => i.directory && i.hasTime).map((i) => i.path));
  const folders = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort((a, b) => b.split('/').length - a.split('/').length);
  for (const folder of folders) {
    if (timed.has(folder)) continue;
    const full = path.join(dir, folder);
    let newest = EMPTY_FOLDER_TIME.getTime();
    for (const child of await readdir(full)) newest = Math.max(newest, (await lstat(path.join(full, child))).mtimeMs);
    await utimes(full, new Date(newest), new Date(newest));
  }
}

/** Same paths, and every member's size and CRC as expected (the original's, or the recompressed file's). */
function compareListings(
  original: SevenListing,
  output: SevenListing,
  changed: Map<string, string>,
  sizes: Map<string, number>,
): string | undefined {
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

async function pack(
  dir: string,
  out: string,
  top: string[],
  methodArgs: string[],
  keepTimes: boolean,
  ctx: CompressContext,
): Promise<number> {
  // -spd: names are names, not wildcards; no -p here (7z a would encrypt with it).
  const args = [
    'a',
    '-t7z',
    '-mx=9',
    `-mmt=${THREADS}`,
    ...methodArgs,
    ...(keepTimes ? [] : ['-mtm=off']),
    '-bd',
    '-y',
    '-spd',
    '--',
    out,
    ...top,
  ];
  await cpuBudget().run(
    () => ctx.runProcess('7z', args, { signal: ctx.signal, cwd: dir, timeoutMs: 30 * 60 * 1000 }),
    ctx.signal,
    THREADS,
  );
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
    return {
      path: input,
      format: '7z',
      recipe: 'kept as it is: the 7z archive is password-protected',
      notes: ['This archive is password-protected: it was kept unchanged'],
    };
  }
  guard7z(listing);
  if (listing.items.some((i) => i.link))
    return { path: input, format: '7z', recipe: 'kept as it is: the archive holds symbolic links', notes: [] };
  const dir = path.join(ctx.workDir, 'unpacked');
  const tmp = path.join(ctx.workDir, 'tmp');
  await mkdir(dir);
  await mkdir(tmp);
  try {
    await ctx.runProcess('7z', ['x', `-o${dir}`, '-y', '-bd', NO_PASSWORD, '--', input], {
      signal: ctx.signal,
      timeoutMs: 30 * 60 * 1000,
    });
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'failed')
      throw new EngineError('invalid-input', 'This 7z archive is damaged and cannot be unpacked', err.stderrTail, { cause: err });
    throw err;
  }
  await checkUnpacked(dir);
  ctx.onProgress(20);
  const members: MemberChanges = !compressesMembers(ctx)
    ? { changed: new Map(), byExt: new Map(), notes: [], minSsim: 1, score: 1 }
    : await compressMembers(dir, listing, ctx, tmp);
  const sizes = new Map<string, number>();
  for (const file of members.changed.keys()) sizes.set(file, (await stat(path.join(dir, file))).size);
  const top = [...new Set(listing.items.map((i) => i.path.split('/')[0] ?? i.path))];
  const keepTimes = listing.items.some((i) => i.hasTime);
  if (keepTimes) await settleFolderTimes(dir, listing);
  const total = listing.items.reduce((sum, i) => sum + i.size, 0);
  // LZMA2, and PPMd beside it for archives small enough (each is mostly one thread); the smaller wins, LZMA2 on a tie.
  const methods = [
    { name: 'LZMA2', args: [] as string[] },
    ...(total <= PPMD_TRY_LIMIT ? [{ name: 'PPMd', args: ['-m0=PPMd'] }] : []),
  ];
  const packed = await mapLimited(methods, methods.length, async (m) => {
    const file = path.join(ctx.workDir, `${m.name.toLowerCase()}.7z`);
    return { file, size: await pack(dir, file, top, m.args, keepTimes, ctx), method: m.name };
  });
  const best = packed.reduce((a, b) => (b.size < a.size ? b : a));
  ctx.onProgress(85);
  const [, listed] = await allSettledOrThrow(
    ctx.runProcess('7z', ['t', '-bd', '--', best.file], { signal: ctx.signal, timeoutMs: 30 * 60 * 1000 }),
    list7z(best.file, ctx),
  );
  const problem = compareListings(listing, listed, members.changed, sizes);
  if (problem) return keptUnverified(input, '7z', 'repacked', problem);
  const count = members.changed.size;
  const kinds = [...members.byExt].map(([ext, n]) => `${n} ${ext}`).join(', ');
  const familyPart = !compressesMembers(ctx)
    ? 'member contents unchanged'
    : count > 0
      ? `${count} members compressed by their own family (${kinds})`
      : 'no member shrank by its own family';
  const metrics: Record<string, number> = { members: listing.items.filter((i) => !i.directory).length, membersCompressed: count };
  if (members.minSsim < 1) metrics.ssim = members.minSsim;
  return {
    path: best.file,
    format: '7z',
    recipe: `repacked with 7-Zip -mx=9 ${best.method}; ${familyPart}`,
    metrics,
    score: members.score,
    notes: members.notes,
  };
}
