import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { canonicalExt, detect } from '../../detect.js';
import { EngineError } from '../../errors.js';
import { madeOnce } from '../../tools/call-memo.js';
import { contentHash } from '../../tools/content-hash.js';
import { fitBySide } from '../../tools/image/fit-by-side.js';
import { LEDGER_BYTES, type LedgerBudget, lendLedger, TrialLedger } from '../../tools/image/trial-ledger.js';
import { memberTargetBytes } from '../../tools/member-targets.js';
import { placeAs } from '../../tools/office/soffice.js';
import type { PackageEntry } from '../../tools/zip/members.js';
import type {
  CallMemo,
  CompressContext,
  CompressionLevel,
  DetectedType,
  FamilyOutput,
  LadderOutput,
  MemberTargets,
  PictureSetting,
} from '../../types.js';

/** Recompresses one picture in its own format; returns undefined when it has nothing to offer. */
export interface ImageCompressor {
  (input: string, type: DetectedType, ctx: CompressContext): Promise<FamilyOutput | undefined>;
  /**
   * The asked level's result, those of `ctx.nextLevels`, and any other level's that the same search gives (the image
   * family's ladder answers balanced beside the levels asked: image/run.ts), for `sharedPictureResults`.
   */
  withOtherLevels?(input: string, type: DetectedType, ctx: CompressContext): Promise<Partial<LadderOutput>>;
}

/** Pictures this small cannot gain enough to pay for an encode and a quality measurement. */
const MIN_IMAGE_BYTES = 2048;

/**
 * The image family the engine registers for the picture's format (`ctx.nested`); without one, the pictures are kept
 * as they are.
 */
export const engineImageCompressor: ImageCompressor = Object.assign(
  async (input: string, type: DetectedType, ctx: CompressContext) => {
    const family = ctx.nested?.familyFor(type);
    return family?.family === 'image' ? family.compress(input, type, ctx) : undefined;
  },
  {
    async withOtherLevels(input: string, type: DetectedType, ctx: CompressContext): Promise<Partial<LadderOutput>> {
      const family = ctx.nested?.familyFor(type);
      if (family?.family !== 'image') return {};
      const { level, nextLevels = [], ...rest } = ctx;
      if (family.ladder) return family.ladder(input, type, { ...rest, levels: [...new Set([level, ...nextLevels])] });
      return { [level]: await family.compress(input, type, ctx) };
    },
  },
);

/** A picture's result as `sharedPictureResults` keeps it: its file kept out of the picture's work folder, or the original. */
type KeptResult = { output: FamilyOutput; original: boolean } | undefined;

/**
 * Each picture's result at each level, made once per engine call (`memo`) whatever the content's name: "make it fit"
 * runs a document at its level, then the lighter ones, then sized through its pictures, and every run would search
 * each picture again. Where the compressor gives other levels from the same search (`withOtherLevels`), those are
 * kept too: a maximum run's pictures give balanced's, and the lighter levels a target may ask next (`nextLevels`).
 * A picture's result at a level depends on its content and the level alone (image/run.ts), so sharing changes no
 * result. Files are kept in `keepDir` (a hard link where possible), which lasts as long as the call, since the
 * picture's own work folder is removed once it is done.
 */
export function sharedPictureResults(compressor: ImageCompressor, memo: CallMemo, keepDir: string): ImageCompressor {
  // A smaller copy of a picture (sizedImages) starts at its picture's setting: that is part of what its result depends on.
  const startedFrom = (from?: PictureSetting) => (from ? `-from-${from.track}-${from.knob}` : '');
  const key = (digest: string, level: CompressionLevel, from?: PictureSetting) =>
    `office-picture:${digest}:${level}${startedFrom(from)}`;
  const keep = async (out: FamilyOutput | undefined, input: string, name: string): Promise<KeptResult> => {
    if (!out) return undefined;
    if (out.path === input) return { output: out, original: true };
    const file = await placeAs(out.path, path.join(keepDir, `${name}${path.extname(out.path)}`));
    return { output: { ...out, path: file }, original: false };
  };
  return async (input, type, ctx) => {
    const digest = await contentHash(input, ctx.signal);
    // A level not made yet, or a sizing, searches on from the trials earlier runs made of the picture.
    if (ctx.memo) lendLedger(ctx.memo, input, await pictureLedger(memo, digest, keepDir));
    let made = memo.get(key(digest, ctx.level, ctx.startAt)) as Promise<KeptResult> | undefined;
    if (!made) {
      // A copy's result is made for its level alone (image/run.ts `startAt`): no other level comes with it.
      const withOthers = ctx.startAt ? undefined : compressor.withOtherLevels;
      // The levels the call may ask next come from the same search, unless an earlier run made them already.
      const nextLevels = ctx.nextLevels?.filter((level) => !memo.has(key(digest, level))) ?? [];
      const outputs = withOthers
        ? withOthers(input, type, { ...ctx, nextLevels })
        : compressor(input, type, ctx).then((out) => ({ [ctx.level]: out }));
      made = outputs.then(async (outs) => {
        const others: Promise<KeptResult>[] = [];
        for (const [level, out] of Object.entries(outs) as [CompressionLevel, FamilyOutput][])
          if (level !== ctx.level && !memo.has(key(digest, level))) {
            const kept = keep(out, input, `picture-${digest}-${level}`);
            memo.set(key(digest, level), kept);
            others.push(kept);
          }
        const own = keep(outs[ctx.level], input, `picture-${digest}-${ctx.level}${startedFrom(ctx.startAt)}`);
        // Every file is kept before the picture's work folder goes; a failed copy surfaces only to a run that asks for it.
        await Promise.allSettled([own, ...others]);
        return own;
      });
      memo.set(key(digest, ctx.level, ctx.startAt), made);
    }
    const kept = await made;
    return kept && (kept.original ? { ...kept.output, path: input } : kept.output);
  };
}

