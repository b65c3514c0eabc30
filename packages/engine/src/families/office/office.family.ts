import { sizeThroughMembers } from '../../tools/member-targets.js';
import type { FamilyCompressor } from '../../types.js';
import { resaveBinary } from './binary.js';
import { estimatePackage } from './estimate.js';
import { engineImageCompressor, type ImageCompressor } from './images.js';
import { compressPackage } from './package.js';
import { BINARY_FILTERS } from './recipes.js';

export interface OfficeFamilyOptions {
  /** How embedded pictures are recompressed; default: the engine's image family for their format. */
  imageCompressor?: ImageCompressor;
}

/**
 * Office documents, kept editable. Zip packages (docx, xlsx, pptx, odt, ods, odp) get their pictures recompressed
 * and are re-zipped at maximum deflate; legacy binaries (doc, xls, ppt) are re-saved by LibreOffice when that helps.
 * A package's result is checked to hold exactly the parts meant (package-check.ts); a re-saved binary to open in
 * LibreOffice with the same pages, slides or sheets.
 */
export function createOfficeFamily(options: OfficeFamilyOptions = {}): FamilyCompressor {
  const images = options.imageCompressor ?? engineImageCompressor;
  return {
    family: 'office',
    formats: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'doc', 'xls', 'ppt'],
    // 7z is used too when present (a stronger deflate); without it zlib's level 9 does the job.
    tools: ['soffice'],
    async compress(input, type, ctx) {
      return type.ext in BINARY_FILTERS ? resaveBinary(input, type, ctx) : compressPackage(input, type, ctx, images);
    },
    // Packages are sized through their pictures (tools/member-targets.ts); a legacy binary has none to size.
    sizeTo: async (input, type, ctx) =>
      type.ext in BINARY_FILTERS ? undefined : sizeThroughMembers(input, ctx, (c) => compressPackage(input, type, c, images)),
    estimate: (input, type, ctx) => estimatePackage(input, type, ctx, images),
  };
}

export const officeFamily: FamilyCompressor = createOfficeFamily();
