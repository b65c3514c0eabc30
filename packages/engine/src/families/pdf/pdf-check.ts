import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { cpuBudget } from '../../cpu-budget.js';
import { EngineError } from '../../errors.js';
import { pixelSsim } from '../../quality/pixel-ssim.js';
import { allSettledOrThrow } from '../../tools/concurrent.js';
import type { CompressContext } from '../../types.js';
import { type PdfFacts, readPdfFacts } from './pdf-facts.js';

/** Pages are rendered with their longer side at this many pixels (a letter page at 150 dpi), whatever their size. */
const RENDER_LONG_SIDE = 1650;
/** Rendered pages compared per candidate: the first page and the pages with the most image pixels. */
const SAMPLE_PAGES = 3;
/** The text layer of this many first pages must survive. */
const TEXT_PAGES = 5;
/** Share of the original's words the candidate's text must still contain (tolerates a split ligature or two). */
const MIN_WORD_COVERAGE = 0.99;
/** Page sizes may differ by rounding only (points). */
const SIZE_TOLERANCE = 1;

type Tools = Pick<CompressContext, 'runProcess' | 'signal'>;

/** The original's renders and text, made once and compared with every candidate. */
interface OriginalLook {
  renders: Map<number, string>;
  words: Map<string, number>;
  wordTotal: number;
}

/** The original as candidates are compared with it: its facts, the pages compared, and their look (being made). */
export interface PdfReference {
  facts: PdfFacts;
  pages: number[];
  look: Promise<OriginalLook>;
  /** SSIM of renders measured so far, by page and the render's bytes (sha-256). */
  scores: Map<string, Promise<number>>;
}

/** A rejected candidate says why, and whether a higher quality setting could pass (only an SSIM miss can). */
export type CandidateCheck = { ok: true; ssim: number; facts: PdfFacts } | { ok: false; reason: string; retry: boolean };

/** The pages to compare: the first, then those that draw the most image pixels (where recompression shows). */
export function samplePages(facts: PdfFacts): number[] {
  const byImages = facts.imagePixels
    .map((pixels, i) => ({ page: i + 1, pixels }))
    .filter((p) => p.page > 1 && p.pixels > 0)
    .sort((a, b) => b.pixels - a.pixels)
    .map((p) => p.page);
  return [1, ...byImages].slice(0, Math.min(SAMPLE_PAGES, facts.pages)).sort((a, b) => a - b);
}

async function render(file: string, page: number, prefix: string, tools: Tools): Promise<string> {
  await tools.runProcess(
    'pdftoppm',
    ['-q', '-f', String(page), '-l', String(page), '-singlefile', '-scale-to', String(RENDER_LONG_SIDE), file, prefix],
    {
      signal: tools.signal,
      timeoutMs: 2 * 60 * 1000,
    },
  );
  return `${prefix}.ppm`;
}