/** The trials of the picture with content `digest`, for every run of the call (tools/image/trial-ledger.ts). */
async function pictureLedger(memo: CallMemo, digest: string, keepDir: string): Promise<TrialLedger> {
  const budget = await madeOnce<LedgerBudget>(memo, 'office-picture-trials-budget', async () => ({ bytesLeft: LEDGER_BYTES }));
  return madeOnce(
    memo,
    `office-picture-trials:${digest}`,
    async () => new TrialLedger(path.join(keepDir, `trials-${digest}`), budget),
  );
}

/**
 * "Make it fit" for the pictures of a document (`ctx.memberTargets`): each picture at the level as `compressor` makes
 * it, then sized to its own target (tools/member-targets.ts). Between levels by its family's quality alone, at the
 * same dimensions. Below the level's quality (the user's consent), first with fewer pixels at the level's quality,
 * as a photo of its own is (tools/image/fit-by-side.ts): the document sets where and how large a picture is drawn,
 * not its pixels, so the page looks the same but softer; each smaller copy goes through `compressor` too, starting from
 * the picture's setting (so the call's shared results serve a copy that another run made). The level's picture stands
 * when sizing gives nothing better.
 */
export function sizedImages(compressor: ImageCompressor, targets: MemberTargets): ImageCompressor {
  return async (input, type, ctx) => {
    const atLevel = await compressor(input, type, ctx);
    const family = ctx.nested?.familyFor(type);
    if (!atLevel || family?.family !== 'image' || !family.sizeTo) return atLevel;
    const own = (await stat(input)).size;
    const level = atLevel.path === input ? own : Math.min(own, (await stat(atLevel.path)).size);
    const targetBytes = memberTargetBytes(own, level, targets);
    if (targets.belowFloor) {
      // Each smaller copy starts from the setting the picture itself got at the level.
      const startAt = atLevel.setting;
      const smaller = await fitBySide(input, type, ctx.workDir, targetBytes, { size: level }, async (copy, workDir) => {
        const out = await compressor(copy.input, type, { ...ctx, workDir, ...(startAt ? { startAt } : {}) });
        const file = out && out.path !== copy.input ? out.path : copy.input;
        return { ...(out ?? { recipe: 'resized', format: type.ext }), path: file, size: (await stat(file)).size };
      });
      // The document's note counts such pictures (recompressImages' `fewerPixels`).
      if (smaller && smaller.size <= targetBytes) return smaller;
    }
    const known = { size: level, metrics: atLevel.metrics ?? {} };
    // Between levels the picture's lighter result is not made: its own size stands for "too large".
    const size = targets.belowFloor
      ? { targetBytes, tooLarge: known }
      : { targetBytes, tooLarge: { size: own, metrics: {} }, fits: known };
    const workDir = await mkdtemp(path.join(ctx.workDir, 'sized-'));
    const sized = await family.sizeTo(input, type, { ...ctx, workDir, size });
    if (!sized) return atLevel;
    const bytes = (await stat(sized.path)).size;
    return bytes <= targetBytes && (targets.belowFloor || bytes > level) ? sized : atLevel;
  };
}

export interface ImageStats {
  candidates: number;
  recompressed: number;
  savedBytes: number;
  /** Lowest SSIM the image compressor reported for the pictures it changed at their own dimensions. */
  minSsim?: number;
  /** Pictures stored with fewer pixels (a target below the level's quality): no SSIM against their originals. */
  fewerPixels?: number;
  /** True when no image compressor was available for some picture. */
  missingCompressor: boolean;
}

/**
 * Same format, same number of frames, and the same dimensions (or, with `fewerPixels`, the same proportions at a
 * smaller size, to a pixel's rounding): the picture still fills its place in the layout.
 */
async function sameShape(
  original: string,
  candidate: string,
  fewerPixels: boolean,
): Promise<'same' | 'fewer pixels' | undefined> {
  try {
    const [a, b] = await Promise.all([sharp(original).metadata(), sharp(candidate).metadata()]);
    if (a.format !== b.format || (a.pages ?? 1) !== (b.pages ?? 1)) return undefined;
    if (a.width === b.width && a.height === b.height) return 'same';
    const scale = b.width / a.width;
    return fewerPixels && scale < 1 && Math.abs(a.height * scale - b.height) <= 1 ? 'fewer pixels' : undefined;
  } catch {
    return undefined;
  }
}

