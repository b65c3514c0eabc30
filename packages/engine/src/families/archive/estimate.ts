import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { canonicalExt, FAMILY_BY_EXT } from '../../detect.js';
import { extractMember } from '../../tools/zip/members.js';
import type { CompressContext, CompressionLevel } from '../../types.js';
import { compressMember } from './members.js';
import { guard7z, list7z, NO_PASSWORD } from './sevenzip-list.js';
import { openArchive } from './zip-source.js';

/** Members compressed for real per estimate, the largest first; bigger ones (long videos) are not sampled. */
const SAMPLE_MEMBERS = 3;
const MAX_SAMPLE_BYTES = 64 * 1024 * 1024;

type EstimateContext = Omit<CompressContext, 'level'>;
interface MemberInfo {
  name: string;
  /** Bytes it takes in the archive (its share of the archive's size). */
  stored: number;
  size: number;
}

/** Whether a member's name suggests a type some family compresses (archives and text are left to the archiver). */
function hasFamily(name: string): boolean {
  const family = FAMILY_BY_EXT[canonicalExt(path.extname(name).slice(1))];
  return family !== undefined && family !== 'archive' && family !== 'text';
}

/**
 * Light only re-encodes the container (assumed to gain nothing); balanced and maximum compress the largest members
 * by their families and apply the ratio found to every member of a compressible type.
 */
async function fromMembers(
  size: number,
  members: MemberInfo[],
  unpack: (names: string[], dir: string) => Promise<Map<string, string>>,
  ctx: EstimateContext,
): Promise<Record<CompressionLevel, number>> {
  const candidates = members.filter((m) => hasFamily(m.name) && m.size > 0).sort((a, b) => b.stored - a.stored);
  const sample = candidates.filter((m) => m.size <= MAX_SAMPLE_BYTES).slice(0, SAMPLE_MEMBERS);
  const sizes: Record<CompressionLevel, number> = { light: size, balanced: size, maximum: size };
  if (sample.length === 0) return sizes;
  const dir = path.join(ctx.workDir, 'estimate');
  await mkdir(dir, { recursive: true });
  const files = await unpack(
    sample.map((m) => m.name),
    dir,
  );
  const eligibleStored = candidates.reduce((sum, m) => sum + m.stored, 0);
  for (const level of ['balanced', 'maximum'] as const) {
    let before = 0;
    let after = 0;
    for (const m of sample) {
      const file = files.get(m.name);
      const result = file ? await compressMember(file, m.name, { ...ctx, level }, dir) : undefined;
      before += m.size;
      after += result ? (await stat(result.file)).size : m.size;
      await result?.dispose();
    }
    sizes[level] = Math.round(size - eligibleStored * (1 - after / before));
  }
  return sizes;
}

export async function estimateZip(input: string, ctx: EstimateContext): Promise<Record<CompressionLevel, number>> {
  const zip = await openArchive(input);
  try {
    const members = zip.entries
      .filter((e) => !e.isDirectory && e.canDecode)
      .map((e) => ({ name: e.name, stored: e.compressedSize, size: e.size }));
    return await fromMembers(
      (await stat(input)).size,
      members,
      async (names, dir) => {
        const files = new Map<string, string>();
        for (const [i, entry] of zip.entries.entries()) {
          if (!names.includes(entry.name) || files.has(entry.name)) continue;
          const file = path.join(dir, `member-${i}`);
          await extractMember(zip, entry, file, ctx.signal);
          files.set(entry.name, file);
        }
        return files;
      },
      ctx,
    );
  } finally {
    await zip.close();
  }
}

export async function estimateSevenZip(input: string, ctx: EstimateContext): Promise<Record<CompressionLevel, number>> {
  const listing = await list7z(input, ctx);
  const size = (await stat(input)).size;
  if (listing.headerEncrypted || listing.items.some((i) => i.encrypted || i.link))
    return { light: size, balanced: size, maximum: size };
  guard7z(listing);
  const total = listing.items.reduce((sum, i) => sum + i.size, 0) || 1;
  // Solid blocks hide each member's share: the archive's size is shared in proportion to unpacked sizes.
  const members = listing.items
    .filter((i) => !i.directory)
    .map((i) => ({ name: i.path, stored: (size * i.size) / total, size: i.size }));
  return fromMembers(
    size,
    members,
    async (names, dir) => {
      await ctx.runProcess('7z', ['x', `-o${dir}`, '-y', '-bd', '-spd', NO_PASSWORD, '--', input, ...names], {
        signal: ctx.signal,
        timeoutMs: 10 * 60 * 1000,
      });
      return new Map(names.map((n) => [n, path.join(dir, n)]));
    },
    ctx,
  );
}
