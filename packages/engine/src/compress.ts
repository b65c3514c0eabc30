import { copyFile, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  COMPRESSION_LEVELS,
  type CompressionLevel,
  DEFAULT_COMPRESSION_LEVEL,
  isSizable,
  type TargetOutcome,
} from '@shrinkly/contract';
import { type ComparePair, compareRenditions } from './compare.js';
import { type EngineCall, familyBudget, withEngineCall } from './engine-call.js';
import { EngineError } from './errors.js';
import { FAMILIES } from './families/index.js';
import { capPdfImages } from './families/pdf/image-cap.js';
import { carryCameraData } from './metadata.js';
import { resizeVideo } from './resize-video.js';
import { type CachedResult, resultCache } from './result-cache.js';
import { fitTarget, levelsWithin, type SizeTo, TARGET_RUNS } from './target-size.js';
import { contentHash } from './tools/content-hash.js';
import { fitBySide } from './tools/image/fit-by-side.js';
import { type Resized, resizeForCall } from './tools/image/resize.js';
import { reshapesMembers } from './tools/member-targets.js';
import type {
  CompressOptions,
  CompressResult,
  DetectedType,
  FamilyCompressor,
  FamilyOutput,
  LadderContext,
  NestedEngine,
} from './types.js';

/** The family module that compresses this type, or an 'unsupported' error. */
export function familyFor(type: DetectedType): FamilyCompressor {
  const family = FAMILIES.find((f) => f.formats.includes(type.ext));
  if (!family) throw new EngineError('unsupported', `${type.ext.toUpperCase()} files cannot be compressed yet`);
  return family;
}

/** The engine as families see it for the files inside their files (types.ts). */
export const nestedEngine: NestedEngine = {
  familyFor: (type) => FAMILIES.find((f) => f.formats.includes(type.ext)),
  compress: (file, options) => compress(file, options),
};

/** Inputs up to this size are hashed for the result cache; bigger ones (long videos) are not worth reading twice. */
const CACHE_INPUT_LIMIT = 64 * 1024 * 1024;

/** What a family gets from an engine call. */
function familyContext(call: EngineCall): LadderContext {
  return {
    signal: call.signal,
    onProgress: call.progress,
    workDir: call.workDir,
    runProcess: call.runProcess,
    deadline: call.deadline,
    nested: nestedEngine,
    memo: call.memo,
    memberChoices: call.memberChoices,
    ...(call.nextLevels ? { nextLevels: call.nextLevels } : {}),
  };
}

/**
 * One level's result: the output file in the work folder (or its bytes, when it comes from the result cache), or
 * "kept the original" (neither) when it is not smaller.
 */
export interface LevelResult extends Omit<CachedResult, 'bytes'> {
  size: number;
  file?: string;
  bytes?: Buffer;
}

/** The output's closeness to the original: the family's own word, else its measured SSIM, else unknown. */
function scoreOf(out: FamilyOutput): number | null {
  if (out.score !== undefined) return out.score;
  return out.metrics?.ssim ?? null;
}

/** A family's output made final: its file and size, or "kept the original" when it is not smaller. */
async function settle(call: EngineCall, out: FamilyOutput): Promise<LevelResult> {
  const notes = out.notes ?? [];
  if (out.path !== call.input) {
    const { size } = await stat(out.path);
    if (size < call.originalSize)
      return {
        file: out.path,
        size,
        format: out.format,
        recipe: out.recipe,
        metrics: out.metrics ?? {},
        score: scoreOf(out),
        notes,
      };
  }
  const recipe = out.path === call.input ? out.recipe : `kept the original: ${out.recipe} would not make it smaller`;
  return { size: call.originalSize, format: call.type.ext, recipe, metrics: {}, score: 1, notes };
}

/** Keeps a result in the cache; an output too big for it is never read into memory. */
async function remember(hash: string, level: CompressionLevel, result: LevelResult): Promise<void> {
  const cache = resultCache();
  if (result.file && result.size > cache.maxBytes / 4) return;
  const { file, size: _size, ...rest } = result;
  cache.set(hash, level, file ? { ...rest, bytes: await readFile(file) } : rest);
}

/**
 * The results of `levels` for the call's file. A family with a ladder computes them in one run, which every level
 * of this content then shares through the result cache. Other families compress level by level, each level in an
 * empty folder of its own.
 */
