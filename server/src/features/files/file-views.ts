import { type FileCategory, type FileRecord, qualityFields, type Stats, spaceSavedPercent } from '@shrinkly/contract';
import { mimeOfFormat } from '../../common/mime.js';
import type { FileTotals, FileWithFolder, ListedFile } from './file.repository.js';

const CATEGORY_BY_FORMAT: Record<string, FileCategory> = {};
for (const [category, formats] of Object.entries({
  document: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv'],
  image: ['jpg', 'png', 'gif', 'webp', 'heic', 'avif', 'bmp', 'tif'],
  video: ['mp4', 'mov', 'avi', 'mkv', 'webm', 'wmv', 'flv', 'ogv'],
  audio: ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac', 'opus'],
} satisfies Record<Exclude<FileCategory, 'other'>, string[]>)) {
  for (const format of formats) CATEGORY_BY_FORMAT[format] = category as FileCategory;
}

export function categoryOf(format: string): FileCategory {
  return CATEGORY_BY_FORMAT[format] ?? 'other';
}

export function ratioOf(original: number, stored: number): number {
  return stored > 0 ? Math.round((original / stored) * 100) / 100 : 1;
}

/**
 * The API's file record (FILE-02). A processing file shows its upload's size and, when its job is
 * given, the job and its progress; a ready one shows the stored result.
 */
export function toFileRecord(row: FileWithFolder & Partial<Pick<ListedFile, 'jobId' | 'progress'>>): FileRecord {
  const processing = row.status === 'processing';
  const stored = row.storedSize ?? row.originalSize;
  return {
    id: row.id,
    name: row.name,
    mimeType: mimeOfFormat(row.format).split(';')[0] as string,
    format: row.format,
    category: categoryOf(row.format),
    originalSize: row.originalSize,
    compressedSize: stored,
    compressionRatio: ratioOf(row.originalSize, stored),
    spaceSaved: spaceSavedPercent(row.originalSize, stored),
    isCompressed: row.isCompressed,
    ...qualityFields(processing ? null : row.qualityScore),
    level: row.level,
    createdAt: row.createdAt.toISOString(),
    shareToken: row.shareToken,
    shareExpiresAt: row.shareExpiresAt?.toISOString() ?? null,
    shareLinks: row.shareLinks,
    shareDownloads: row.shareDownloads,
    folder: row.folderId && row.folderName !== null ? { id: row.folderId, name: row.folderName } : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status: processing ? 'processing' : 'ready',
    jobId: processing ? (row.jobId ?? null) : null,
    progress: processing ? (row.progress ?? 0) : null,
  };
}

export function toStats(totals: FileTotals, storageLimit: number): Stats {
  return {
    storageUsed: totals.storedBytes,
    storageLimit,
    compressedFiles: totals.compressedFiles,
    totalFiles: totals.totalFiles,
    spaceSavedPercent: spaceSavedPercent(totals.originalBytes, totals.storedBytes),
    spaceSavedBytes: totals.originalBytes - totals.storedBytes,
  };
}
