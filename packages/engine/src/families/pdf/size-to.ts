import { mkdir, mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import { searchSize } from '../../tools/size-search.js';
import type { CompressContext, CompressionLevel, DetectedType, FamilyOutput, SizeRequest } from '../../types.js';
import { readFactsOrNone, sourceUpdate } from './pdf-facts.js';
import { hasPicturesFor, placements, recompressImages } from './pdf-images.js';
import { IMAGE_PLANS, type ImagePlan } from './pdf-presets.js';
import { resultOf } from './pdf-result.js';
import { type Candidate, Search } from './pdf-search.js';
import { waitingSignal, withCpuBudget } from './side-by-side.js';

/** Trials at most: each is a whole image pass and its check, and sizes follow the resolution closely. */
const MAX_TRIALS = 4;
/** The lowest resolution a picture is resampled to, even below the level's quality: text in pictures stays legible. */
const MIN_PPI = 36;
/** Below the level's quality (the user's consent), every picture is encoded at this mozjpeg quality, whatever it scores. */
const BELOW_FLOOR_QUALITY = 30;

/** Below the level's quality: a resolution, every picture at a fixed low quality, whatever it scores. */
function belowFloorPlan(ppi: number, level: CompressionLevel): ImagePlan {
  const quality = { min: BELOW_FLOOR_QUALITY, start: BELOW_FLOOR_QUALITY, max: BELOW_FLOOR_QUALITY };
  return { ...IMAGE_PLANS[level], ppi, recodeLossless: true, quality, floor: 0 };
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/**
 * Between a fitting level and the lighter one that is too large, `percent` of the way towards the lighter: the
 * resolution, each picture's floor and the lowest quality searched all move together (the fitting level's colour
 * detail kept), so the result grows steadily from the fitting level's towards the lighter one's.
 */
function betweenPlan(percent: number, level: CompressionLevel, fitPpi: number, overPpi: number): ImagePlan {
  const fit = IMAGE_PLANS[level];
  const over = IMAGE_PLANS[lighterThan(level)];
  const t = percent / 100;
  const min = Math.round(lerp(fit.quality.min, over.quality.min, t));
  const start = Math.max(min, Math.round(lerp(fit.quality.start, over.quality.start, t)));
  return {
    ...fit,
    ppi: Math.round(lerp(fitPpi, overPpi, t)),
    floor: lerp(fit.floor, over.floor, t),
    quality: { min, start, max: Math.max(start, fit.quality.max, over.quality.max) },
  };
}

function lighterThan(level: CompressionLevel): CompressionLevel {
  return COMPRESSION_LEVELS[Math.max(0, COMPRESSION_LEVELS.indexOf(level) - 1)] as CompressionLevel;
}

/**
 * A PDF at the picture resolution whose result lands just under the target: between a too-large level's resolution
 * and a fitting one's (every picture and page still keeping the fitting level's floor), or, with the user's consent,
 * below the too-large one down to 36 ppi with the pictures at a low quality (its rendered pages' score reported).
 * The resolution of a level that kept its pictures whole is their highest placement; a PDF without pictures to
 * resample has nothing to size.
 */
export async function sizePdf(
  input: string,
  _type: DetectedType,
  ctx: CompressContext & { size: SizeRequest },
): Promise<FamilyOutput | undefined> {
  const source = path.resolve(input);
  const tools = { runProcess: withCpuBudget(ctx.runProcess), signal: waitingSignal(ctx.signal) };
  const facts = await readFactsOrNone(source, tools, { authors: true });
  const { targetBytes, tooLarge, fits } = ctx.size;
  const belowFloor = fits === undefined;
  // Light keeps every picture's resolution: nothing lies between it and the original.
  if (fits && ctx.level === 'light') return undefined;
  if (!facts || facts.pages === 0 || !hasPicturesFor(facts, belowFloorPlan(MIN_PPI, ctx.level))) return undefined;
  const drawn = [...(await placements(source, tools)).values()];
  if (drawn.length === 0) return undefined;
  // A level that kept its pictures' resolution stands at their highest placement.
  const fullPpi = Math.ceil(Math.max(...drawn));
  const overPpi = Math.min(tooLarge.metrics.ppi ?? fullPpi, fullPpi);
  const fitPpi = fits ? Math.min(fits.metrics.ppi ?? fullPpi, fullPpi) : undefined;
  const originalSize = (await stat(source)).size;
  // Between levels: a share of the way from the fitting level to the lighter one (1-99 %). Below the floor: a
  // resolution, from the too-large level's down to 36 ppi.
  const range = belowFloor ? { min: MIN_PPI, max: overPpi } : { min: 1, max: 99 };
  if (range.min > range.max) return undefined;
  const planOf = (setting: number) =>
    belowFloor ? belowFloorPlan(setting, ctx.level) : betweenPlan(setting, ctx.level, fitPpi as number, overPpi);
  // The original's pages are rendered once, into the search's own folder, for every trial's check.
  await mkdir(path.join(ctx.workDir, 'ref'));
  // Past the level, any rendered score is taken (the consent says so); between levels, the fitting level's floor.
  const search = new Search(source, originalSize, facts, [ctx.level], ctx, tools, belowFloor ? 0 : SSIM_FLOOR[ctx.level]);
  const made = new Map<number, Candidate>();
  try {
    const found = await searchSize({
      targetBytes,
      known: belowFloor
        ? // The too-large result stands past the far end: the lower quality alone already shrinks it.
          [{ setting: overPpi + 1, bytes: tooLarge.size }]
        : [
            { setting: 100, bytes: tooLarge.size },
            { setting: 0, bytes: (fits as { size: number }).size },
          ],
      ...range,
      // Picture bytes go with the square of the resolution; between levels, the two known sizes set the line.
      slope: belowFloor
        ? (2 * Math.max(0.2, facts.imageBytes / originalSize)) / overPpi
        : Math.log(tooLarge.size / (fits as { size: number }).size) / 100,
      maxTrials: MAX_TRIALS,
      evaluate: async (setting) => {
        const dir = await mkdtemp(path.join(ctx.workDir, `trial-${setting}-`));
        const plan = planOf(setting);
        const passes = await recompressImages(
          source,
          facts,
          [[ctx.level, plan]],
          search.structure,
          dir,
          tools,
          () => {},
          sourceUpdate(facts),
        );
        const pass = passes.get(ctx.level);
        if (!pass) return undefined;
        const quality = belowFloor ? `at quality ${BELOW_FLOOR_QUALITY}` : `(each ≥ SSIM ${plan.floor.toFixed(3)})`;
        const recipe = `${pass.recoded} picture(s) resampled to ≤${plan.ppi} ppi and re-encoded with mozjpeg ${quality}`;
        const attempt = async () => ({ path: pass.output, recipe, ppi: plan.ppi });
        const outcome = await search.attempt(attempt, false, [ctx.level], pass.recoded);
        if (!outcome.candidate) return undefined;
        made.set(setting, outcome.candidate);
        return outcome.candidate.size;
      },
    });
    const best = found ? made.get(found.setting) : undefined;
    return best ? resultOf(best, facts, source, originalSize) : undefined;
  } finally {
    await search.finish();
  }
}
