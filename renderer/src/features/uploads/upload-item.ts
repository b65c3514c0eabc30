import type { SizeSaving } from '@shrinkly/contract';
import { newItemId } from '../../transfer/use-transfer-list';
import type { QueuedTransfer } from '../../transfer/use-transfer-queue';

/** One file of the Single File Upload queue or of a batch (docs/product/SPEC.md §4 "Dashboard upload queue", "Batch"). */
export interface UploadItem extends QueuedTransfer {
  /** The job's own progress while a long compression is followed; absent when the server answers at once. */
  jobProgress?: number;
  /** What was stored, once completed. */
  result: SizeSaving | null;
}

export function queuedUpload(file: File): UploadItem {
  return { id: newItemId(), file, status: 'pending', progress: 0, error: null, result: null };
}

/** Where an item's bar stands when its upload starts and once its bytes are sent; the compression fills the rest. */
export interface ProgressScale {
  uploading: number;
  uploaded: number;
}

/** SPEC: 'Uploading...' below 90%, 'Compressing...' from 90%. */
export const SINGLE_UPLOAD_PROGRESS: ProgressScale = { uploading: 0, uploaded: 90 };

/** The bar while the bytes go: from `uploading` to just under `uploaded`. */
export function uploadBarProgress(scale: ProgressScale, fraction: number): number {
  const span = scale.uploaded - scale.uploading;
  return Math.min(scale.uploaded - 1, scale.uploading + Math.round(fraction * span));
}

/** The bar while a long compression's job is followed: from `uploaded` to just under 100. */
export function compressBarProgress(scale: ProgressScale, jobProgress: number): number {
  const span = 100 - scale.uploaded;
  return Math.min(99, scale.uploaded + Math.round((jobProgress * span) / 100));
}
