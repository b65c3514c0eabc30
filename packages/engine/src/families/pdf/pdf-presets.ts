import { SSIM_FLOOR } from '../../quality/ssim.js';
import type { CompressionLevel } from '../../types.js';
import type { PdfFacts } from './pdf-facts.js';

/** What the image pass does to the pictures of a PDF at one level. */
export interface ImagePlan {
  /** Pictures drawn above this many pixels per inch (at their largest placement) are resampled to it; 0 keeps them. */
  ppi: number;
  /** mozjpeg qualities searched (lowest passing wins); the floor applies to each picture against its resampled original. */
  quality: { min: number; start: number; max: number };
  floor: number;
  chromaSubsampling: '4:4:4' | '4:2:0';
  /** Also turn lossless (Flate or raw) colour and grey pictures into JPEG when that keeps the floor. */
  recodeLossless: boolean;
  /** Only the pictures the plan resamples (those drawn above `ppi`); the others keep their bytes. */
  resampledOnly?: boolean;
}

/**
 * Light keeps every picture's resolution and only re-encodes JPEGs at high quality with full colour detail;
 * balanced resamples to 150 ppi like ghostscript's /ebook; maximum to 100 ppi. Qualities are searched on each
 * picture's SSIM. A stronger plan is not always smaller once the rendered pages are checked (a 100 ppi picture may
 * miss maximum's page floor where the 150 ppi one meets balanced's), so a level also weighs the lighter levels'
 * candidates (pdf-ladder.ts).
 */
export const IMAGE_PLANS: Readonly<Record<CompressionLevel, ImagePlan>> = {
  light: {
    ppi: 0,
    quality: { min: 80, start: 88, max: 95 },
    floor: SSIM_FLOOR.light,
    chromaSubsampling: '4:4:4',
    recodeLossless: false,
  },
  balanced: {
    ppi: 150,
    quality: { min: 50, start: 72, max: 90 },
    floor: SSIM_FLOOR.balanced,
    chromaSubsampling: '4:2:0',
    recodeLossless: true,
  },
  maximum: {
    ppi: 100,
    quality: { min: 35, start: 58, max: 85 },
    floor: SSIM_FLOOR.maximum,
    chromaSubsampling: '4:2:0',
    recodeLossless: true,
  },
};

/**
 * A level's second try when its resampled pictures made the rendered pages miss its floor: the same search at the
 * lighter level's resolution (balanced keeps every picture's resolution, maximum resamples to 150 ppi).
 */
export const RETRY_PLANS: Readonly<Partial<Record<CompressionLevel, ImagePlan>>> = {
  balanced: { ...IMAGE_PLANS.balanced, ppi: IMAGE_PLANS.light.ppi },
  maximum: { ...IMAGE_PLANS.maximum, ppi: IMAGE_PLANS.balanced.ppi },
};

/** Ghostscript writes `%d` in an output name as a page number; a literal percent sign is doubled. */
function gsPath(file: string): string {
  return file.replaceAll('%', '%%');
}

/**
 * Gives the original's dates back (ghostscript would stamp the current time, or write none under OmitInfoDate),
 * which keeps the document's dates. Hex strings: no escaping questions.
 */
function docInfo(dates: PdfFacts['dates']): string {
  const entries = [
    dates.creation ? `/CreationDate <${dates.creation}>` : '',
    dates.modified ? `/ModDate <${dates.modified}>` : '',
  ].filter(Boolean);
  return entries.length > 0 ? `[ ${entries.join(' ')} /DOCINFO pdfmark` : '';
}

/**
 * Arguments for ghostscript's structural rewrite: fonts subset and converted to compact CFF, duplicate images merged,
 * content streams rewritten. Pictures are left to the image pass, so JPEGs pass through untouched, nothing is
 * resampled and other pictures are stored losslessly. Always -dSAFER; never rotates pages by their text.
 * Nothing of the moment goes in (no clock dates, no time-based /ID, no XMP packet with a fresh document UUID), so the
 * same input gives the same bytes on every run; qpdf then writes an /ID derived from the content. `clearAuthor`
 * empties the document's /Author (for an input that still names one).
 */
export function ghostscriptArgs(input: string, output: string, dates: PdfFacts['dates'], clearAuthor = false): string[] {
  const args = [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dQUIET',
    '-sDEVICE=pdfwrite',
    '-dCompatibilityLevel=1.5',
    '-dAutoRotatePages=/None',
    '-dOmitInfoDate',
    '-dOmitID',
    '-dOmitXMP',
    '-dDetectDuplicateImages=true',
    '-dCompressFonts=true',
    '-dSubsetFonts=true',
    '-dPassThroughJPEGImages=true',
    '-dPassThroughJPXImages=true',
    '-dDownsampleColorImages=false',
    '-dDownsampleGrayImages=false',
    '-dDownsampleMonoImages=false',
    '-dAutoFilterColorImages=false',
    '-dAutoFilterGrayImages=false',
    '-dColorImageFilter=/FlateEncode',
    '-dGrayImageFilter=/FlateEncode',
    `-sOutputFile=${gsPath(output)}`,
  ];
  const info = docInfo(dates);
  // The input's own information comes in with its pages, so the author is emptied after them.
  const author = clearAuthor ? ['-c', '[ /Author () /DOCINFO pdfmark'] : [];
  return [...args, ...(info ? ['-c', info] : []), '-f', input, ...author];
}

/** qpdf's lossless structure pass: object streams, every stream deflated at level 9, unreferenced objects dropped. */
export function qpdfArgs(options: { removeSignatureRestrictions: boolean; encrypted: boolean }): string[] {
  return [
    '--warning-exit-0',
    // Reproducible output: a content-derived /ID. qpdf cannot derive one for a file it encrypts; such a file here opens
    // without a password (its owner password only restricts), so a fixed second /ID half and AES vector hide nothing.
    ...(options.encrypted ? ['--static-id', '--static-aes-iv'] : ['--deterministic-id']),
    '--object-streams=generate',
    '--compress-streams=y',
    '--recompress-flate',
    '--compression-level=9',
    // Linearising ("fast web view") was measured to cost ~4 % on text PDFs: size wins here.
    ...(options.removeSignatureRestrictions ? ['--remove-restrictions'] : []),
  ];
}