export async function resultsFor(
  call: EngineCall,
  levels: readonly CompressionLevel[],
): Promise<Record<CompressionLevel, LevelResult>> {
  const { type, input } = call;
  const family = familyFor(type);
  const ctx = familyContext(call);
  const cache = resultCache();
  const hash = family.ladder && call.originalSize <= CACHE_INPUT_LIMIT ? await contentHash(input, ctx.signal) : undefined;
  const results = {} as Record<CompressionLevel, LevelResult>;
  const missing = levels.filter((level) => {
    const hit = hash ? cache.get(hash, level) : undefined;
    if (hit) results[level] = { ...hit, size: hit.bytes?.length ?? call.originalSize };
    return !hit;
  });
  if (missing.length === 0) return results;
  if (family.ladder) {
    const outs = await family.ladder(input, type, { ...ctx, levels: missing });
    for (const level of COMPRESSION_LEVELS) {
      const out = outs[level];
      if (!out || (results[level] && !missing.includes(level))) continue;
      results[level] = await settle(call, out);
      if (hash) await remember(hash, level, results[level]);
    }
  } else {
    for (const [i, level] of missing.entries()) {
      const workDir = await mkdtemp(path.join(call.workDir, `${level}-`));
      const nextLevels = [...new Set([...missing.slice(i + 1), ...(call.nextLevels ?? [])])].filter((l) => l !== level);
      results[level] = await settle(call, await family.compress(input, type, { ...ctx, workDir, level, nextLevels }));
    }
  }
  return results;
}

/** Before/after renditions of a result (compare.ts), from its file in the work folder; none for an unchanged file. */
async function renditionsOf(call: EngineCall, result: LevelResult): Promise<ComparePair[]> {
  if (!result.file && !result.bytes) return [];
  const workDir = await mkdtemp(path.join(call.workDir, 'compare-'));
  const file = result.file ?? path.join(workDir, `result.${result.format}`);
  if (!result.file && result.bytes) await writeFile(file, result.bytes);
  const runner = { runProcess: call.runProcess, signal: call.signal };
  return compareRenditions({
    original: call.input,
    result: file,
    type: call.type,
    workDir,
    runner,
    atSec: result.metrics.worstAtSec,
  });
}

/** Writes a result where the caller can take it: a new folder in tmpDir holding NAME.min.EXT. */
async function deliver(call: EngineCall, result: LevelResult, target: TargetOutcome = null): Promise<CompressResult> {
  const base = {
    originalSize: call.originalSize,
    recipe: result.recipe,
    verified: true as const,
    metrics: result.metrics,
    notes: result.notes,
    target,
  };
  if (!result.file && !result.bytes)
    return { ...base, score: 1, output: call.input, format: call.type.ext, compressedSize: call.originalSize, unchanged: true };
  const resultDir = await mkdtemp(path.join(call.baseDir, 'shrinkly-result-'));
  const output = path.join(resultDir, `${path.basename(call.input, path.extname(call.input))}.min.${result.format}`);
  await (result.bytes ? writeFile(output, result.bytes) : copyFile(result.file!, output));
  return { ...base, score: result.score, output, format: result.format, compressedSize: result.size, unchanged: false };
}

/**
 * Compresses one file at a level. The result is decoded again and checked by its family before it is returned,
 * and it is never larger than the input: when nothing is gained, the original comes back with `unchanged: true`.
 * Working files live in a private folder that is removed whatever happens (success, failure or cancel). The result
 * of a level is a function of the content, the level and the engine version: a repeated call (or one after the
 * preview) is served from the result cache.
 */
