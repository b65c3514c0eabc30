import { z } from 'zod';
import { GB, MB } from './constants.js';

/**
 * "Make it fit": a size the result should not exceed. The presets are the limits people compress for: form uploads
 * (2 MB, 5 MB), email attachments (10 MB, 25 MB) and chat apps (100 MB).
 */
export const TARGET_SIZE_PRESETS = [
  { bytes: 2 * MB, label: '2MB' },
  { bytes: 5 * MB, label: '5MB' },
  { bytes: 10 * MB, label: '10MB (email)' },
  { bytes: 25 * MB, label: '25MB (email)' },
  { bytes: 100 * MB, label: '100MB' },
] as const;

/** Below this no file we accept keeps anything worth keeping. */
export const MIN_TARGET_BYTES = 10 * 1024;
export const MAX_TARGET_BYTES = 5 * GB;

const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, k: 1024, mb: MB, m: MB, gb: GB, g: GB };

/** A size as people write it ("10MB", "2.5 mb", "500KB", "1048576"), base 1024; undefined when it is not one. */
export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = UNITS[match?.[2]?.toLowerCase() ?? 'x'];
  if (!match || unit === undefined) return undefined;
  const bytes = Math.round(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

const targetMessage = `Target size must be between 10KB and 5GB`;

/** `targetBytes` of a compression request: a number of bytes, or empty for none. */
export const targetBytesSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ message: targetMessage })
    .int(targetMessage)
    .min(MIN_TARGET_BYTES, targetMessage)
    .max(MAX_TARGET_BYTES, targetMessage)
    .optional()
    .describe('bytes: the best-quality result at or under this size, down to the level asked for (see README)'),
);

/**
 * The types whose results can be sized between and below their levels' settings (a picture's quality or, below the
 * floor, its pixels; a GIF's lossy frame differencing or lossy LZW; a bitrate; a video's quality knob; a PDF's picture resolution; the files inside an archive or an Office document). Others fit a target at their levels only.
 */
// biome-ignore format: one line per kind of file
export const SIZABLE_TYPES = [
  'jpg', 'jpeg', 'webp', 'heic', 'avif', 'png', 'tif', 'tiff', 'gif',
  'mp4', 'mov', 'avi', 'mkv', 'wmv', 'flv', 'webm', 'ogv',
  'mp3', 'aac', 'm4a', 'ogg', 'opus',
  'pdf', 'zip', '7z', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp',
] as const;

/** Whether a file of this type (an extension) can go below its level's quality to fit a target. */
export function isSizable(type: string): boolean {
  return (SIZABLE_TYPES as readonly string[]).includes(type.toLowerCase());
}

/**
 * `belowFloor` of a compression request: the user's consent to a result under the target below the level's quality
 * floor when nothing within it fits (photos, audio, video, PDFs, archives and Office documents). Multipart forms send "true" / "false".
 */
export const belowFloorSchema = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean().optional())
  .describe(
    "with targetBytes: allow a result under the target below the level's quality floor when none within it fits (photos, audio, video, PDFs, archives, Office documents)",
  );

/** How a target went: met (at which level, or the original already fitting) or not within the level's floor. */
export const targetOutcomeSchema = z
  .object({
    bytes: z.number().int(),
    met: z.boolean(),
    /** The level whose result fits, 'original' when the file already did, or the level asked for when none fits. */
    level: z.enum(['original', 'light', 'balanced', 'maximum']),
    /** Met below that level's quality floor, with the request's consent (`belowFloor`). */
    belowFloor: z.boolean(),
    /** The request allowed going below the floor: a target missed anyway was missed even there. */
    belowFloorAllowed: z.boolean(),
  })
  .nullable()
  .describe('null when the request named no target');
export type TargetOutcome = z.infer<typeof targetOutcomeSchema>;
