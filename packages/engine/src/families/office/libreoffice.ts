import { createReadStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { EngineError } from '../../errors.js';
import { placeAs, runOfficeOnce } from '../../tools/office/soffice.js';
import { ZipReader } from '../../tools/zip/reader.js';
import type { CompressContext } from '../../types.js';
import { ContentMemo, contentKey } from './memo.js';

/** LibreOffice can take minutes on a big deck; beyond this the document is treated as too costly. */
const SOFFICE_TIMEOUT_MS = 5 * 60 * 1000;

/** How a document's size in pages is counted: what "opens with the same pages/sheets/slides" means per kind. */
export type DocumentKind = 'text' | 'presentation' | 'spreadsheet';

export function documentKind(ext: string): DocumentKind {
  if (['docx', 'odt', 'doc', 'rtf'].includes(ext)) return 'text';
  if (['pptx', 'odp', 'ppt'].includes(ext)) return 'presentation';
  return 'spreadsheet';
}

/**
 * Converts each input with a one-off LibreOffice run (tools/office/soffice.ts) confined to the work folder: inputs and
 * `outDir` must be inside `ctx.workDir`. Returns the output path per input, or undefined when LibreOffice could not
 * load that input. Inputs need distinct base names.
 */
export function convertWithLibreOffice(
  ctx: CompressContext,
  inputs: readonly string[],
  target: string,
  outDir: string,
): Promise<Array<string | undefined>> {
  return runOfficeOnce(ctx, { folder: ctx.workDir, inputs, target, outDir, timeoutMs: SOFFICE_TIMEOUT_MS });
}

/** Counts occurrences of `needle` in a stream without holding it in memory. */
async function countInStream(stream: Readable, needle: Buffer): Promise<number> {
  let count = 0;
  let carry = Buffer.alloc(0);
  for await (const chunk of stream) {
    const window = Buffer.concat([carry, chunk as Buffer]);
    let at = window.indexOf(needle);
    while (at !== -1) {
      count += 1;
      at = window.indexOf(needle, at + needle.length);
    }
    // Keep a tail shorter than the needle: a match cannot sit wholly inside it, so none is counted twice.
    carry = window.subarray(Math.max(0, window.length - (needle.length - 1)));
  }
  return count;
}

/** Pages of a PDF written by LibreOffice: its page objects are plain (uncompressed) dictionaries. */
export async function countPdfPages(file: string): Promise<number> {
  const all = await countInStream(createReadStream(file), Buffer.from('/Type/Page'));
  const trees = await countInStream(createReadStream(file), Buffer.from('/Type/Pages'));
  return all - trees;
}

/** Occurrences of `needle` in one member of a zip package (e.g. sheets in content.xml), streamed. */
export async function countInZipMember(file: string, member: string, needle: string): Promise<number | undefined> {
  const zip = await ZipReader.open(file);
  try {
    const entry = zip.entries.find((e) => e.name === member);
    return entry ? await countInStream(await zip.openContent(entry), Buffer.from(needle)) : undefined;
  } finally {
    await zip.close();
  }
}

/** Pages, slides or sheets of a LibreOffice-converted file, as the kind counts them. */
async function countConverted(kind: DocumentKind, file: string): Promise<number | undefined> {
  if (kind === 'text') return countPdfPages(file);
  return countInZipMember(file, 'content.xml', kind === 'presentation' ? '<draw:page ' : '<table:table ');
}

/** The target LibreOffice converts to for counting: PDF for text (pages need layout), ODF otherwise (much faster). */
function countTarget(kind: DocumentKind): string {
  return kind === 'text' ? 'pdf' : kind === 'presentation' ? 'odp' : 'ods';
}

export interface OpenCheck {
  /** Pages (text), slides (presentation) or sheets (spreadsheet) of the original, undefined if LibreOffice cannot open it. */
  original?: number;
  candidate?: number;
}

/** Page/slide/sheet counts of originals LibreOffice has already opened. */
const originalCounts = new ContentMemo<number>();

/**
 * Opens the original and the candidate in LibreOffice in one run and counts their pages/slides/sheets (the original
 * only once per content: its count is remembered). Files are placed under fixed names in a fresh folder, so their
 * outputs cannot collide.
 */
export async function openBoth(ctx: CompressContext, original: string, candidate: string, ext: string): Promise<OpenCheck> {
  const kind = documentKind(ext);
  const key = await contentKey(original, ext);
  const known = originalCounts.get(key);
  const dir = await mkdtemp(path.join(ctx.workDir, 'verify-'));
  const inputs = [await placeAs(candidate, path.join(dir, `candidate.${ext}`))];
  if (known === undefined) inputs.push(await placeAs(original, path.join(dir, `original.${ext}`)));
  const [b, a] = await convertWithLibreOffice(ctx, inputs, countTarget(kind), path.join(dir, 'out'));
  const count = async (file: string | undefined) => {
    if (!file) return undefined;
    try {
      const n = await countConverted(kind, file);
      return n !== undefined && n > 0 ? n : undefined;
    } catch (err) {
      if (err instanceof EngineError && err.kind === 'cancelled') throw err;
      return undefined;
    }
  };
  const originalCount = known ?? (await count(a));
  if (originalCount !== undefined) originalCounts.set(key, originalCount);
  return { original: originalCount, candidate: await count(b) };
}

/** The word for what `documentKind` counts. */
export function unitName(ext: string): string {
  return { text: 'pages', presentation: 'slides', spreadsheet: 'sheets' }[documentKind(ext)];
}
