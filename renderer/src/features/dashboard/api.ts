import {
  ApiError,
  type Batch,
  type CompressionLevel,
  endpoints,
  ErrorMessages,
  type FileRecord,
  type FileUploadResponse,
  type Folder,
  spaceSavedPercent,
} from '@shrinkly/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { currentUserQueryKey } from '../account/api';
import { followJob } from '../compression/api';
import { JobFailedError } from '../compression/upload-errors';
import { postFormWithProgress } from '../compression/upload-request';
import { directUploadTimeoutMs } from '../compression/upload-timing';

/** Every dashboard query lives under one prefix, so one invalidation refreshes them all. */
export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  files: ['dashboard', 'files'] as const,
  folders: ['dashboard', 'folders'] as const,
  stats: ['dashboard', 'stats'] as const,
};

/** All the user's files, newest first (every folder included). */
export function useFiles() {
  return useQuery({ queryKey: dashboardQueryKeys.files, queryFn: () => api.listFiles() });
}

/** All the user's folders. */
export function useFolders() {
  return useQuery({ queryKey: dashboardQueryKeys.folders, queryFn: () => api.listFolders() });
}

export function useStats() {
  return useQuery({ queryKey: dashboardQueryKeys.stats, queryFn: () => api.stats() });
}

/**
 * After any change to the stored files: files, folders, stats and the user (whose storageUsed moved) are read again.
 * The query client never refetches by itself, so every mutation calls this.
 */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]).then(() => undefined),
    [queryClient],
  );
}

/** A mutation that refreshes the dashboard once it succeeds. */
function useDashboardMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn, onSuccess: () => void refresh() });
}

export function useCreateFolder() {
  return useDashboardMutation((name: string) => api.createFolder({ name, parentId: null }));
}

export function useDeleteFolder() {
  return useDashboardMutation((folder: Folder) => api.deleteFolder({ id: folder.id }));
}

export function useRenameFile() {
  return useDashboardMutation(({ file, name }: { file: FileRecord; name: string }) => api.renameFile({ id: file.id, name }));
}

/** Moves a file into a folder, or to the root with `folderId: null`. */
export function useMoveFile() {
  return useDashboardMutation(({ file, folderId }: { file: FileRecord; folderId: string | null }) =>
    api.moveFile({ id: file.id, folderId }),
  );
}

export function useDeleteFile() {
  return useDashboardMutation((file: FileRecord) => api.deleteFile({ id: file.id }));
}

/** A 24-hour share link; shares change no list, so nothing is refreshed. */
export function shareFile(file: FileRecord) {
  return api.shareFile({ id: file.id });
}

/** A signed link that opens the file in a tab (`inline`) or downloads it (`attachment`), no bearer token needed. */
export function fileLink(file: FileRecord, disposition: 'inline' | 'attachment') {
  return api.fileDownloadLink({ id: file.id, disposition });
}

/** Starts a batch (trial and premium; 403 otherwise): its files are then uploaded with its batchId. */
export function createBatch(fileCount: number): Promise<Batch> {
  return api.createBatch({ fileCount });
}

/** Where an upload goes and how it is compressed. */
export interface UploadTarget {
  level: CompressionLevel;
  /** null: the root of My Files. */
  folderId: string | null;
  batchId?: string;
}

export interface UploadCallbacks {
  signal: AbortSignal;
  /** The share of the bytes sent, 0 to 1. */
  onUploadProgress: (fraction: number) => void;
  /** Every byte is sent; the server is compressing. */
  onUploaded: () => void;
  /** A long compression's real progress, 0-100, while its job is followed. */
  onJobProgress: (percent: number) => void;
  /** The server took the file and compresses it in the background: My Files lists it as processing from now on. */
  onAccepted?: () => void;
}

/** Jobs whose outcome an upload dialog reports itself, so My Files does not report their failure a second time. */
const jobsReportedByUploads = new Set<string>();

export function isReportedByUpload(jobId: string): boolean {
  return jobsReportedByUploads.has(jobId);
}

/** What a finished upload stored. */
export interface StoredUpload {
  originalSize: number;
  compressedSize: number;
  /** Percent of the original saved, 0-100. */
  spaceSaved: number;
}

/**
 * Uploads one file into My Files with real byte progress. A quick compression answers completed at once; a long
 * one (HTTP 202) is followed through its job until it ends. Throws ApiError for refusals (402, 403, 404, 413, 415),
 * UploadError for transport failures and JobFailedError when the compression itself fails.
 */
export async function uploadToMyFiles(file: File, target: UploadTarget, callbacks: UploadCallbacks): Promise<StoredUpload> {
  const { signal } = callbacks;
  const form = new FormData();
  // The text fields go before the file, so the server knows them before the bytes stream in.
  form.append('compressionLevel', target.level);
  if (target.folderId) form.append('folderId', target.folderId);
  if (target.batchId) form.append('batchId', target.batchId);
  form.append('file', file);
  const response = await postFormWithProgress<FileUploadResponse>(endpoints.uploadFile.path, form, {
    signal,
    timeoutMs: directUploadTimeoutMs(file.size),
    onUploadProgress: callbacks.onUploadProgress,
    onUploaded: callbacks.onUploaded,
  });
  if (response.status === 'completed') {
    const compressedSize = response.file?.compressedSize ?? response.compressedSize ?? response.originalSize;
    return {
      originalSize: response.originalSize,
      compressedSize,
      spaceSaved: response.file?.spaceSaved ?? spaceSavedPercent(response.originalSize, compressedSize),
    };
  }
  if (response.status === 'payment_required') throw new ApiError(402, ErrorMessages.premiumRequired);
  if (response.status === 'failed') throw new JobFailedError('Compression failed');
  callbacks.onUploaded();
  jobsReportedByUploads.add(response.jobId);
  callbacks.onAccepted?.();
  const job = await followJob(response.jobId, { signal, onProgress: (current) => callbacks.onJobProgress(current.progress) });
  if (job.status === 'completed') {
    const compressedSize = job.compressedSize ?? job.originalSize;
    return { originalSize: job.originalSize, compressedSize, spaceSaved: spaceSavedPercent(job.originalSize, compressedSize) };
  }
  if (job.status === 'payment_required') throw new ApiError(402, ErrorMessages.premiumRequired);
  throw new JobFailedError(job.error ?? 'Compression failed');
}
