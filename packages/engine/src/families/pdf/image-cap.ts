import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { CompressContext } from '../../types.js';
import { readFactsOrNone } from './pdf-facts.js';
import { recompressImages } from './pdf-images.js';
import type { ImagePlan } from './pdf-presets.js';

type Tools = Pick<CompressContext, 'runProcess' | 'signal'>;

/** What capping a PDF's pictures did: the copy to compress (or the input), and the note for the result. */
export interface CappedPdf {
  input: string;
  note?: string;
}

/**
 * The cap's copy keeps as much as it can of each resampled picture (the levels then measure their quality against
 * it): mozjpeg at 95 with full colour detail, no floor; pictures at or under the cap are not touched.
 */
function capPlan(maxPpi: number): ImagePlan {
  return {
    ppi: maxPpi,
    quality: { min: 95, start: 95, max: 95 },
    floor: 0,
    chromaSubsampling: '4:4:4',
    recodeLossless: true,
    resampledOnly: true,
  };
}

/**
 * A PDF whose pictures are drawn above `maxPpi` pixels per inch, with those pictures resampled to it before the
 * levels compress the file: a copy in `workDir`, otherwise byte for byte the original (qpdf writes only the pictures'
 * streams; structure, active content and authors are left to the levels, which treat the copy as they would the
 * file). A signed PDF keeps its pictures, so light can still keep its signature valid.
 */
export async function capPdfImages(input: string, maxPpi: number, workDir: string, tools: Tools): Promise<CappedPdf> {
  const facts = await readFactsOrNone(input, tools);
  if (!facts) return { input, note: 'This PDF is too complex to resample its pictures: kept at their resolution' };
  if (facts.signed) return { input, note: 'Pictures of a signed PDF keep their resolution so the signature can stay valid' };
  const dir = await mkdtemp(path.join(workDir, 'cap-'));
  const passes = await recompressImages(input, facts, [['light', capPlan(maxPpi)]], ['--warning-exit-0'], dir, tools, () => {});
  const pass = passes.get('light');
  if (!pass) return { input };
  return { input: pass.output, note: `${pass.recoded} picture(s) resampled to at most ${maxPpi} ppi` };
}
