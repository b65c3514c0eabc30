import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { EngineError } from '../../errors.js';
import type {
  CompressContext,
  CompressionLevel,
  FamilyCompressor,
  FamilyOutput,
  LadderContext,
  LadderOutput,
} from '../../types.js';
import { readFactsOrNone } from './pdf-facts.js';
import { estimateImageSaving } from './pdf-images.js';
import { searchCandidates } from './pdf-ladder.js';
import { IMAGE_PLANS } from './pdf-presets.js';
import { kept, resultOf } from './pdf-result.js';
import { levelsUpTo, pickFor } from './pdf-search.js';
import { waitingSignal, withCpuBudget } from './side-by-side.js';
import { sizePdf } from './size-to.js';

/**
 * The results of the given levels (lightest first) from one search. Any rewrite breaks a signature; light is the
 * "keep it as it is" level, so a signed PDF stays untouched there.
 */
async function compressLevels(
  input: string,
  levels: readonly CompressionLevel[],
  ctx: LadderContext,
): Promise<Partial<LadderOutput>> {
  const source = path.resolve(input);
  ctx.onProgress(0);
  const tools = { runProcess: withCpuBudget(ctx.runProcess), signal: waitingSignal(ctx.signal) };
  const facts = await readFactsOrNone(source, tools, { authors: true });
  if (!facts) {
    return Object.fromEntries(
      levels.map((level) => [level, kept(source, 'kept as it is: its structure is too large to check a rewrite')]),
    );
  }
  if (facts.pages === 0) throw new EngineError('invalid-input', 'This PDF has no pages');
  const results: Partial<LadderOutput> = {};
  if (facts.signed && levels.includes('light')) {
    results.light = kept(source, 'kept as it is: a signed PDF stays unchanged at light so its digital signature stays valid', [
      'This PDF is digitally signed: light compression keeps it unchanged so the signature stays valid',
    ]);
  }
  const rewritten = levels.filter((level) => !(facts.signed && level === 'light'));
  if (rewritten.length === 0) return results;
  const originalSize = (await stat(source)).size;
  const candidates = await searchCandidates(source, facts, rewritten, ctx, tools);
  for (const level of rewritten) results[level] = resultOf(pickFor(level, candidates), facts, source, originalSize);
  return results;
}

async function compressPdf(input: string, ctx: CompressContext): Promise<FamilyOutput> {
  const result = (await compressLevels(input, levelsUpTo(ctx.level), ctx))[ctx.level];
  if (!result) throw new Error(`no result for level ${ctx.level}`);
  return result;
}

/** The asked levels and every lighter one: the same search as `compress` at the strongest of them. */
function ladderPdf(input: string, ctx: LadderContext): Promise<Partial<LadderOutput>> {
  const asked = ctx.levels ?? COMPRESSION_LEVELS;
  const strongest = COMPRESSION_LEVELS.filter((level) => asked.includes(level)).at(-1) ?? 'maximum';
  return compressLevels(input, levelsUpTo(strongest), ctx);
}

/**
 * PDF, candidates checked against the original and the smallest kept per level: qpdf's lossless rewrite;
 * ghostscript's font and structure rewrite; and the image pass (pictures resampled per level and re-encoded with
 * mozjpeg at the lowest quality whose SSIM meets the floor) on the better of those. Every candidate must keep the
 * page count, page sizes, links, form fields, attachments, the first pages' text and the level's SSIM floor on
 * rendered pages. A level also weighs the lighter levels' candidates, so the ladder holds over separate calls and
 * `ladder` answers all three from one search. Password-protected files are refused; signed files are kept at light
 * and compressed with a note otherwise.
 */
export const pdfFamily: FamilyCompressor = {
  family: 'pdf',
  formats: ['pdf'],
  tools: ['qpdf', 'gs', 'pdftoppm', 'pdftotext', 'pdfimages'],
  compress: (input, _type, ctx) => compressPdf(input, ctx),
  ladder: (input, _type, ctx) => ladderPdf(input, ctx),
  sizeTo: sizePdf,
  estimate: (input, _type, ctx) => estimatePdf(input, ctx),
};

/**
 * A quick estimate for big PDFs: the image pass is run on the three largest pictures per level and its ratio
 * applied to all pictures; everything else is assumed unchanged (the lossless rewrites usually gain a few percent).
 */
async function estimatePdf(input: string, ctx: Omit<CompressContext, 'level'>): Promise<Record<CompressionLevel, number>> {
  const source = path.resolve(input);
  const size = (await stat(source)).size;
  const facts = await readFactsOrNone(source, ctx);
  if (!facts) return { light: size, balanced: size, maximum: size };
  const sizes = {} as Record<CompressionLevel, number>;
  for (const level of ['light', 'balanced', 'maximum'] as const) {
    const dir = path.join(ctx.workDir, `estimate-${level}`);
    await mkdir(dir);
    const saving = facts.signed && level === 'light' ? 0 : await estimateImageSaving(source, facts, IMAGE_PLANS[level], dir, ctx);
    sizes[level] = Math.round(size - saving);
  }
  return sizes;
}
