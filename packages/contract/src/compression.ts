import { z } from 'zod';
import { COMPRESSION_LEVELS, FILE_NAME_MAX_LENGTH } from './constants.js';
import { metadataChoiceSchema } from './metadata-choice.js';
import { uploadedNameSchema } from './names.js';
import { maxDimensionSchema, maxImagePpiSchema } from './picture-size.js';
import { qualityLabelSchema, qualityScoreSchema } from './quality.js';
import { belowFloorSchema, targetBytesSchema, targetOutcomeSchema } from './target-size.js';
import { callbackUrlSchema } from './webhooks.js';

/** Extensions the landing page accepts (COMP-21); the server checks the real type against them. */
// biome-ignore format: one line per kind of file, in the requirement's order
export const LANDING_ACCEPTED_TYPES = [
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'heic',
  'mp4', 'avi', 'mov', 'wmv', 'flv',
  'mp3', 'wav', 'flac', 'aac',
  'pdf',
  'zip', 'rar', '7z',
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx',
] as const;

export const compressionLevelSchema = z.enum(COMPRESSION_LEVELS);

/** One level of the preview: what the file is expected to become. */
export const previewItemSchema = z.object({
  level: compressionLevelSchema,
  estimatedSize: z.number().int().describe('bytes'),
  spaceSaved: z.number().describe('percent of the original, 0-100'),
  compressionRatio: z.number().describe('original size / estimated size'),
  quality: z.number().int().describe('the level quality value (CONST-15)'),
  sizeMB: z.number(),
  savedMB: z.number(),
});
export type PreviewItem = z.infer<typeof previewItemSchema>;

export const compressionPreviewSchema = z.object({
  fileName: z.string(),
  originalSize: z.number().int(),
  originalSizeMB: z.number(),
  fileType: z.string().describe('the real type read from the content, as an extension'),
  previews: z.array(previewItemSchema),
  maxFreeSize: z.number().int(),
  requiresPayment: z.boolean(),
});
export type CompressionPreview = z.infer<typeof compressionPreviewSchema>;

/** A compression job: queued → processing → completed | failed, or payment_required first for paid files. */
export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed', 'payment_required'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const subscriptionOptionSchema = z.object({
  price: z.number(),
  benefits: z.array(z.string()),
  upgradeUrl: z.string(),
});

/** The answer of /api/compress and /api/assemble-chunks (SPEC.md §3 "Compression response"). */
export const compressionResponseSchema = z.object({
  jobId: z.string(),
  status: jobStatusSchema,
  requiresPayment: z.boolean(),
  downloadUrl: z.string().nullable().describe('signed link, usable without a token, while it lasts'),
  downloadExpiresAt: z.string().nullable(),
  compressionResult: z
    .object({
      originalSize: z.number().int(),
      compressedSize: z.number().int(),
      spaceSaved: z.number().describe('percent of the original, 0-100'),
      format: z.string(),
      unchanged: z.boolean(),
      qualityScore: qualityScoreSchema,
      qualityLabel: qualityLabelSchema,
      target: targetOutcomeSchema,
    })
    .nullable(),
  cost: z.number().nullable().describe('USD, when payment is required'),
  paymentUrl: z.string().nullable(),
  fileSize: z.number().int(),
  maxFreeSize: z.number().int(),
  subscriptionOption: subscriptionOptionSchema,
});
export type CompressionResponse = z.infer<typeof compressionResponseSchema>;

/**
 * GET /api/service-stats: every compression the service has finished (STAT-04's figures for the whole service),
 * landing page and My Files alike, counted once per job and kept when the jobs themselves are swept.
 */
export const serviceStatsSchema = z.object({
  totalFiles: z.number().int().describe('compressions finished'),
  compressedFiles: z.number().int().describe('of which came out smaller'),
  averageSpaceSaved: z.number().describe('percent saved per file, averaged over every file; 0-100, one decimal'),
  totalOriginalSize: z.number().int().describe('bytes uploaded'),
  totalCompressedSize: z.number().int().describe('bytes of the results'),
});
export type ServiceStats = z.infer<typeof serviceStatsSchema>;