export async function compress(input: string, options: CompressOptions = {}): Promise<CompressResult> {
  const level: CompressionLevel = options.level ?? DEFAULT_COMPRESSION_LEVEL;
  // A target may run the level asked for, then the lighter ones (or a sized setting): up to two levels' worth of work.
  const runs = options.targetBytes === undefined ? 1 : TARGET_RUNS;
  const setup = { budget: familyBudget(options.timeBudgetMs, runs), workPrefix: 'shrinkly-work', accept: familyFor };
  return withEngineCall(input, options, setup, async (engineCall) => {
    const { maxDimension, maxImagePpi, metadata } = options;
    // A target may go on to the lighter levels (target-size.ts): families may make them with the level's own search.
    // Not with consent to go below the floor: such targets are mostly under the level's result (an archive's members
    // sized below theirs always are), and the lighter levels would be made for nothing.
    const lighter = options.targetBytes !== undefined && !options.belowFloor;
    const nextLevels = lighter ? levelsWithin(level).filter((l) => l !== level) : [];
    const call = { ...engineCall, memberChoices: { maxDimension, maxImagePpi, metadata }, nextLevels };
    const resized = await resizedFor(call, options);
    const results = (levels: CompressionLevel[]) => resultsOfResized(call, resized, levels);
    const { targetBytes } = options;
    let final: LevelResult;
    let target: TargetOutcome = null;
    // Never larger than the original, nor than a target the result meets.
    const carry = (result: LevelResult, limit = call.originalSize - 1) => carryCameraData(call, result, options.metadata, limit);
    if (targetBytes === undefined) {
      final = await carry((await results([level]))[level]);
    } else {
      // A resized picture is the file as asked for: the copy, not the original, is what may already fit.
      const copySize = resized.input === call.input || resized.intermediate ? Infinity : (await stat(resized.input)).size;
      // Never a file larger than the original: a copy that is not smaller stands for nothing.
      const copy = copySize < call.originalSize ? { file: resized.input, size: copySize } : undefined;
      const kept = (note: string): LevelResult => ({
        ...(copy ?? { size: call.originalSize }),
        format: call.type.ext,
        recipe: 'kept as it is: it is already under the target size',
        metrics: {},
        score: 1,
        notes: [note, ...(copy && resized.note ? [resized.note] : []), ...(copy ? [] : notResized(resized, call))],
      });
      const family = familyFor(call.type);
      // Only the contract's sizable types go between or below their levels (a GIF, a BMP, a lossless song, a legacy
      // Office file fit at their levels only), so the consent box the apps show and what the answer says agree.
      const sizeTo =
        family.sizeTo && isSizable(call.type.ext)
          ? sizerFor(family, { ...call, input: resized.input }, targetBytes, resized.note)
          : undefined;
      const choices = {
        sizeTo: sizeTo && fewerPixelsFirst(sizeTo, resized, call, level, targetBytes),
        belowFloor: options.belowFloor,
      };
      // A resized video's copy is a near-lossless intermediate, larger than any result: only its compressed result can
      // say whether the resized file fits, so the levels run even when the original already would. So for an archive
      // whose members are to be resized or capped: it is not the file asked for until a level has run.
      const reshaped = call.type.family === 'archive' && reshapesMembers(call.memberChoices);
      const fitted = await fitTarget(
        resized.intermediate || reshaped ? Number.POSITIVE_INFINITY : (copy?.size ?? call.originalSize),
        level,
        targetBytes,
        results,
        kept,
        !!family.ladder && !family.sharesTrials,
        choices,
      );
      const limit = fitted.target.met ? Math.min(targetBytes, call.originalSize - 1) : undefined;
      final = await carry(fitted.result, limit);
      target = fitted.target;
    }
    const compare = options.compare ? await renditionsOf(call, final) : undefined;
    const delivered = await deliver(call, final, target);
    if (compare) delivered.compare = compare;
    options.onProgress?.(100);
    return delivered;
  });
}

/**
 * The file the levels compress: the call's own, or a smaller copy when a longest side (pictures, video) or a picture
 * resolution (PDF) was asked for and the file is over it.
 */
async function resizedFor(call: EngineCall, options: CompressOptions): Promise<Resized> {
  const runner = { runProcess: call.runProcess, signal: call.signal };
  if (call.type.family === 'pdf' && options.maxImagePpi !== undefined) {
    const capped = await capPdfImages(call.input, options.maxImagePpi, call.workDir, runner);
    // The copy is written for the levels (pictures at high quality, structure untouched): never a result itself.
    return capped.input === call.input ? capped : { ...capped, intermediate: true };
  }
  if (call.type.family === 'video' && options.maxDimension !== undefined)
    return resizeVideo(runner, call.input, options.maxDimension, call.workDir);
  return resizeForCall(call.input, call.type, options.maxDimension, call.workDir);
}

