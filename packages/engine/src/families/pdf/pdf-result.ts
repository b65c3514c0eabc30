import type { FamilyOutput } from '../../types.js';
import type { PdfFacts } from './pdf-facts.js';
import type { Candidate } from './pdf-search.js';

const SIGNATURE_NOTE =
  "The PDF's digital signature is removed by compression: the compressed file no longer proves the signer's approval";
const AUTHORS_NOTE = "The document's author and edit history were removed";
const TAGS_NOTE = "The PDF's accessibility tags (its structure tree) were removed by the font rewrite";
const ACTIVE_CONTENT_NOTE =
  'Scripts, launch actions and actions that run on opening were removed for safety; links and bookmarks are kept';

export function kept(source: string, recipe: string, notes: string[] = []): FamilyOutput {
  return { path: source, format: 'pdf', recipe, notes };
}

/** A level's result: its pick, with what the user should know, or the original when nothing smaller kept the document. */
export function resultOf(best: Candidate | undefined, facts: PdfFacts, source: string, originalSize: number): FamilyOutput {
  if (!best || best.size >= originalSize)
    return kept(source, 'kept the original: no smaller rewrite kept the pages, text and links');
  const notes: string[] = [];
  // Every candidate comes from the inert rewrite (pdf-ladder.ts), so a smaller result never carries active content.
  if (facts.activeContent) notes.push(ACTIVE_CONTENT_NOTE);
  if (facts.signed) notes.push(SIGNATURE_NOTE);
  if (facts.authors) notes.push(AUTHORS_NOTE);
  if (best.viaGhostscript && facts.tagged) notes.push(TAGS_NOTE);
  const metrics: Record<string, number> = { ssim: best.ssim, pages: facts.pages };
  if (best.imagesRecoded) metrics.imagesRecompressed = best.imagesRecoded;
  if (best.ppi) metrics.ppi = best.ppi;
  const inert = facts.activeContent ? '; scripts, launch and auto-run actions removed' : '';
  return {
    path: best.path,
    format: 'pdf',
    recipe: `${best.recipe}${inert} (rendered pages SSIM ${best.ssim.toFixed(4)})`,
    metrics,
    notes,
  };
}
