import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import { allSettledOrThrow } from '../../tools/concurrent.js';
import { stopAtSize } from '../../tools/stop-at-size.js';
import type { CompressionLevel, LadderContext } from '../../types.js';
import { writeObjectUpdate } from './pdf-actions.js';
import { renderedSsim } from './pdf-check.js';
import { asInvalidPdf, type PdfFacts, sourceUpdate } from './pdf-facts.js';
import { type LevelPlan, recompressImages } from './pdf-images.js';
import { ghostscriptArgs, IMAGE_PLANS, RETRY_PLANS } from './pdf-presets.js';
import { type Candidate, fromLevel, type Outcome, pickFor, Search, type Tools } from './pdf-search.js';

/**
 * The search behind every level. Each level's search makes the candidates of every lighter level too, the same
 * bytes whichever run makes them, and a level takes the smallest candidate that meets its floor. So a level's result
 * is a function of the file alone, and never larger than a lighter level's, even over separate calls: a candidate
 * that meets a lighter level's floor meets a stronger one's. (Without this, maximum's 100 ppi pictures could miss
 * its page floor and leave it the lossless rewrite, while balanced's 150 ppi ones passed: maximum came out larger.)
 */

const LOSSLESS_RECIPE = 'qpdf lossless: object streams, streams re-deflated at level 9';
const GHOSTSCRIPT_RECIPE = 'ghostscript font rewrite (subset, compact CFF), qpdf object streams';
/** Below this share of non-picture bytes (a scan), ghostscript's rewrite has too little to work on for its time. */
const MIN_NON_IMAGE_SHARE = 0.1;
/**
 * qpdf's restructuring cut ghostscript's file by 0.3-21 % on the files measured (a text manual, a scan, 2,080 pages
 * sharing their content); a ghostscript file this many times the size of the checked lossless rewrite cannot come out
 * smaller than it. Its file only grows while it is written, so ghostscript is stopped as soon as the file gets there
 * (`stopAtSize`).
 */
const OUTGROWN = 3;
/** Ghostscript's rewrite was stopped: its file had outgrown the lossless rewrite (no candidate, by design). */
class Outgrown extends Error {}

/**
 * Whether ghostscript's font rewrite is worth a try at a level: it would drop the owner's restrictions of an
 * encrypted file and the tags of a tagged one (not acceptable at light), and it leaves pictures alone, so a scan
 * gains nothing.
 */
function ghostscriptWorthIt(facts: PdfFacts, level: CompressionLevel, originalSize: number): boolean {
  if (facts.encrypted || (facts.tagged && level === 'light')) return false;
  return originalSize - facts.imageBytes >= originalSize * MIN_NON_IMAGE_SHARE;
}

/**
 * qpdf's lossless rewrite (without the original's active content), and ghostscript's font and structure rewrite
 * beside it. A qpdf failure on a file qpdf just read means a damaged file.
 */
