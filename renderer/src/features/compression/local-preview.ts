import {
  COMPRESSION_LEVELS,
  type CompressionLevel,
  type CompressionPreview,
  FREE_COMPRESSION_LIMIT_BYTES,
  LEVEL_QUALITY,
  MB,
} from '@shrinkly/contract';
import { extensionOf } from '../../components/drop-zone/accepted-types';

type PreviewFamily = 'video' | 'image' | 'other';

/**
 * docs/product/SPEC.md §9 "Local preview reduction %": the browser's own estimate for files over 100MB, which are not sent
 * to the server preview. These figures are SPEC's, not measured ones; the server's real result may differ.
 */
export const LOCAL_PREVIEW_REDUCTION_PERCENT: Record<PreviewFamily, Record<CompressionLevel, number>> = {
  video: { light: 20, balanced: 40, maximum: 60 },
  image: { light: 15, balanced: 35, maximum: 55 },
  other: { light: 10, balanced: 25, maximum: 40 },
};

const VIDEO = new Set(['mp4', 'avi', 'mov', 'wmv', 'flv']);
const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic']);

function familyOf(file: File): PreviewFamily {
  const ext = extensionOf(file.name);
  if (file.type.startsWith('video/') || VIDEO.has(ext)) return 'video';
  if (file.type.startsWith('image/') || IMAGE.has(ext)) return 'image';
  return 'other';
}

const toMB = (bytes: number) => Number((bytes / MB).toFixed(2));

/** The preview of a large file, computed in the browser from the table above, in the server preview's shape. */
export function localPreview(file: File): CompressionPreview {
  const reductions = LOCAL_PREVIEW_REDUCTION_PERCENT[familyOf(file)];
  return {
    fileName: file.name,
    originalSize: file.size,
    originalSizeMB: toMB(file.size),
    fileType: extensionOf(file.name),
    previews: COMPRESSION_LEVELS.map((level) => {
      const spaceSaved = reductions[level];
      const estimatedSize = Math.round(file.size * (1 - spaceSaved / 100));
      return {
        level,
        estimatedSize,
        spaceSaved,
        compressionRatio: Number((file.size / estimatedSize).toFixed(2)),
        quality: LEVEL_QUALITY[level],
        sizeMB: toMB(estimatedSize),
        savedMB: toMB(file.size - estimatedSize),
      };
    }),
    maxFreeSize: FREE_COMPRESSION_LIMIT_BYTES,
    requiresPayment: file.size >= FREE_COMPRESSION_LIMIT_BYTES,
  };
}
