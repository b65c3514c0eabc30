import { sizeThroughMembers } from '../../tools/member-targets.js';
import type { CompressContext, DetectedType, FamilyOutput, SizeRequest } from '../../types.js';
import { compressSevenZip } from './sevenzip.js';
import { compressZip } from './zip.js';

/**
 * A zip or 7z sized through its members (tools/member-targets.ts), repacked whole for each try. Members without a
 * family, and text, stay as the level packs them.
 */
export function sizeArchive(
  input: string,
  type: DetectedType,
  ctx: CompressContext & { size: SizeRequest },
): Promise<FamilyOutput | undefined> {
  // Light keeps every member at its best quality (as it is, or only resized as the call asked): nothing is sized above it.
  if (ctx.size.fits && ctx.level === 'light') return Promise.resolve(undefined);
  if (type.ext === 'zip') return sizeThroughMembers(input, ctx, (c) => compressZip(input, c));
  if (type.ext === '7z') return sizeThroughMembers(input, ctx, (c) => compressSevenZip(input, c));
  return Promise.resolve(undefined);
}