function rewrites(search: Search): Promise<[Candidate | undefined, Candidate | undefined]> {
  const { source, facts, structure, ctx, tools } = search;
  const update = sourceUpdate(facts);
  const gsLevels = search.levels.filter((level) => ghostscriptWorthIt(facts, level, search.originalSize));
  // The checked lossless rewrite's size, once known (undefined when it did not pass its check): ghostscript's rival.
  // Settled below, once that check is made; ghostscript starts first, so it is created here.
  let settleRival: (size: number | undefined) => void = () => undefined;
  const rival = new Promise<number | undefined>((resolve) => {
    settleRival = resolve;
  });
  const outgrownAt = rival.then((size) => (size === undefined ? undefined : OUTGROWN * size));
  const ghostscript = async (input: string) => {
    const raw = path.join(ctx.workDir, 'gs.pdf');
    const out = path.join(ctx.workDir, 'gs.qpdf.pdf');
    const args = ghostscriptArgs(input, raw, facts.dates, input === source && facts.authors !== undefined);
    const stop = new AbortController();
    const watch = stopAtSize(raw, outgrownAt, stop);
    const outgrown = new Outgrown('ghostscript file outgrew the lossless rewrite');
    try {
      await tools.runProcess('gs', args, { signal: AbortSignal.any([tools.signal, stop.signal]), timeoutMs: 15 * 60 * 1000 });
    } catch (err) {
      throw stop.signal.aborted && !tools.signal.aborted ? outgrown : err;
    } finally {
      watch.close();
    }
    // Finished first, it is judged the same way once the rival is known: whether qpdf's pass runs never depends on timing.
    const limit = await outgrownAt;
    if (limit !== undefined && (await stat(raw)).size >= limit) throw outgrown;
    // qpdf's restructuring keeps every pixel: ghostscript's pages are scored while it runs, and the check of the
    // final file finds those scores by its renders' bytes instead of measuring them after.
    search.alongside(async () => {
      const dir = await mkdtemp(path.join(ctx.workDir, 'early-'));
      await renderedSsim(search.reference, raw, dir, tools).finally(() => rm(dir, { recursive: true, force: true }));
    });
    await tools.runProcess('qpdf', [...structure, '--', raw, out], { signal: tools.signal, timeoutMs: 10 * 60 * 1000 });
    return { path: out, recipe: GHOSTSCRIPT_RECIPE };
  };
  // Ghostscript's rewrite takes longest: asked for first, it gets a CPU slot first.
  const gsFromSource =
    gsLevels.length > 0 && !facts.activeContent ? search.attempt(() => ghostscript(source), true, gsLevels) : undefined;
  const none = Promise.resolve<Outcome>({ belowFloor: false });
  const lossless = path.join(ctx.workDir, 'lossless.pdf');
  const losslessMade = (async () => {
    const inert = update ? [`--update-from-json=${await writeObjectUpdate(path.join(ctx.workDir, 'inert.json'), update)}`] : [];
    await tools.runProcess('qpdf', [...structure, ...inert, '--', source, lossless], {
      signal: tools.signal,
      timeoutMs: 10 * 60 * 1000,
    });
    return lossless;
  })().catch((err: unknown) => Promise.reject(asInvalidPdf(err)));
  // With active content, ghostscript rewrites the inert copy, so no candidate carries it (nor the authors).
  const gs =
    gsFromSource ?? (gsLevels.length > 0 ? search.attempt(async () => ghostscript(await losslessMade), true, gsLevels) : none);
  const losslessChecked = losslessMade.then((made) =>
    search.attempt(async () => ({ path: made, recipe: LOSSLESS_RECIPE }), false, search.levels),
  );
  // A rival only for levels that may all take it: each level's result stays the same whichever levels a call asks for.
  losslessChecked.then(
    ({ candidate }) =>
      settleRival(candidate && gsLevels.every((level) => candidate.ssim >= SSIM_FLOOR[level]) ? candidate.size : undefined),
    () => settleRival(undefined),
  );
  const candidates = allSettledOrThrow(losslessChecked, gs);
  return candidates.then(([q, g]) => [q.candidate, g.candidate]);
}

/** Image passes that share a base (a rewrite, or the original when none is kept) and its pictures. */
type PassGroups = Map<string, { base: Candidate | undefined; plans: LevelPlan[] }>;

/**
 * Runs the image passes of `groups` and checks their outputs: each level's candidate may be taken by it and the
 * stronger levels. A pass's candidates are checked while the next group's pictures are encoded.
 */
async function runPasses(
  search: Search,
  groups: PassGroups,
  progress: (fraction: number) => void,
): Promise<Map<CompressionLevel, Promise<Outcome>>> {
  const { facts, structure, ctx, tools } = search;
  const checks = new Map<CompressionLevel, Promise<Outcome>>();
  let done = 0;
  try {
    for (const [basePath, { base, plans }] of groups) {
      const dir = await mkdtemp(path.join(ctx.workDir, 'images-'));
      const passes = await recompressImages(
        basePath,
        base?.facts ?? facts,
        plans,
        structure,
        dir,
        tools,
        (f) => progress((done + f) / groups.size),
        base ? undefined : sourceUpdate(facts),
      );
      done++;
      for (const [level, plan] of plans) {
        const pass = passes.get(level);
        if (!pass) continue;
        const what = plan.ppi > 0 ? `resampled to ≤${plan.ppi} ppi and re-encoded` : 're-encoded at full resolution';
        const prefix = base?.viaGhostscript ? `${base.recipe}; ` : '';
        const recipe = `${prefix}${pass.recoded} picture(s) ${what} with mozjpeg (each ≥ SSIM ${plan.floor}, lowest ${pass.minSsim.toFixed(3)})`;
        const levels = fromLevel(base?.levels ?? search.levels, level);
        const check = search.attempt(
          async () => ({ path: pass.output, recipe, ...(plan.ppi > 0 ? { ppi: plan.ppi } : {}) }),
          base?.viaGhostscript ?? false,
          levels,
          pass.recoded,
        );
        check.catch(() => undefined); // awaited by the caller; meanwhile a failure must not count as unhandled
        checks.set(level, check);
      }
    }
  } catch (err) {
    await Promise.allSettled(checks.values());
    throw err;
  }
  return checks;
}