/**
 * GET /api/compression-job/{jobId}/compare and GET /api/files/{id}/compare: small renditions of the original and
 * the result, made by the worker with the result (never the full file decoded in the browser): a picture whole, a
 * PDF's first pages, a video's still from its hardest stretch, each pair at the same size.
 */
export const comparisonSchema = z.object({
  pairs: z.array(
    z.object({
      label: z.string().describe('what the pair shows: "Picture", "Page 2", "Frame at 0:05"'),
      before: z.string().describe('the original, as a data: URL of a JPEG'),
      after: z.string().describe('the result, as a data: URL of a JPEG of the same size'),
    }),
  ),
});
export type Comparison = z.infer<typeof comparisonSchema>;

/** The types whose results come with before/after renditions (pictures, PDFs, video); others have none. */
// biome-ignore format: one line per kind of file
export const RENDERED_TYPES = [
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'tif', 'tiff', 'bmp', 'avif',
  'pdf',
  'mp4', 'mov', 'avi', 'mkv', 'wmv', 'flv', 'webm', 'ogv',
] as const;

/** Whether a result of this type (an extension) has a before/after view to ask for. */
export function hasRenditions(type: string): boolean {
  return (RENDERED_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** GET /api/compression-job/{jobId}. */
export const compressionJobSchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  status: jobStatusSchema,
  progress: z.number().int().min(0).max(100),
  isPaid: z.boolean(),
  originalSize: z.number().int(),
  compressedSize: z.number().int().nullable(),
  format: z.string().nullable().describe("once completed: the result's format, as its extension; else null"),
  unchanged: z.boolean().nullable().describe('once completed: the original came back as it was (nothing to gain); else null'),
  qualityScore: qualityScoreSchema.describe("once completed: the result's quality score (QUALITY_BANDS); else null"),
  qualityLabel: qualityLabelSchema,
  target: targetOutcomeSchema.describe('once completed: how a requested target size went; else null'),
  temporaryUrl: z.string().nullable(),
  downloadExpiresAt: z.string().nullable(),
  paymentAmount: z.number().nullable(),
  paymentUrl: z.string().nullable(),
  error: z.string().nullable(),
});
export type CompressionJob = z.infer<typeof compressionJobSchema>;

const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'uploadId must be 8-100 letters, digits, - or _');
/** The file's own name: cleaned by the name rule, not refused (see names.ts). */
const fileNameSchema = uploadedNameSchema(FILE_NAME_MAX_LENGTH);

/** Text fields of POST /api/upload-chunk (multipart; the bytes are the `chunk` file). */
export const uploadChunkFieldsSchema = z.object({
  uploadId: uploadIdSchema,
  chunkIndex: z.coerce.number().int().min(0),
  totalChunks: z.coerce.number().int().min(1).max(100_000),
  fileName: fileNameSchema,
  fileSize: z.coerce.number().int().min(1),
});

export const uploadChunkResponseSchema = z.object({
  uploadId: z.string(),
  chunkIndex: z.number().int(),
  received: z.number().int().describe('chunks stored so far'),
  totalChunks: z.number().int(),
});

/**
 * What an upload may ask of its compression (the level, a target size, picture limits, metadata) and where to call back
 * when it is done: the text fields of POST /api/compress (multipart; the bytes are the `file`), and part of every other
 * way a file comes in.
 */
export const compressFieldsSchema = z.object({
  compressionLevel: compressionLevelSchema.default('balanced'),
  targetBytes: targetBytesSchema,
  belowFloor: belowFloorSchema,
  maxDimension: maxDimensionSchema,
  maxImagePpi: maxImagePpiSchema,
  metadata: metadataChoiceSchema,
  callbackUrl: callbackUrlSchema,
});

export const assembleChunksRequestSchema = compressFieldsSchema.extend({
  uploadId: uploadIdSchema,
  totalChunks: z.number().int().min(1).max(100_000),
  fileName: fileNameSchema,
  fileSize: z.number().int().min(1),
});
export type AssembleChunksRequest = z.input<typeof assembleChunksRequestSchema>;
