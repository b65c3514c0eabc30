import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import type { CompressContext, CompressionLevel, FamilyCompressor, FamilyOutput } from '../../types.js';
import { type PdfReference, checkCandidate, prepareReference } from './pdf-check.js';
import { type PdfFacts, TOO_COMPLEX, asInvalidPdf, readPdfFacts } from './pdf-facts.js';
import { estimateImageSaving, recompressImages } from './pdf-images.js';
import { removeActiveContent } from './pdf-actions.js';
import { IMAGE_PLANS, ghostscriptArgs, qpdfArgs } from './pdf-presets.js';

/** A checked candidate output. */
interface Candidate {
  path: string;
  size: number;
  ssim: number;
  recipe: string;
  facts: PdfFacts;
  viaGhostscript: boolean;
}

const SIGNATURE_NOTE = "The PDF's digital signature is removed by compression: the compressed file no longer proves the signer's approval";
const TAGS_NOTE = "The PDF's accessibility tags (its structure tree) were removed by the font rewrite";
const ACTIVE_CONTENT_NOTE = 'Scripts, launch actions and actions that run on opening were removed for safety; links and bookmarks are kept';

function isStop(err: unknown): boolean {
  return err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'tool-missing');
}

/** Runs one way of rewriting and checks its output; undefined when it fails or does not keep the document. */
async function attempt(
  ref: PdfReference, ctx: CompressContext, produce: () => Promise<{ path: string; recipe: string } | undefined>, viaGhostscript: boolean,
): Promise<Candidate | undefined> {
  let made: { path: string; recipe: string } | undefined;
  try {
    made = await produce();
  } catch (err) {
    if (isStop(err) || ctx.signal.aborted) throw err;
    return undefined;
  }
  if (!made) return undefined;
  const check = await checkCandidate(ref, made.path, SSIM_FLOOR[ctx.level], path.join(ctx.workDir, 'ref'), ctx);
  if (!check.ok) return undefined;
  return { path: made.path, size: (await stat(made.path)).size, ssim: check.ssim, recipe: made.recipe, facts: check.facts, viaGhostscript };
}

/** Below this share of non-picture bytes (a scan), ghostscript's rewrite has too little to work on for its time. */
const MIN_NON_IMAGE_SHARE = 0.1;

/**
 * Whether ghostscript's font rewrite is worth a try: it would drop the owner's restrictions of an encrypted file and
 * the tags of a tagged one (not acceptable at light), and it leaves pictures alone, so a scan gains nothing.
 */
function ghostscriptWorthIt(facts: PdfFacts, ctx: CompressContext, originalSize: number): boolean {
  if (facts.encrypted || (facts.tagged && ctx.level === 'light')) return false;
  return originalSize - facts.imageBytes >= originalSize * MIN_NON_IMAGE_SHARE;
}

