import { BATCH_MAX_FILES, ErrorMessages, MAX_FILE_SIZE_BYTES } from '@shrinkly/contract';
import { showErrorToast, withDetail } from '../../components/toasts';
import { formatBytes } from '../../format/format-bytes';

/* The toasts of uploads to My Files, worded as docs/product/SPEC.md §5 and §8 write them. */

const maxSize = formatBytes(MAX_FILE_SIZE_BYTES);

export const uploadToasts = {
  fileTooLarge: () => showErrorToast(ErrorMessages.fileTooLarge, 'File Too Large'),
  unsupportedType: (acceptedList: string) =>
    showErrorToast(`This file type is not supported. Accepted types: ${acceptedList}.`, 'Unsupported File Type'),
  /** A batch names the file, since several upload at once. */
  uploadFailed: (detail: string | null, fileName?: string) =>
    showErrorToast(
      withDetail(fileName ? `Failed to upload file "${fileName}"` : 'Failed to upload file', detail),
      'Upload Failed',
    ),
  batchFailed: (detail: string | null) =>
    showErrorToast(detail ?? 'Batch compression could not start. Please try again.', 'Batch Compression Failed'),
  batchSizeExceeded: (count: number) =>
    showErrorToast(`${count} file(s) exceed the ${maxSize} limit and were not added.`, 'File Size Limit Exceeded'),
  batchLimitReached: (room: number) =>
    showErrorToast(
      `Maximum ${BATCH_MAX_FILES} files allowed per batch. Only ${room} file(s) can be added.`,
      'File Limit Reached',
    ),
};
