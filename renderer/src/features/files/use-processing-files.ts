import type { FileRecord } from '@shrinkly/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { followLibraryJob } from '../../transfer/follow-job';
import { useRefreshFiles } from './api';
import { filesToasts } from './files-toasts';
import { isReportedByUpload } from './upload-reports';

/**
 * My Files with live progress: each file still processing has its job followed (that job only, never the whole
 * list), its progress is shown as it moves, and the dashboard is read again once the job ends, when the file is
 * ready or, if its compression failed, gone (the reason is toasted unless an upload dialog already reports it).
 */
export function useProcessingFiles(files: readonly FileRecord[] | undefined): FileRecord[] | undefined {
  const [progress, setProgress] = useState<ReadonlyMap<string, number>>(() => new Map());
  const followed = useRef(new Map<string, AbortController>());
  const refresh = useRefreshFiles();

  useEffect(() => {
    const processing = new Map(
      (files ?? []).flatMap((file) => (file.status === 'processing' && file.jobId ? [[file.jobId, file] as const] : [])),
    );
    for (const [jobId, controller] of followed.current) {
      if (processing.has(jobId)) continue;
      controller.abort();
      followed.current.delete(jobId);
    }
    for (const [jobId, file] of processing) {
      if (followed.current.has(jobId)) continue;
      const controller = new AbortController();
      followed.current.set(jobId, controller);
      followLibraryJob(jobId, {
        signal: controller.signal,
        onProgress: (job) => setProgress((current) => new Map(current).set(jobId, job.progress)),
      })
        .then((job) => {
          if (job.status === 'failed' && !isReportedByUpload(jobId)) filesToasts.compressionFailed(file.name, job.error);
          return refresh();
        })
        // Left, or the job could not be read: the file keeps its last known state until the list is read again.
        .catch(() => {
          if (followed.current.get(jobId) === controller) followed.current.delete(jobId);
        });
    }
  }, [files, refresh]);

  useEffect(() => {
    const current = followed.current;
    return () => {
      for (const controller of current.values()) controller.abort();
      current.clear();
    };
  }, []);

  return useMemo(
    () =>
      files?.map((file) => {
        const live = file.jobId === null ? undefined : progress.get(file.jobId);
        return file.status === 'processing' && live !== undefined ? { ...file, progress: live } : file;
      }),
    [files, progress],
  );
}
