import { SHARE_LINK_TTL_MS } from '@shrinkly/contract';
import { showErrorToast, showInfoToast, showSuccessToast, withDetail } from '../../components/toasts';
import { formatHours } from '../../format/format-duration';

/* The toasts of My Files, worded as docs/product/SPEC.md §5 and §8 write them. */

export const filesToasts = {
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
  shareLinkCreated: (copied: boolean) =>
    showSuccessToast('Link Created', copied ? 'Share link copied to clipboard.' : 'Copy it from the list of links below.'),
  shareLinkCopied: () => showSuccessToast('Link Copied', 'Share link copied to clipboard.'),
  shareLinkRevoked: () => showSuccessToast('Link Revoked', 'The link no longer opens the file.'),
  revokeFailed: () => showErrorToast('Failed to revoke the link'),
  /** A file My Files showed as compressing could not be compressed; the server removed it and says why. */
  compressionFailed: (fileName: string, detail: string | null) =>
    showErrorToast(withDetail(`"${fileName}" could not be compressed and was removed`, detail), 'Compression Failed'),
  downloadFailed: () => showErrorToast('Unable to download the compressed file', 'Download Failed'),
};