async function words(file: string, pages: number, tools: Tools): Promise<Map<string, number>> {
  const { stdout } = await tools.runProcess(
    'pdftotext',
    ['-q', '-enc', 'UTF-8', '-f', '1', '-l', String(Math.min(pages, TEXT_PAGES)), file, '-'],
    {
      signal: tools.signal,
      captureStdout: true,
      maxStdoutBytes: 16 * 1024 * 1024,
      timeoutMs: 2 * 60 * 1000,
    },
  );
  const counts = new Map<string, number>();
  for (const word of stdout.normalize('NFKC').split(/\s+/)) if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/**
 * Starts reading and rendering the original, once for all candidates (the renders and the text side by side), so
 * candidates can be made and rendered meanwhile. A file poppler cannot render is a bad file, not an engine fault.
 */
export function prepareReference(input: string, facts: PdfFacts, dir: string, tools: Tools): PdfReference {
  const pages = samplePages(facts);
  const look = (async () => {
    try {
      const [files, counts] = await allSettledOrThrow(
        allSettledOrThrow(...pages.map((page) => render(input, page, path.join(dir, `ref-${page}`), tools))),
        words(input, facts.pages, tools),
      );
      const renders = new Map(pages.map((page, i) => [page, files[i] ?? '']));
      return { renders, words: counts, wordTotal: [...counts.values()].reduce((a, b) => a + b, 0) };
    } catch (err) {
      if (err instanceof EngineError && err.kind === 'failed') {
        throw new EngineError('invalid-input', 'This PDF is damaged and its pages cannot be displayed', err.stderrTail, {
          cause: err,
        });
      }
      throw err;
    }
  })();
  look.catch(() => undefined); // awaited by the search and the checks; until then a failure must not count as unhandled
  return { facts, pages, look, scores: new Map() };
}

function sameStructure(a: PdfFacts, b: PdfFacts): string | undefined {
  if (a.pages !== b.pages) return `page count ${b.pages} instead of ${a.pages}`;
  const sizeDiffers = a.pageSizes.some(([w, h], i) => {
    const [w2 = -1, h2 = -1] = b.pageSizes[i] ?? [];
    return Math.abs(w - w2) > SIZE_TOLERANCE || Math.abs(h - h2) > SIZE_TOLERANCE;
  });
  if (sizeDiffers) return 'a page changed size';
  if (a.linkCount !== b.linkCount || a.uris.join('\n') !== b.uris.join('\n')) return 'links changed';
  if (a.formFields !== b.formFields) return 'form fields changed';
  if (a.attachments !== b.attachments) return 'attachments lost';
  if (a.outlines !== b.outlines) return 'bookmarks changed';
  return undefined;
}

function wordCoverage(ref: OriginalLook, candidate: Map<string, number>): number {
  if (ref.wordTotal === 0) return 1;
  let kept = 0;
  for (const [word, count] of ref.words) kept += Math.min(count, candidate.get(word) ?? 0);
  return kept / ref.wordTotal;
}

/** A binary PPM (P6, 8 bits) as pdftoppm writes it: its size and RGB24 pixels. */
function readPpm(bytes: Buffer): { width: number; height: number; data: Buffer } {
  const header = /^P6\s+(?:#[^\n]*\s+)*(\d+)\s+(?:#[^\n]*\s+)*(\d+)\s+(?:#[^\n]*\s+)*255\s/.exec(
    bytes.subarray(0, 200).toString('latin1'),
  );
  if (!header) throw new Error('not an 8-bit PPM render');
  const [width, height] = [Number(header[1]), Number(header[2])];
  return { width, height, data: bytes.subarray(header[0].length, header[0].length + width * height * 3) };
}

/**
 * SSIM of two renders of one page, in process (as ffmpeg's ssim filter computes it). A render a pixel off in size
 * (a page size rounded differently) is scaled to the reference's first, as ffmpeg's scale2ref did.
 */
async function renderSsim(reference: Buffer, rendered: Buffer): Promise<number> {
  const [a, b] = [readPpm(reference), readPpm(rendered)];
  const fitted =
    a.width === b.width && a.height === b.height
      ? b.data
      : await sharp(b.data, { raw: { width: b.width, height: b.height, channels: 3 } })
          .resize(a.width, a.height, { fit: 'fill', kernel: 'cubic' })
          .raw()
          .toBuffer();
  return pixelSsim(a.data, fitted, { width: a.width, pageHeight: a.height, pages: 1 });
}

/**
 * SSIM of a rendered page against the original's: exactly 1 without measuring when the pixels are the same, and
 * measured once for pixels already scored (a rewrite and the same rewrite restructured by qpdf render alike). The
 * measurement holds a slot of the engine's CPU budget.
 */
async function pageSsim(ref: PdfReference, reference: string, page: number, rendered: string, tools: Tools): Promise<number> {
  const [a, b] = await Promise.all([readFile(reference), readFile(rendered)]);
  if (a.equals(b)) return 1;
  const key = `${page}:${createHash('sha256').update(b).digest('hex')}`;
  const measure = () => cpuBudget().run(() => renderSsim(a, b), tools.signal);
  const known = ref.scores.get(key);
  if (known !== undefined) return known.catch(measure);
  const score = measure();
  ref.scores.set(key, score);
  score.catch(() => ref.scores.delete(key));
  return score;
}

/** Renders the sampled pages of `file` into `dir` and scores them against the original's: the lowest SSIM and its page. */
export async function renderedSsim(
  ref: PdfReference,
  file: string,
  dir: string,
  tools: Tools,
): Promise<{ ssim: number; page: number }> {
  const scores = await allSettledOrThrow(
    ...ref.pages.map(async (page) => {
      // Each page is scored as soon as it is rendered, beside the other pages and the rest of the check.
      const [rendered, look] = await allSettledOrThrow(render(file, page, path.join(dir, `cand-${page}`), tools), ref.look);
      return pageSsim(ref, look.renders.get(page) ?? '', page, rendered, tools);
    }),
  );
  const ssim = Math.min(...scores);
  return { ssim, page: ref.pages[scores.indexOf(ssim)] ?? 1 };
}

/**
 * Checks a candidate against the original: it opens, has the same pages, page sizes, links, form fields,
 * attachments and bookmarks, keeps the text of its first pages, and its sampled pages render at or above the SSIM
 * floor. The reported SSIM is the lowest of the sampled pages, the same whatever the floor when it meets it. Its
 * reading, text and renders run side by side; `dir` is the candidate's own folder for its renders.
 * Cancellation passes through; any other failure rejects the candidate with a reason.
 */
export async function checkCandidate(
  ref: PdfReference,
  candidate: string,
  floor: number,
  dir: string,
  tools: Tools,
): Promise<CandidateCheck> {
  try {
    const [facts, candidateWords, { ssim, page }, look] = await allSettledOrThrow(
      readPdfFacts(candidate, tools),
      // A scan without a text layer has no words to keep: its candidates' text is not read.
      ref.look.then((look) => (look.wordTotal === 0 ? new Map<string, number>() : words(candidate, ref.facts.pages, tools))),
      renderedSsim(ref, candidate, dir, tools),
      ref.look,
    );
    const structural = sameStructure(ref.facts, facts);
    if (structural) return { ok: false, reason: structural, retry: false };
    if (wordCoverage(look, candidateWords) < MIN_WORD_COVERAGE) return { ok: false, reason: 'text layer changed', retry: false };
    if (ssim < floor) return { ok: false, reason: `page ${page} SSIM ${ssim.toFixed(4)} below ${floor}`, retry: true };
    return { ok: true, ssim, facts };
  } catch (err) {
    if (err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'tool-missing')) throw err;
    if (tools.signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    return { ok: false, reason: err instanceof Error ? err.message : String(err), retry: false };
  }
}
