import { createWriteStream } from 'node:fs';
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { cpuBudget } from '../../cpu-budget.js';
import { EngineError } from '../../errors.js';
import { METHOD_DEFLATE } from '../../tools/zip/format.js';
import { ZipReader } from '../../tools/zip/reader.js';
import type { ZipMember } from '../../tools/zip/writer.js';
import type { CompressContext } from '../../types.js';

/** Pictures, media and nested archives are already compressed: a stronger deflate search gains nothing on them. */
const COMPRESSED_NAME =
  /\.(jpe?g|png|gif|webp|tiff?|wdp|hdp|jxr|mp3|mp4|m4a|m4v|mov|wmv|avi|ogg|oga|webm|zip|docx|xlsx|pptx|odt|ods|odp|gz|7z)$/i;
/** Above this much text, 7-Zip's exhaustive passes cost more time than they save bytes. */
const EXHAUSTIVE_LIMIT = 64 * 1024 * 1024;
/** 7-Zip deflates members on this many threads (one file each), and takes as many slots of the engine's CPU budget. */
const THREADS = 2;

/**
 * 7-Zip's deflate encoder (many passes, longest matches) writes streams a few percent smaller than zlib's level 9
 * on XML. All compressible members go through one 7z run; each member is then offered the 7-Zip stream as an
 * alternative (the writer keeps whichever of stored, zlib and 7-Zip is smallest). Without 7z, zlib alone is used.
 */
export async function bestDeflate(ctx: CompressContext, members: ZipMember[]): Promise<void> {
  const eligible = members.filter((m) => m.file && !m.forceStore && !COMPRESSED_NAME.test(m.name));
  if (eligible.length === 0) return;
  const partsDir = path.dirname(eligible[0]?.file ?? '');
  if (eligible.some((m) => path.dirname(m.file ?? '') !== partsDir)) return;
  const dir = await mkdtemp(path.join(ctx.workDir, 'deflate-'));
  const archive = path.join(dir, 'parts.zip');
  const list = path.join(dir, 'list.txt');
  await writeFile(list, eligible.map((m) => path.basename(m.file ?? '')).join('\n'));
  let total = 0;
  for (const m of eligible) total += (await stat(m.file ?? '')).size;
  const passes = total <= EXHAUSTIVE_LIMIT ? ['-mfb=258', '-mpass=15'] : [];
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
      THREADS,
    );
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'cancelled') throw err;
    return;
  }
  const byBase = new Map(eligible.map((m) => [path.basename(m.file ?? ''), m]));
  const zip = await ZipReader.open(archive);
  try {
    for (const entry of zip.entries) {
      const member = byBase.get(entry.name);
      if (!member || entry.method !== METHOD_DEFLATE) continue;
      const target = path.join(dir, `${entry.name}.deflate`);
      await pipeline(await zip.openRaw(entry), createWriteStream(target), { signal: ctx.signal });
      member.deflated = target;
    }
  } finally {
    await zip.close();
  }
}
