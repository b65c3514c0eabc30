import { BATCH_MAX_FILES, MAX_FILE_SIZE_BYTES, spaceSavedPercent } from '@shrinkly/contract';
import { BATCH_UPLOAD_TYPES, isAccepted } from './file-acceptance';
import { compressBarProgress, type ProgressScale, type UploadItem, uploadBarProgress } from './upload-item';

/** One file of a batch compression (docs/product/SPEC.md §4 "Batch"). */
export type BatchItem = UploadItem;

/** docs/product/SPEC.md §4: uploading shows 10, compressing 50 (the bytes fill the bar between them), completed 100. */
export const BATCH_PROGRESS: ProgressScale = { uploading: 10, uploaded: 50 };

/** The bar while the bytes go: from 10 to just under 50. */
export function batchUploadProgress(fraction: number): number {
  return uploadBarProgress(BATCH_PROGRESS, fraction);
}

/** The bar while a long compression's job is followed: from 50 to just under 100. */
export function batchCompressProgress(jobProgress: number): number {
  return compressBarProgress(BATCH_PROGRESS, jobProgress);
}

export interface BatchTotals {
  files: number;
  completed: number;
  failed: number;
  /** Bytes of every file in the batch. */
  totalSize: number;
  /** Over the completed files only. */
  originalTotal: number;
  compressedTotal: number;
  /** Percent of the completed files' original bytes saved, 0-100, one decimal. */
  savedPercent: number;
}

export function batchTotals(items: readonly BatchItem[]): BatchTotals {
  let completed = 0;
  let failed = 0;
  let totalSize = 0;
  let originalTotal = 0;
  let compressedTotal = 0;
  for (const item of items) {
    totalSize += item.file.size;
    if (item.status === 'error') failed += 1;
    if (item.status === 'completed' && item.result) {
      completed += 1;
      originalTotal += item.result.originalSize;
      compressedTotal += item.result.compressedSize;
    }
  }
  const savedPercent = spaceSavedPercent(originalTotal, compressedTotal);
  return { files: items.length, completed, failed, totalSize, originalTotal, compressedTotal, savedPercent };
}

/** Why some dropped files were not added; the first rule that applies is the one told (docs/product/SPEC.md §5 "Batch"). */
export type BatchRefusal = { kind: 'limit'; room: number } | { kind: 'size'; count: number } | { kind: 'type' };

/** Which dropped files join a batch already holding `queued` files: accepted types, at most 5GB, 3 in all. */
export function admitToBatch(files: readonly File[], queued: number): { added: File[]; refusal: BatchRefusal | null } {
  const typed = files.filter((file) => isAccepted(file, BATCH_UPLOAD_TYPES));
  const fitting = typed.filter((file) => file.size <= MAX_FILE_SIZE_BYTES);
  const room = Math.max(0, BATCH_MAX_FILES - queued);
  let refusal: BatchRefusal | null = null;
  if (fitting.length > room) refusal = { kind: 'limit', room };
  else if (fitting.length < typed.length) refusal = { kind: 'size', count: typed.length - fitting.length };
  else if (typed.length < files.length) refusal = { kind: 'type' };
  return { added: fitting.slice(0, room), refusal };
}