interface Replacement {
  file: string;
  saved: number;
  ssim?: number;
  fewerPixels: boolean;
}

/** Recompresses one picture; undefined keeps the original bytes. */
async function recompressOne(
  entry: PackageEntry & { file: string },
  compressor: ImageCompressor,
  ctx: CompressContext,
  index: number,
  stats: ImageStats,
  onProgress: (p: number) => void,
): Promise<Replacement | undefined> {
  const type = await detect(entry.file).catch(() => undefined);
  const named = canonicalExt(path.extname(entry.name).slice(1));
  // The part keeps its name and content type, so only a picture whose bytes match its name is re-encoded in place.
  if (type?.family !== 'image' || named !== type.ext) return undefined;
  const workDir = await mkdtemp(path.join(ctx.workDir, 'image-'));
  try {
    const input = path.join(workDir, `in.${type.ext}`);
    await copyFile(entry.file, input);
    // The picture's own memo: its level run and its sizing share their work (image/session.ts), and it goes with the
    // picture instead of holding every picture's pixels until the document's call ends.
    const out = await compressor(input, type, { ...ctx, workDir, onProgress, memo: new Map() });
    if (!out) {
      stats.missingCompressor = true;
      return undefined;
    }
    if (out.format !== type.ext) return undefined;
    const before = (await stat(entry.file)).size;
    const after = (await stat(out.path)).size;
    const shape = await sameShape(entry.file, out.path, ctx.memberTargets?.belowFloor === true);
    if (after >= before || !shape) return undefined;
    const file = path.join(path.dirname(entry.file), `image-${index}`);
    await copyFile(out.path, file);
    return { file, saved: before - after, ssim: out.metrics?.ssim, fewerPixels: shape === 'fewer pixels' };
  } catch (err) {
    // A picture the image family cannot handle is kept as it is; cancel and timeouts still end the job.
    if (err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'timeout')) throw err;
    if (ctx.signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    return undefined;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Two pictures at a time: the image family's encoders and SSIM runs leave a second core idle much of the time. */
const IMAGE_CONCURRENCY = 2;

/**
 * Recompresses the named pictures in place (entries are pointed at the new files). Identical pictures stored under
 * several names are encoded once. Progress goes from 0 to 100 across the pictures.
 */
export async function recompressImages(
  entries: PackageEntry[],
  names: ReadonlySet<string>,
  compressor: ImageCompressor,
  ctx: CompressContext,
  onProgress: (percent: number) => void,
): Promise<ImageStats> {
  const stats: ImageStats = { candidates: 0, recompressed: 0, savedBytes: 0, missingCompressor: false };
  const todo = entries.filter(
    (e): e is PackageEntry & { file: string } => !!e.file && names.has(e.name) && e.uncompressedSize >= MIN_IMAGE_BYTES,
  );
  const groups = new Map<string, Array<PackageEntry & { file: string }>>();
  for (const entry of todo) {
    if (ctx.signal.aborted) throw new EngineError('cancelled', 'Cancelled');
    const digest = await contentHash(entry.file, ctx.signal);
    groups.set(digest, [...(groups.get(digest) ?? []), entry]);
  }
  const jobs = [...groups.values()];
  const progress = jobs.map(() => 0);
  const report = () => onProgress(progress.reduce((a, b) => a + b, 0) / Math.max(1, jobs.length));
  let next = 0;
  let stop = false;
  const work = async () => {
    while (next < jobs.length && !stop) {
      const index = next++;
      const group = jobs[index] ?? [];
      const first = group[0];
      if (!first) continue;
      if (ctx.signal.aborted) throw new EngineError('cancelled', 'Cancelled');
      const onOne = (p: number) => {
        progress[index] = Math.max(0, Math.min(100, p));
        report();
      };
      const replacement = await recompressOne(first, compressor, ctx, entries.indexOf(first), stats, onOne);
      onOne(100);
      stats.candidates += group.length;
      if (!replacement) continue;
      for (const entry of group) entry.file = replacement.file;
      stats.recompressed += group.length;
      stats.savedBytes += replacement.saved * group.length;
      if (replacement.fewerPixels) stats.fewerPixels = (stats.fewerPixels ?? 0) + group.length;
      else if (replacement.ssim !== undefined) stats.minSsim = Math.min(stats.minSsim ?? 1, replacement.ssim);
    }
  };
  const worker = () =>
    work().catch((err: unknown) => {
      stop = true;
      throw err;
    });
  // Wait for every worker before failing: none may still write into the work folder while it is being removed.
  const settled = await Promise.allSettled(Array.from({ length: Math.min(IMAGE_CONCURRENCY, jobs.length) }, worker));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return stats;
}
