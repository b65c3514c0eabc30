import { z } from 'zod';
import { assembleChunksRequestSchema, compressFieldsSchema, compressionLevelSchema, jobStatusSchema } from './compression.js';
import { BATCH_MAX_FILES, FILE_NAME_MAX_LENGTH, FOLDER_NAME_MAX_LENGTH } from './constants.js';
import { typedNameSchema } from './names.js';
import { qualityLabelSchema, qualityScoreSchema } from './quality.js';

/** Extensions the dashboard's single upload accepts (DASH-12). */
// biome-ignore format: one line per kind of file, in the requirement's order
export const DASHBOARD_ACCEPTED_TYPES = [
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'heic',
  'mp4', 'mov', 'avi', 'mkv', 'wmv', 'flv',
  'mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac',
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx',
] as const;

/** Batch compression accepts the dashboard's types plus these (BATCH-04). */
export const BATCH_ACCEPTED_TYPES = [...DASHBOARD_ACCEPTED_TYPES, 'bmp', 'txt'] as const;

/** The My Files tabs: every file belongs to one category, read from its real type. */
export const FILE_CATEGORIES = ['document', 'image', 'video', 'audio', 'other'] as const;
export const fileCategorySchema = z.enum(FILE_CATEGORIES);
export type FileCategory = z.infer<typeof fileCategorySchema>;

const idSchema = z.uuid('Not a valid id');

export const folderRefSchema = z.object({ id: z.string(), name: z.string() });

/**
 * A file is listed from its upload on: `processing` while its compression runs (sizes are the upload's until
 * then), `ready` once the result is stored. A compression that fails removes the file; its job keeps the reason.
 */
export const FILE_STATUSES = ['processing', 'ready'] as const;
export const fileStatusSchema = z.enum(FILE_STATUSES);
export type FileStatus = z.infer<typeof fileStatusSchema>;

/** One stored file (SPEC.md §3 "File", with its folder as {id, name} and its expiry for free accounts). */
export const fileRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  format: z.string().describe("the stored file's real type, as an extension"),
  category: fileCategorySchema,
  originalSize: z.number().int().describe('bytes uploaded'),
  compressedSize: z.number().int().describe('bytes stored; equal to originalSize when nothing could be saved'),
  compressionRatio: z.number().describe('original size / stored size'),
  spaceSaved: z.number().describe('percent of the original saved, 0-100, one decimal'),
  isCompressed: z.boolean().describe('false when the file was stored as uploaded'),
  qualityScore: qualityScoreSchema.describe("the stored result's quality score (QUALITY_BANDS); null while processing"),
  qualityLabel: qualityLabelSchema,
  level: compressionLevelSchema,
  createdAt: z.string(),
  shareToken: z.string().nullable(),
  shareExpiresAt: z.string().nullable(),
  shareLinks: z.number().int().describe('its active share links (GET /api/files/{id}/share-links lists them all)'),
  shareDownloads: z.number().int().describe('downloads through all of its share links, revoked and expired ones too'),
  folder: folderRefSchema.nullable(),
  expiresAt: z
    .string()
    .nullable()
    .describe('free accounts: when the file is removed (24 hours after upload); null for kept files'),
  status: fileStatusSchema.describe('processing: still being compressed (only delete applies); ready: stored'),
  jobId: z
    .string()
    .nullable()
    .describe('while processing: the compression job to follow at GET /api/files/jobs/{jobId}; else null'),
  progress: z.number().int().nullable().describe("while processing: the compression's progress, 0-100; else null"),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

export const fileListQuerySchema = z.object({ folderId: idSchema.optional() });
export const fileListSchema = z.array(fileRecordSchema);

/** Text fields of POST /api/files/upload (multipart; the bytes are the `file`). */
export const fileUploadFieldsSchema = compressFieldsSchema.extend({
  folderId: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), idSchema.optional()),
  batchId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
});

/**
 * Body of POST /api/files/assemble-chunks: a large upload sent in chunks to POST /api/upload-chunk, joined into My
 * Files (at the root, or in `folderId`) instead of a landing-page compression.
 */
export const assembleFileChunksRequestSchema = assembleChunksRequestSchema.extend({ folderId: idSchema.optional() });
export type AssembleFileChunksRequest = z.input<typeof assembleFileChunksRequestSchema>;

/**
 * The answer of an upload (SPEC.md §3 "Upload response"). A quick compression answers completed with the
 * sizes; a long one answers 202 with the job to follow at GET /api/files/jobs/{jobId}.
 */
export const fileUploadResponseSchema = z.object({
  jobId: z.string(),
  status: jobStatusSchema,
  fileId: z.string().nullable(),
  originalSize: z.number().int(),
  compressedSize: z.number().int().nullable(),
  compressionRatio: z.number().nullable(),
  file: fileRecordSchema.nullable(),
});
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

export const renameFileRequestSchema = z.object({ name: typedNameSchema('Name', FILE_NAME_MAX_LENGTH) });
export const moveFileRequestSchema = z.object({ folderId: idSchema.nullish() });

export const shareResponseSchema = z.object({
  shareUrl: z.string().describe('downloads the file without an account until shareExpiresAt'),
  shareExpiresAt: z.string(),
});
export type ShareResponse = z.infer<typeof shareResponseSchema>;

export const downloadLinkRequestSchema = z.object({
  disposition: z
    .enum(['attachment', 'inline'])
    .default('attachment')
    .describe('inline opens images, PDF, video and audio in the browser'),
});
export const downloadLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadLink = z.infer<typeof downloadLinkResponseSchema>;

/** SPEC.md §3 "Folder", with its number of files. */
export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  fileCount: z.number().int(),
  createdAt: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

export const folderListQuerySchema = z.object({ parentId: idSchema.optional() });
export const folderListSchema = z.array(folderSchema);
export const createFolderRequestSchema = z.object({
  name: typedNameSchema('Folder name', FOLDER_NAME_MAX_LENGTH),
  parentId: idSchema.nullish(),
});

/** SPEC.md §3 "Stats": computed from the stored (ready) files; files still processing count nowhere. */
export const statsSchema = z.object({
  storageUsed: z.number().int().describe('bytes stored'),
  storageLimit: z.number().int(),
  compressedFiles: z.number().int(),
  totalFiles: z.number().int(),
  spaceSavedPercent: z.number().describe('0-100, one decimal'),
  spaceSavedBytes: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;

export const createBatchRequestSchema = z.object({
  fileCount: z.number().int().min(1).max(BATCH_MAX_FILES, `Maximum ${BATCH_MAX_FILES} files allowed per batch`),
});
export const batchSchema = z.object({ batchId: z.string(), maxFiles: z.number().int() });
export type Batch = z.infer<typeof batchSchema>;
