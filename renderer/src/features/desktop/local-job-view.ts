import { type LocalJob, type SyncState, sizeSaving } from '@shrinkly/contract';
import { formatFileSize } from '../../format/format-file-size';
import { formatPercent } from '../../format/format-percent';

/** Still waiting or working: may be cancelled. */
export function isActive(job: LocalJob): boolean {
  return job.status === 'queued' || job.status === 'running';
}

export function isFinished(job: LocalJob): boolean {
  return !isActive(job);
}

/** A finished result that is not (or no longer) on its way to My Files. */
export function maySend(job: LocalJob): boolean {
  return (
    job.status === 'done' &&
    (job.sync === 'off' || job.sync === 'failed' || job.sync === 'needs-sign-in' || job.sync === 'needs-plan')
  );
}

/** "2.4MB → 812KB, 66.9% smaller", or why there is no smaller copy. */
export function sizeSummary(job: LocalJob): string {
  const before = formatFileSize(job.originalSize);
  if (job.status !== 'done') return before;
  if (job.unchanged || job.compressedSize === null) return `${before}, already as small as it gets: the original was kept`;
  const saving = sizeSaving(job.originalSize, job.compressedSize);
  return `${before} → ${formatFileSize(saving.compressedSize)}, ${formatPercent(saving.spaceSaved)} smaller`;
}

export const STATUS_LABELS: Record<LocalJob['status'], string> = {
  queued: 'Waiting',
  running: 'Compressing',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Where a result stands with My Files, in words; null when it was never sent. */
export const SYNC_LABELS: Record<SyncState, string | null> = {
  off: null,
  queued: 'Waiting to send to My Files',
  uploading: 'Sending to My Files…',
  synced: 'In My Files',
  failed: 'Sending failed: it is retried automatically, or use Retry on the Sync page',
  'needs-sign-in': 'Sign in on the Sync page to send it to My Files',
  'needs-plan': 'My Files needs a trial or Premium plan (see the Sync page)',
};

/** What a failed job's user should do next, after the app's own reason. */
export function failureAdvice(job: LocalJob): string {
  const reason = job.message ?? 'The file could not be compressed.';
  return `${reason} Check that it opens on this computer and is not in use, then add it again.`;
}

/** The live region's sentence when a job finishes. */
export function finishedAnnouncement(job: LocalJob): string {
  switch (job.status) {
    case 'done':
      return `${job.name} compressed: ${sizeSummary(job)}`;
    case 'failed':
      return `${job.name} failed: ${job.message ?? 'it could not be compressed'}`;
    case 'cancelled':
      return `${job.name} cancelled`;
    default:
      return '';
  }
}

/** Jobs that finished between two lists (active before, or not there yet), in list order. */
export function newlyFinished(previous: readonly LocalJob[], next: readonly LocalJob[]): LocalJob[] {
  const before = new Map(previous.map((job) => [job.id, job]));
  return next.filter((job) => {
    const earlier = before.get(job.id);
    return isFinished(job) && (earlier === undefined || isActive(earlier));
  });
}

/** Files dropped without a place on this computer (dragged from a web page or an archive viewer). */
export function unreadableDropMessage(names: readonly string[]): string {
  return `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not saved on this computer. Save ${names.length === 1 ? 'it' : 'them'} to a folder first, then drop or choose ${names.length === 1 ? 'it' : 'them'} here.`;
}