/**
 * Below the level's quality, a picture is first made smaller in pixels at the level's own quality (tools/image/fit-by-side.ts),
 * and only then, if even that does not fit, lowered in quality. A picture the user already resized is searched from
 * that copy; its note leads.
 */
function fewerPixelsFirst(
  sizeTo: SizeTo<LevelResult>,
  resized: Resized,
  call: EngineCall,
  level: CompressionLevel,
  targetBytes: number,
): SizeTo<LevelResult> {
  if (resized.intermediate) return sizeTo;
  const from = { ...call, input: resized.input };
  const resultOf = async (copy: Resized, workDir: string) => (await resultsOfResized({ ...from, workDir }, copy, [level]))[level];
  return async (request) => {
    if (request.fits) return sizeTo(request);
    const smaller = await fitBySide(from.input, from.type, from.workDir, targetBytes, request.tooLarge, resultOf);
    if (smaller && smaller.size <= targetBytes) {
      const fit = { ...smaller, notes: [`Made smaller in pixels to fit, at the ${level} level's quality`, ...smaller.notes] };
      return resized.note ? { ...fit, notes: [resized.note, ...fit.notes] } : fit;
    }
    return sizeTo(request);
  };
}

/** The family's `sizeTo` as `fitTarget` asks for it: each request in an empty folder of its own, its output settled. */
function sizerFor(family: FamilyCompressor, call: EngineCall, targetBytes: number, resizedNote?: string): SizeTo<LevelResult> {
  const sizeTo = family.sizeTo?.bind(family);
  if (!sizeTo) throw new Error(`${family.family} files are not sized`);
  return async ({ tooLarge, fits, level }) => {
    const workDir = await mkdtemp(path.join(call.workDir, 'sized-'));
    const known = (r: LevelResult) => ({ size: r.size, metrics: r.metrics });
    const size = { targetBytes, tooLarge: known(tooLarge), ...(fits ? { fits: known(fits) } : {}) };
    // A sized setting is made for this target alone: no other level is asked after it.
    const { nextLevels: _, ...ctx } = familyContext(call);
    const out = await sizeTo(call.input, call.type, { ...ctx, workDir, level, size });
    if (!out) return undefined;
    const settled = await settle(call, out);
    return resizedNote ? { ...settled, notes: [resizedNote, ...settled.notes] } : settled;
  };
}

/**
 * The results of `levels` for the call's file, or for its resized copy when a longest side was asked for (their
 * quality then measured against the copy). A level the family left "as it is" is the resized copy itself, when that
 * is smaller than the original. Only the levels asked for: a ladder's other levels (cached for a later call) have
 * not had their resize applied.
 */
async function resultsOfResized(
  call: EngineCall,
  resized: Resized,
  levels: CompressionLevel[],
): Promise<Record<CompressionLevel, LevelResult>> {
  const asked = (all: Record<CompressionLevel, LevelResult>) =>
    Object.fromEntries(levels.map((level) => [level, all[level]])) as Record<CompressionLevel, LevelResult>;
  if (resized.input === call.input) {
    const results = asked(await resultsFor(call, levels));
    if (!resized.note) return results;
    for (const level of levels) results[level] = { ...results[level], notes: [resized.note, ...results[level].notes] };
    return results;
  }
  const results = asked(await resultsFor({ ...call, input: resized.input }, levels));
  // An intermediate copy (a video's) is never a result itself.
  const copy = resized.intermediate ? Infinity : (await stat(resized.input)).size;
  for (const level of levels) {
    const result = results[level];
    const notes = [resized.note ?? 'Resized', ...result.notes];
    if (result.file || result.bytes) results[level] = { ...result, notes };
    else if (copy < call.originalSize)
      results[level] = { ...result, file: resized.input, size: copy, format: call.type.ext, recipe: 'resized', score: 1, notes };
    else results[level] = { ...result, notes: [...notResized(resized, call), ...result.notes] };
  }
  return results;
}

/** Why the original comes back at full size though a resize was made: nothing smaller came of it. */
function notResized(resized: Resized, call: EngineCall): string[] {
  if (resized.input === call.input) return [];
  if (call.type.family === 'pdf')
    return ["The PDF with resampled pictures was not smaller than the original, so the original's pictures are kept"];
  const what = call.type.family === 'video' ? 'video' : 'picture';
  return [`The resized ${what} was not smaller than the original file, so the original is kept at full size`];
}