async function compressPdf(input: string, ctx: CompressContext): Promise<FamilyOutput> {
  const source = path.resolve(input);
  ctx.onProgress(0);
  let facts: PdfFacts;
  try {
    facts = await readPdfFacts(source, ctx);
  } catch (err) {
    if (err instanceof EngineError && err.message === TOO_COMPLEX) {
      return { path: source, format: 'pdf', recipe: 'kept as it is: its structure is too large to check a rewrite', notes: [] };
    }
    throw asInvalidPdf(err);
  }
  if (facts.pages === 0) throw new EngineError('invalid-input', 'This PDF has no pages');
  if (facts.signed && ctx.level === 'light') {
    // Any rewrite breaks a signature; light is the "keep it as it is" level, so a signed PDF stays untouched.
    return {
      path: source, format: 'pdf', recipe: 'signed PDF kept unchanged so its digital signature stays valid',
      notes: ['This PDF is digitally signed: light compression keeps it unchanged so the signature stays valid'],
    };
  }
  const originalSize = (await stat(source)).size;
  await mkdir(path.join(ctx.workDir, 'ref'));
  const ref = await prepareReference(source, facts, path.join(ctx.workDir, 'ref'), ctx);
  ctx.onProgress(10);
  const structure = qpdfArgs({ removeSignatureRestrictions: facts.signed, encrypted: facts.encrypted });
  const tools = { runProcess: ctx.runProcess, signal: ctx.signal };

  // 1. qpdf alone: lossless. A failure here, on a file qpdf just read, means a damaged file.
  const losslessPath = path.join(ctx.workDir, 'lossless.pdf');
  try {
    await ctx.runProcess('qpdf', [...structure, '--', source, losslessPath], { signal: ctx.signal, timeoutMs: 10 * 60 * 1000 });
  } catch (err) {
    throw asInvalidPdf(err);
  }
  const lossless = await attempt(ref, ctx, async () => ({ path: losslessPath, recipe: 'qpdf lossless: object streams, streams re-deflated at level 9' }), false);
  const candidates: Candidate[] = lossless ? [lossless] : [];
  ctx.onProgress(25);

  // 2. Ghostscript's font and structure rewrite (pictures untouched), kept as the base when it is smaller.
  if (ghostscriptWorthIt(facts, ctx, originalSize)) {
    const gs = await attempt(ref, ctx, async () => {
      const raw = path.join(ctx.workDir, 'gs.pdf');
      const out = path.join(ctx.workDir, 'gs.qpdf.pdf');
      await ctx.runProcess('gs', ghostscriptArgs(source, raw, facts.dates), { signal: ctx.signal, timeoutMs: 15 * 60 * 1000 });
      await ctx.runProcess('qpdf', [...structure, '--', raw, out], { signal: ctx.signal, timeoutMs: 10 * 60 * 1000 });
      return { path: out, recipe: 'ghostscript font rewrite (subset, compact CFF), qpdf object streams' };
    }, true);
    if (gs && gs.size < (lossless?.size ?? Infinity)) candidates.push(gs);
  }
  ctx.onProgress(45);

  // 3. The image pass on the best base so far (the original when neither rewrite kept the document).
  const base = [...candidates].sort((a, b) => a.size - b.size)[0];
  const plan = IMAGE_PLANS[ctx.level];
  const imagesDir = path.join(ctx.workDir, 'images');
  await mkdir(imagesDir);
  let recoded = 0;
  const images = await attempt(ref, ctx, async () => {
    const result = await recompressImages(base?.path ?? source, base?.facts ?? facts, plan, structure, imagesDir, tools, (f) => ctx.onProgress(45 + 45 * f));
    if (!result) return undefined;
    recoded = result.recoded;
    const what = plan.ppi > 0 ? `resampled to ≤${plan.ppi} ppi and re-encoded` : 're-encoded at full resolution';
    const prefix = base?.viaGhostscript ? `${base.recipe}; ` : '';
    return { path: result.output, recipe: `${prefix}${result.recoded} picture(s) ${what} with mozjpeg (each ≥ SSIM ${plan.floor}, lowest ${result.minSsim.toFixed(3)})` };
  }, base?.viaGhostscript ?? false);
  if (images) candidates.push(images);
  ctx.onProgress(95);

  const best = candidates.sort((a, b) => a.size - b.size)[0];
  if (!best || best.size >= originalSize) {
    return { path: source, format: 'pdf', recipe: 'no smaller rewrite kept the pages, text and links', notes: [] };
  }
  // 4. Scripts, launch actions and auto-run actions go, at every level (pdf-actions.ts).
  const inert = path.join(ctx.workDir, 'inert.pdf');
  const activeRemoved = await removeActiveContent(best.path, inert, structure, tools);
  const notes: string[] = [];
  if (activeRemoved) {
    best.path = inert;
    best.recipe = `${best.recipe}; scripts, launch and auto-run actions removed`;
    notes.push(ACTIVE_CONTENT_NOTE);
  }
  if (facts.signed) notes.push(SIGNATURE_NOTE);
  if (best.viaGhostscript && facts.tagged) notes.push(TAGS_NOTE);
  const metrics: Record<string, number> = { ssim: best.ssim, pages: facts.pages };
  if (best === images) metrics.imagesRecompressed = recoded;
  return { path: best.path, format: 'pdf', recipe: `${best.recipe} (rendered pages SSIM ${best.ssim.toFixed(4)})`, metrics, notes };
}

/**
 * PDF, three candidates checked against the original and the smallest kept: qpdf's lossless rewrite; ghostscript's
 * font and structure rewrite; and the image pass (pictures resampled per level and re-encoded with mozjpeg at the
 * lowest quality whose SSIM meets the floor) on the better of those. Every candidate must keep the page count, page
 * sizes, links, form fields, attachments, the first pages' text and the level's SSIM floor on rendered pages.
 * Password-protected files are refused; signed files are kept at light and compressed with a note otherwise.
 */
export const pdfFamily: FamilyCompressor = {
  family: 'pdf',
  formats: ['pdf'],
  tools: ['qpdf', 'gs', 'pdftoppm', 'pdftotext', 'pdfimages', 'ffmpeg'],
  compress: (input, _type, ctx) => compressPdf(input, ctx),
  estimate: (input, _type, ctx) => estimatePdf(input, ctx),
};

/**
 * A quick estimate for big PDFs: the image pass is run on the three largest pictures per level and its ratio
 * applied to all pictures; everything else is assumed unchanged (the lossless rewrites usually gain a few percent).
 */
async function estimatePdf(input: string, ctx: Omit<CompressContext, 'level'>): Promise<Record<CompressionLevel, number>> {
  const source = path.resolve(input);
  const size = (await stat(source)).size;
  let facts: PdfFacts;
  try {
    facts = await readPdfFacts(source, ctx);
  } catch (err) {
    if (err instanceof EngineError && err.message === TOO_COMPLEX) return { light: size, balanced: size, maximum: size };
    throw asInvalidPdf(err);
  }
  const sizes = {} as Record<CompressionLevel, number>;
  for (const level of ['light', 'balanced', 'maximum'] as const) {
    const dir = path.join(ctx.workDir, `estimate-${level}`);
    await mkdir(dir);
    const saving = facts.signed && level === 'light' ? 0 : await estimateImageSaving(source, facts, IMAGE_PLANS[level], dir, ctx);
    sizes[level] = Math.round(size - saving);
  }
  return sizes;
}
