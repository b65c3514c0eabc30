import { z } from 'zod';

/** Longest sides a picture can be made to fit (never enlarged): 4K, 1440p-class web, full HD, and a light web size. */
export const MAX_DIMENSION_PRESETS = [3840, 2560, 1920, 1280] as const;

/** Picture types (as read from the content) that can be given a longest side; others are kept at full size. */
export const RESIZABLE_PICTURE_TYPES = ['jpg', 'png', 'webp', 'tif'] as const;

/** Longest sides a video can be made to fit: 1080p, 720p and 480p for a landscape video. */
export const VIDEO_DIMENSION_PRESETS = [
  { px: 1920, label: '1080p' },
  { px: 1280, label: '720p' },
  { px: 854, label: '480p' },
] as const;

/** Video types that can be given a longest side (8-bit video; 10-bit and HDR video keeps its size). */
export const RESIZABLE_VIDEO_TYPES = ['mp4', 'mov', 'mkv', 'avi', 'webm', 'wmv', 'flv', 'ogv'] as const;

const message = 'Longest side must be a whole number of pixels between 16 and 16384';

/** `maxDimension` of a compression request: pictures only, the longest side in pixels; empty for none. */
export const maxDimensionSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ message })
    .int(message)
    .min(16, message)
    .max(16_384, message)
    .optional()
    .describe("pictures and videos: the result's longest side in pixels, never enlarged; other files ignore it"),
);

/** Resolutions a PDF's pictures can be capped at: print, screen and e-mail. */
export const PDF_IMAGE_PPI_PRESETS = [
  { ppi: 300, label: 'Print (300 ppi)' },
  { ppi: 150, label: 'Screen (150 ppi)' },
  { ppi: 72, label: 'Email (72 ppi)' },
] as const;

const ppiMessage = 'Picture resolution must be a whole number of pixels per inch between 36 and 1200';

/** `maxImagePpi` of a compression request: PDFs only, the highest resolution their pictures keep; empty for none. */
export const maxImagePpiSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ message: ppiMessage })
    .int(ppiMessage)
    .min(36, ppiMessage)
    .max(1200, ppiMessage)
    .optional()
    .describe('PDFs: pictures drawn above this many pixels per inch are resampled to it, never enlarged; other files ignore it'),
);