/** The passes of `plans` grouped by each level's base: the smallest rewrite it may take. */
function groupByBase(search: Search, bases: Array<Candidate | undefined>, plans: LevelPlan[]): PassGroups {
  const groups: PassGroups = new Map();
  for (const [level, plan] of plans) {
    const base = pickFor(level, bases);
    const group = groups.get(base?.path ?? search.source) ?? { base, plans: [] };
    group.plans.push([level, plan]);
    groups.set(base?.path ?? search.source, group);
  }
  return groups;
}

/**
 * The image pass of every level on that level's base, then a second try for each level whose resampled pictures
 * made its pages miss its floor (fine detail that the resampling loses), at the lighter resolution of RETRY_PLANS.
 * Whether a level tries again depends only on its own first candidate, so every search that covers it does.
 */
async function imagePasses(
  search: Search,
  bases: Array<Candidate | undefined>,
  progress: (fraction: number) => void,
): Promise<Array<Candidate | undefined>> {
  const first = await runPasses(
    search,
    groupByBase(
      search,
      bases,
      search.levels.map((level) => [level, IMAGE_PLANS[level]]),
    ),
    (f) => progress(0.8 * f),
  );
  const outcomes = await allSettledOrThrow(
    ...search.levels.map((level) => first.get(level) ?? Promise.resolve<Outcome | undefined>(undefined)),
  );
  const retries = search.levels.flatMap((level, i): LevelPlan[] => {
    const outcome = outcomes[i];
    const plan = RETRY_PLANS[level];
    const missed =
      outcome && (outcome.belowFloor || (outcome.candidate !== undefined && outcome.candidate.ssim < SSIM_FLOOR[level]));
    return plan && missed ? [[level, plan]] : [];
  });
  const second =
    retries.length > 0
      ? await runPasses(search, groupByBase(search, bases, retries), (f) => progress(0.8 + 0.2 * f))
      : new Map<CompressionLevel, Promise<Outcome>>();
  const again = await allSettledOrThrow(
    ...search.levels.map((level) => second.get(level) ?? Promise.resolve<Outcome | undefined>(undefined)),
  );
  return [...outcomes, ...again].map((o) => o?.candidate);
}

/**
 * Every candidate of the given levels (lightest first), checked against the original, in a fixed order: qpdf's
 * lossless rewrite, ghostscript's rewrite, the image pass of each level, then each level's second try.
 */
export async function searchCandidates(
  source: string,
  facts: PdfFacts,
  levels: readonly CompressionLevel[],
  ctx: LadderContext,
  tools: Tools,
): Promise<Array<Candidate | undefined>> {
  await mkdir(path.join(ctx.workDir, 'ref'));
  const search = new Search(source, (await stat(source)).size, facts, levels, ctx, tools);
  const made = rewrites(search);
  // The original is rendered while the rewrites run (after them in the queue for CPU slots).
  const { look } = search.reference;
  void look.then(
    () => ctx.onProgress(10),
    () => undefined,
  );
  try {
    const [[lossless, ghostscript]] = await allSettledOrThrow(made, look);
    ctx.onProgress(45);
    const pictures = await imagePasses(search, [lossless, ghostscript], (f) => ctx.onProgress(45 + 50 * f));
    return [lossless, ghostscript, ...pictures];
  } finally {
    await search.finish();
  }
}
