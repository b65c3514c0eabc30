import type { LocalJob } from '@shrinkly/contract';

/** A local job as the desktop app lists it: a 2MB photo waiting its turn, with `over` changed. */
export function localJob(over: Partial<LocalJob> = {}): LocalJob {
  return {
    id: 'job-000001',
    name: 'photo.jpg',
    sourcePath: '/home/me/photo.jpg',
    level: 'balanced',
    status: 'queued',
    progress: 0,
    originalSize: 2 * 1024 * 1024,
    compressedSize: null,
    qualityScore: null,
    qualityLabel: null,
    outputPath: null,
    unchanged: false,
    message: null,
    sync: 'off',
    ...over,
  };
}
