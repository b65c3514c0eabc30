import { failureMessage } from '../../transfer/transfer-errors';
import type { ItemChange } from '../../transfer/use-transfer-list';
import { type UploadTarget, uploadToMyFiles } from './api';
import { compressBarProgress, type ProgressScale, type UploadItem, uploadBarProgress } from './upload-item';

export interface SendUploadOptions {
  signal: AbortSignal;
  patch: (change: ItemChange<UploadItem>) => void;
  scale: ProgressScale;
  /** My Files is read again when the server takes the file and once it is stored. */
  refresh: () => void;
  /** Told why the upload failed (not when the page was left), after the item shows it. */
  onFailure: (error: unknown, message: string | null) => void;
}

/** Uploads one queued item into My Files, moving its bar along `scale`; true when the file was stored. */
export async function sendUpload(item: UploadItem, target: UploadTarget, options: SendUploadOptions): Promise<boolean> {
  const { signal, patch, scale, refresh } = options;
  patch({ status: 'uploading', progress: scale.uploading, error: null });
  try {
    const result = await uploadToMyFiles(item.file, target, {
      signal,
      onUploadProgress: (fraction) => patch({ progress: uploadBarProgress(scale, fraction) }),
      onUploaded: () => patch({ status: 'compressing', progress: scale.uploaded }),
      onJobProgress: (percent) =>
        patch({ status: 'compressing', progress: compressBarProgress(scale, percent), jobProgress: percent }),
      onAccepted: refresh,
    });
    patch({ status: 'completed', progress: 100, result });
    refresh();
    return true;
  } catch (error) {
    if (signal.aborted) return false;
    const message = failureMessage(error);
    patch({ status: 'error', progress: 0, error: message ?? 'Upload failed. Please try again.' });
    options.onFailure(error, message);
    return false;
  }
}
