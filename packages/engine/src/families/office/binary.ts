import { stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { placeAs } from '../../tools/office/soffice.js';
import type { CompressContext, DetectedType, FamilyOutput } from '../../types.js';
import { convertWithLibreOffice, type OpenCheck, openBoth, unitName } from './libreoffice.js';
import { ContentMemo, contentKey } from './memo.js';
import { BINARY_FILTERS } from './recipes.js';
import { countXlsSheets } from './xls-sheets.js';

/**
 * Whether a re-save kept the document's pages, slides or sheets. A workbook's sheets are read from both files'
 * structure (xls-sheets.ts): milliseconds, where laying a large one out again in LibreOffice took seconds. Pages of
 * text need layout, and slides are counted by LibreOffice too.
 */
async function checkResave(
  ctx: CompressContext,
  input: string,
  resaved: string,
  ext: string,
): Promise<{ counts: OpenCheck; how: string }> {
  if (ext === 'xls') {
    const [original, candidate] = await Promise.all([countXlsSheets(input), countXlsSheets(resaved)]);
    return { counts: { original, candidate }, how: 'its workbook structure lists' };
  }
  return { counts: await openBoth(ctx, input, resaved, ext), how: 'opens in LibreOffice with' };
}

/** Originals a re-save did not help (same answer at every level): the reason, '' when it was just not smaller. */
const keptOriginals = new ContentMemo<string>();

/**
 * doc/xls/ppt: LibreOffice re-saves the document in the same legacy format (which often drops unused space, old
 * revisions and duplicate streams). The result is kept only when it is smaller and opens with the same
 * pages/slides/sheets; otherwise the original comes back. Every level does the same: there is nothing to tune.
 */
export async function resaveBinary(input: string, type: DetectedType, ctx: CompressContext): Promise<FamilyOutput> {
  const filter = BINARY_FILTERS[type.ext];
  if (!filter) throw new EngineError('unsupported', `${type.ext.toUpperCase()} files cannot be compressed`);
  const key = await contentKey(input, type.ext);
  const keep = (why?: string): FamilyOutput => {
    keptOriginals.set(key, why ?? '');
    const recipe = `kept the original: ${why ?? 'a LibreOffice re-save would not make it smaller'}`;
    return { path: input, format: type.ext, recipe, notes: why ? [`The original was kept: ${why}`] : [] };
  };
  const known = keptOriginals.get(key);
  if (known !== undefined) return keep(known || undefined);
  const dir = path.join(ctx.workDir, 'resave');
  const original = await placeAs(input, path.join(dir, `original.${type.ext}`));
  ctx.onProgress(5);
  const [resaved] = await convertWithLibreOffice(ctx, [original], filter, path.join(dir, 'out'));
  if (!resaved)
    throw new EngineError('invalid-input', 'The document could not be opened: it may be damaged or password-protected');
  ctx.onProgress(50);
  if ((await stat(resaved)).size >= (await stat(input)).size) return keep();
  const { counts, how } = await checkResave(ctx, input, resaved, type.ext);
  ctx.onProgress(99);
  const unit = unitName(type.ext);
  if (counts.original === undefined) return keep(`its ${unit} could not be counted`);
  if (counts.candidate !== counts.original) return keep(`the re-saved document did not keep the same ${unit}`);
  return {
    path: resaved,
    format: type.ext,
    recipe: `re-saved by LibreOffice in the same ${type.ext.toUpperCase()} format; ${how} the same ${counts.original} ${unit}`,
    metrics: { [unit]: counts.original },
    notes: ['Re-saved by LibreOffice: features only Microsoft Office understands may be simplified'],
  };
}
