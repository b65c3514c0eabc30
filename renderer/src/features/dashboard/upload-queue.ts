/** One file of the Single File Upload queue (SPEC section 4 "Dashboard upload queue"). */
export interface UploadItem {
  id: string;
  file: File;
  status: 'pending' | 'uploading' | 'compressing' | 'completed' | 'error';
  /** 0-100: the bytes fill it to UPLOADED_PROGRESS, the compression the rest. */
  progress: number;
  /** The job's own progress while a long compression is followed; null when the server answers at once. */
  jobProgress: number | null;
  /** Percent saved, once completed. */
  spaceSaved: number | null;
  error: string | null;
}

/** SPEC: 'Uploading...' below 90%, 'Compressing...' from 90%. */
export const UPLOADED_PROGRESS = 90;

export function isBusy(item: { status: string }): boolean {
  return item.status === 'uploading' || item.status === 'compressing';
}

/** The bar while compressing: 90 plus a tenth of the job's progress, never 100 before the end. */
export function compressingProgress(jobProgress: number): number {
  return Math.min(99, UPLOADED_PROGRESS + Math.round(jobProgress / 10));
}
