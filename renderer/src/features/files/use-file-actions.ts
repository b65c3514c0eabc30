import type { FileRecord, Folder } from '@shrinkly/contract';
import { useCallback } from 'react';
import { platform } from '../../platform';
import { fileLink, shareFile, useMoveFile, useRefreshFiles } from './api';
import { opensInBrowser } from './file-browser';
import { filesToasts } from './files-toasts';

/** The file menu's actions that need no dialog: Preview and Download, Share, and the two moves. */
export function useFileActions() {
  const moveFile = useMoveFile();
  const refresh = useRefreshFiles();

  /** Images, PDF, video and audio open in a new tab; other files download. */
  const preview = useCallback(async (file: FileRecord) => {
    const inline = opensInBrowser(file);
    try {
      const { url } = await fileLink(file, inline ? 'inline' : 'attachment');
      if (inline) platform.openInNewTab(url);
      else platform.download(url);
    } catch {
      filesToasts.downloadFailed();
    }
  }, []);

  const share = useCallback(
    async (file: FileRecord) => {
      let shareUrl: string;
      try {
        ({ shareUrl } = await shareFile(file));
      } catch {
        filesToasts.shareFailed();
        return;
      }
      void refresh();
      // An absolute link, whatever the server sent, so it works when pasted anywhere.
      const absolute = platform.absoluteUrl(shareUrl);
      try {
        await platform.copyText(absolute);
        filesToasts.linkCopied();
      } catch {
        filesToasts.linkReady(absolute);
      }
    },
    [refresh],
  );

  /** Into `folder`, or to the root with null. */
  const moveTo = useCallback(
    (file: FileRecord, folder: Folder | null) =>
      moveFile.mutate(
        { file, folderId: folder?.id ?? null },
        {
          onSuccess: () => filesToasts.fileMoved(file.name, folder ? `"${folder.name}"` : 'My Files'),
          onError: () => filesToasts.moveFailed(),
        },
      ),
    [moveFile],
  );

  return { preview, share, moveTo };
}

export type FileActions = ReturnType<typeof useFileActions>;
