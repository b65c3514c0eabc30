import { createWriteStream } from 'node:fs';
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MB } from '@shrinkly/contract';
import { cpuBudget } from '../../cpu-budget.js';
import { EngineError } from '../../errors.js';
import { mapLimited } from '../../tools/concurrent.js';
import { contentHash } from '../../tools/content-hash.js';
import { METHOD_DEFLATE } from '../../tools/zip/format.js';
import { ZipReader } from '../../tools/zip/reader.js';
import type { ZipMember } from '../../tools/zip/writer.js';
import type { CompressContext } from '../../types.js';

/** Pictures, media and nested archives are already compressed: a stronger deflate search gains nothing on them. */
const COMPRESSED_NAME =
  /\.(jpe?g|png|gif|webp|tiff?|wdp|hdp|jxr|mp3|mp4|m4a|m4v|mov|wmv|avi|ogg|oga|webm|zip|docx|xlsx|pptx|odt|ods|odp|gz|7z)$/i;
const deflatable = (m: ZipMember): boolean => !!m.file && !m.forceStore && !COMPRESSED_NAME.test(m.name);

/**
 * 7-Zip's deflate effort for `bytes` of a document's compressible parts (its XML, and what it stores uncompressed:
 * EMF/WMF drawings, fonts), or none: zlib's level 9 alone. Each tier keeps 7-Zip's run over them to about two
 * seconds on two cores (its deflate is single-threaded per part, and a document's body is most of its text).
 * Measured on XML (a 2 MB document body, 0.3-0.5 MB of corpus parts): zlib level 9 0.09 s; -mfb=128 one pass 2.0 %
 * smaller in 0.34 s; -mfb=258 one pass 2.9 % in 0.72 s; ten passes 3.1 % in 3.3 s. Fifteen passes (9.4 s) wrote the
 * same bytes as ten, give or take 22, or a few bytes more.
 */
export function deflateEffort(bytes: number): string[] | undefined {
  if (bytes <= MB) return ['-mfb=258', '-mpass=10'];
  if (bytes <= 4 * MB) return ['-mfb=258', '-mpass=1'];
  if (bytes <= 16 * MB) return ['-mfb=128', '-mpass=1'];
  return undefined;
}
/**
 * 7-Zip deflates members on this many threads, one member each; of the engine's CPU budget it takes as many slots as
 * it keeps busy (`threadsBusy`).
 */
const THREADS = 2;

/** Parts hashed at once, to tell the contents deflated by an earlier run of the call. */
const HASHES_AT_ONCE = 8;

/** The 7-Zip stream of each member's content made so far in this engine call, by content digest. */
type Deflated = Promise<string | undefined>;

/**
 * 7-Zip's deflate encoder (many passes, longest matches) writes streams a few percent smaller than zlib's level 9
 * on XML. All compressible members go through one 7z run; each member is then offered the 7-Zip stream as an
 * alternative (the writer keeps whichever of stored, zlib and 7-Zip is smallest). Without 7z, zlib alone is used.
 * A member's stream depends on its content alone, so the runs of one engine call (`ctx.memo`: "make it fit" rewrites
 * the document at two or three levels, whose text parts are mostly the same) deflate each content once. The passes
 * are chosen from all of the `document`'s compressible parts, whichever of them `members` is.
 */
export async function bestDeflate(
  ctx: CompressContext,
  members: ZipMember[],
  document: readonly ZipMember[] = members,
): Promise<void> {
  const eligible = members.filter(deflatable);
  if (eligible.length === 0) return;
  const partsDir = path.dirname(eligible[0]?.file ?? '');
  if (eligible.some((m) => path.dirname(m.file ?? '') !== partsDir)) return;
  let total = 0;
  for (const m of document.filter(deflatable)) total += (await stat(m.file ?? '')).size;
  const passes = deflateEffort(total);
  if (!passes) return;
  if (!ctx.memo) {
    const streams = await deflateWith7z(ctx, eligible, partsDir, passes);
    for (const [m, stream] of streams) m.deflated = stream;
    return;
  }
  const memo = ctx.memo;
  // A few at a time, and without the call's signal: a signal listener per part would pile up on a large package.
  const keys = await mapLimited(
    eligible,
    HASHES_AT_ONCE,
    async (m) => `7z-deflate:${passes.join(' ')}:${await contentHash(m.file ?? '')}`,
  );
  // A part 7-Zip could not deflate (it failed or timed out) keeps zlib's stream for the rest of the call: trying
  // again would cost another such run for the same answer.
  const todo = new Set(eligible.filter((_, i) => !memo.has(keys[i] as string)));
  if (todo.size > 0) {
    const run = deflateWith7z(ctx, [...todo], partsDir, passes);
    for (const [i, m] of eligible.entries()) {
      const key = keys[i] as string;
      if (!todo.has(m) || memo.has(key)) continue;
      const stream = run.then((streams) => streams.get(m));
      // Awaited below; a cancelled run must not also surface as an unhandled rejection.
      stream.catch(() => undefined);
      memo.set(key, stream);
    }
  }
  for (const [i, m] of eligible.entries()) {
    const stream = await (memo.get(keys[i] as string) as Deflated);
    if (stream) m.deflated = stream;
  }
}

/**
 * The threads 7-Zip keeps busy on members of these sizes: one member each, so a member holding half the text or more
 * (a document's body, a workbook's one large sheet) keeps one thread busy throughout and the others only briefly.
 */
export function threadsBusy(sizes: readonly number[]): number {
  const total = sizes.reduce((a, b) => a + b, 0);
  const largest = Math.max(0, ...sizes);
  return Math.max(1, Math.min(THREADS, sizes.length, Math.floor(total / Math.max(1, largest))));
}

/**
 * One 7z run over `members` (files of `partsDir`) with `passes` (chosen from all the document's text, so a member's
 * stream is the same whichever run makes it): each member's raw deflate stream, as a file; none when 7z fails.
 */
async function deflateWith7z(
  ctx: CompressContext,
  members: ZipMember[],
  partsDir: string,
  passes: string[],
): Promise<Map<ZipMember, string>> {
  const streams = new Map<ZipMember, string>();
  const sizes = await Promise.all(members.map(async (m) => (await stat(m.file ?? '')).size));
  const dir = await mkdtemp(path.join(ctx.workDir, 'deflate-'));
  const archive = path.join(dir, 'parts.zip');
  const list = path.join(dir, 'list.txt');
  await writeFile(list, members.map((m) => path.basename(m.file ?? '')).join('\n'));
  try {
    const args = [
      'a',
      '-tzip',
      '-mx=9',
      '-mm=Deflate',
      ...passes,
      `-mmt=${THREADS}`,
      '-mtc=off',
      '-bd',
      '-y',
      archive,
      `@${list}`,
    ];
    await cpuBudget().run(
      () => ctx.runProcess('7z', args, { signal: ctx.signal, cwd: partsDir, timeoutMs: 5 * 60 * 1000 }),
      ctx.signal,
      threadsBusy(sizes),
    );
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'cancelled') throw err;
    return streams;
  }
  const byBase = new Map(members.map((m) => [path.basename(m.file ?? ''), m]));
  const zip = await ZipReader.open(archive);
  try {
    for (const entry of zip.entries) {
      const member = byBase.get(entry.name);
      if (!member || entry.method !== METHOD_DEFLATE) continue;
      const target = path.join(dir, `${entry.name}.deflate`);
      await pipeline(await zip.openRaw(entry), createWriteStream(target), { signal: ctx.signal });
      streams.set(member, target);
    }
  } finally {
    await zip.close();
  }
  return streams;
}
