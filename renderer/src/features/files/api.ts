import type { CreateShareLinkRequest, FileRecord, Folder, ShareLink } from '@shrinkly/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { currentUserQueryKey } from '../account/api';

/** Every query over the stored files lives under one prefix, so one invalidation refreshes them all. */
export const filesQueryKeys = {
  all: ['files'] as const,
  files: ['files', 'list'] as const,
  folders: ['files', 'folders'] as const,
  stats: ['files', 'stats'] as const,
  shareLinks: (fileId: string) => ['files', 'share-links', fileId] as const,
};

/** All the user's files, newest first (every folder included). */
export function useFiles() {
  return useQuery({ queryKey: filesQueryKeys.files, queryFn: () => api.listFiles() });
}

/** All the user's folders. */
export function useFolders() {
  return useQuery({ queryKey: filesQueryKeys.folders, queryFn: () => api.listFolders() });
}

/** Storage used and saved, from the stored files. */
export function useStats() {
  return useQuery({ queryKey: filesQueryKeys.stats, queryFn: () => api.stats() });
}

/**
 * After any change to the stored files: files, folders, stats and the user (whose storageUsed moved) are read again.
 * The query client never refetches by itself, so every mutation calls this.
 */
export function useRefreshFiles() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filesQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]).then(() => undefined),
    [queryClient],
  );
}

/** A mutation that refreshes the files once it succeeds. */
function useFilesMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const refresh = useRefreshFiles();
  return useMutation({ mutationFn, onSuccess: () => void refresh() });
}

export function useCreateFolder() {
  return useFilesMutation((name: string) => api.createFolder({ name, parentId: null }));
}

export function useDeleteFolder() {
  return useFilesMutation((folder: Folder) => api.deleteFolder({ id: folder.id }));
}

export function useRenameFile() {
  return useFilesMutation(({ file, name }: { file: FileRecord; name: string }) => api.renameFile({ id: file.id, name }));
}

/** Moves a file into a folder, or to the root with `folderId: null`. */
export function useMoveFile() {
  return useFilesMutation(({ file, folderId }: { file: FileRecord; folderId: string | null }) =>
    api.moveFile({ id: file.id, folderId }),
  );
}

export function useDeleteFile() {
  return useFilesMutation((file: FileRecord) => api.deleteFile({ id: file.id }));
}

/** A 24-hour share link (the caller refreshes the files, whose share counts it changes). */
export function shareFile(file: FileRecord) {
  return api.shareFile({ id: file.id });
}

/** A file's share links, newest first, with their state and downloads. */
export function useShareLinks(file: FileRecord) {
  return useQuery({ queryKey: filesQueryKeys.shareLinks(file.id), queryFn: () => api.listShareLinks({ id: file.id }) });
}

/** A share link with the owner's choices; the file's count of links and downloads changes with it. */
export function useCreateShareLink() {
  return useFilesMutation(({ file, choices }: { file: FileRecord; choices: CreateShareLinkRequest }) =>
    api.createShareLink({ id: file.id, ...choices }),
  );
}

export function useRevokeShareLink() {
  return useFilesMutation((link: ShareLink) => api.revokeShareLink({ id: link.id }));
}

/** A signed link that opens the file in a tab (`inline`) or downloads it (`attachment`), no bearer token needed. */
export function fileLink(file: FileRecord, disposition: 'inline' | 'attachment') {
  return api.fileDownloadLink({ id: file.id, disposition });
}

/** The before/after renditions made when the file was compressed (404 when it has none). */
export function fileComparison(file: FileRecord) {
  return api.fileComparison({ id: file.id });
}
