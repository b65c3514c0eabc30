import { VisuallyHidden } from '@mantine/core';
import type { LocalJob } from '@shrinkly/contract';
import { useEffect, useRef, useState } from 'react';
import { finishedAnnouncement, newlyFinished } from '../local-job-view';

/** A polite live region that reads out each job as it finishes (screen readers do not watch progress bars). */
export function FinishedJobsAnnouncer({ jobs }: { jobs: readonly LocalJob[] | undefined }) {
  const previous = useRef<readonly LocalJob[] | undefined>(undefined);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!jobs) return;
    // The first list is what was there already, not news.
    if (previous.current) {
      const finished = newlyFinished(previous.current, jobs);
      if (finished.length > 0) setMessage(finished.map(finishedAnnouncement).join('. '));
    }
    previous.current = jobs;
  }, [jobs]);

  return (
    <VisuallyHidden role="status" aria-live="polite" data-testid="finished-jobs-announcement">
      {message}
    </VisuallyHidden>
  );
}
