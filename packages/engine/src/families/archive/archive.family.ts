import { stat } from 'node:fs/promises';
import type { FamilyCompressor } from '../../types.js';
import { estimateSevenZip, estimateZip } from './estimate.js';
import { compressSevenZip } from './sevenzip.js';
import { sizeArchive } from './size-to.js';
import { compressZip } from './zip.js';

/**
 * Archives. zip: re-written member by member at the smallest of the original encoding, deflate level 9 or stored,
 * with members compressed by their own family at balanced and maximum. 7z: repacked at -mx=9, members likewise.
 * rar cannot be written by any tool we may ship (RAR's encoder is proprietary), so it comes back unchanged.
 * Bombs (over 2 GB unpacked, or a member over 1 MB expanding more than 1000 times) and escaping member names are
 * refused as invalid input.
 */
export const archiveFamily: FamilyCompressor = {
  family: 'archive',
  formats: ['zip', '7z', 'rar'],
  tools: ['7z'],
  async compress(input, type, ctx) {
    if (type.ext === 'zip') return compressZip(input, ctx);
    if (type.ext === '7z') return compressSevenZip(input, ctx);
    return {
      path: input,
      format: type.ext,
      recipe: 'kept as it is: RAR archives cannot be rewritten (the format is proprietary)',
      notes: ['RAR archives cannot be recompressed: the file was kept unchanged'],
    };
  },
  sizeTo: sizeArchive,
  async estimate(input, type, ctx) {
    if (type.ext === 'zip') return estimateZip(input, ctx);
    if (type.ext === '7z') return estimateSevenZip(input, ctx);
    const { size } = await stat(input);
    return { light: size, balanced: size, maximum: size };
  },
};
