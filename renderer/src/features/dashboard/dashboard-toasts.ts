import { BATCH_MAX_FILES, ErrorMessages, MAX_FILE_SIZE_BYTES, SHARE_LINK_TTL_MS } from '@shrinkly/contract';
import { showErrorToast, showInfoToast, showSuccessToast } from '../../components/toasts';
import { formatBytes } from '../../format/format-bytes';
import { formatHours } from '../../format/format-duration';
import { PREMIUM_REQUIRED_MESSAGE } from '../compression/compression-toasts';

/* The dashboard's toasts, worded as SPEC sections 5 and 8 write them. */

const maxSize = formatBytes(MAX_FILE_SIZE_BYTES);

/** "Failed to rename file" alone, or followed by the server's words when it said something useful. */
function withDetail(base: string, detail: string | null | undefined): string {
  return detail ? `${base}: ${detail}` : base;
}

export const dashboardToasts = {
  fileTooLarge: () => showErrorToast(ErrorMessages.fileTooLarge, 'File Too Large'),
  unsupportedType: (acceptedList: string) =>
    showErrorToast(`This file type is not supported. Accepted types: ${acceptedList}.`, 'Unsupported File Type'),
  premiumRequired: () => showErrorToast(PREMIUM_REQUIRED_MESSAGE, 'Premium Subscription Required'),
  /** A batch names the file, since several upload at once. */
  uploadFailed: (detail: string | null, fileName?: string) =>
    showErrorToast(withDetail(fileName ? `Failed to upload file "${fileName}"` : 'Failed to upload file', detail), 'Upload Failed'),
  batchFailed: (detail: string | null) =>
    showErrorToast(detail ?? 'Batch compression could not start. Please try again.', 'Batch Compression Failed'),
  batchSizeExceeded: (count: number) =>
    showErrorToast(`${count} file(s) exceed the ${maxSize} limit and were not added.`, 'File Size Limit Exceeded'),
  batchLimitReached: (room: number) =>
    showErrorToast(
      `Maximum ${BATCH_MAX_FILES} files allowed per batch. Only ${room} file(s) can be added.`,
      'File Limit Reached',
    ),
  folderCreated: (name: string) => showSuccessToast('Folder Created', `"${name}" is ready for your files.`),
  /** A duplicate name (409) says so; other failures keep the generic words. */
  createFolderFailed: (detail: string | null) =>
    showErrorToast(detail ? `Failed to create folder. ${detail}` : 'Failed to create folder. Please try again.'),
  folderDeleted: (name: string) => showSuccessToast('Folder Deleted', `"${name}" was deleted.`),
  deleteFolderFailed: (detail: string | null) => showErrorToast(detail ?? 'Failed to delete folder'),
  fileRenamed: (name: string) => showSuccessToast('File Renamed', `The file is now called "${name}".`),
  renameFailed: () => showErrorToast('Failed to rename file'),
  fileMoved: (name: string, place: string) => showSuccessToast('File Moved', `"${name}" moved to ${place}.`),
  moveFailed: () => showErrorToast('Failed to move file'),
  fileDeleted: (name: string) => showSuccessToast('File Deleted', `"${name}" was deleted.`),
  deleteFailed: () => showErrorToast('Failed to delete file'),
  linkCopied: () =>
    showSuccessToast('Link Copied', `Share link copied to clipboard. It expires in ${formatHours(SHARE_LINK_TTL_MS)}.`),
  /** The clipboard refused (permissions, insecure page): the link is shown so it can be copied by hand. */
  linkReady: (url: string) =>
    showInfoToast('Share Link Ready', `Copy this link; it expires in ${formatHours(SHARE_LINK_TTL_MS)}: ${url}`),
  shareFailed: () => showErrorToast('Failed to share file'),
  /** A file My Files showed as compressing could not be compressed; the server removed it and says why. */
  compressionFailed: (fileName: string, detail: string | null) =>
    showErrorToast(withDetail(`"${fileName}" could not be compressed and was removed`, detail), 'Compression Failed'),
  downloadFailed: () => showErrorToast('Unable to download the compressed file', 'Download Failed'),
};
