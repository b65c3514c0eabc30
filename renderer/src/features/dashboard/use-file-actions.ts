import type { FileRecord, Folder } from '@shrinkly/contract';
import { useCallback } from 'react';
import { fileLink, shareFile, useMoveFile } from './api';
import { dashboardToasts } from './dashboard-toasts';
import { opensInBrowser } from './file-browser';

/** Starts a download of a signed link through a hidden `<a download>`, as a click on a plain link would. */
function downloadFromLink(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The file menu's actions that need no dialog: Preview and Download, Share, and the two moves. */
export function useFileActions() {
  const moveFile = useMoveFile();

  /** Images, PDF, video and audio open in a new tab; other files download. */
  const preview = useCallback(async (file: FileRecord) => {
    const inline = opensInBrowser(file);
    try {
      const { url } = await fileLink(file, inline ? 'inline' : 'attachment');
      if (inline) window.open(url, '_blank', 'noopener');
      else downloadFromLink(url);
    } catch {
      dashboardToasts.downloadFailed();
    }
  }, []);

  const share = useCallback(async (file: FileRecord) => {
    let shareUrl: string;
    try {
      ({ shareUrl } = await shareFile(file));
    } catch {
      dashboardToasts.shareFailed();
      return;
    }
    // An absolute link, whatever the server sent, so it works when pasted anywhere.
    const absolute = new URL(shareUrl, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(absolute);
      dashboardToasts.linkCopied();
    } catch {
      dashboardToasts.linkReady(absolute);
    }
  }, []);

  /** Into `folder`, or to the root with null. */
  const moveTo = useCallback(
    (file: FileRecord, folder: Folder | null) =>
      moveFile.mutate(
        { file, folderId: folder?.id ?? null },
        {
          onSuccess: () => dashboardToasts.fileMoved(file.name, folder ? `"${folder.name}"` : 'My Files'),
          onError: () => dashboardToasts.moveFailed(),
        },
      ),
    [moveFile],
  );

  return { preview, share, moveTo };
}

export type FileActions = ReturnType<typeof useFileActions>;
