import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import type { DesktopError } from '../../../platform/desktop';
import { DesktopLoading } from './desktop-loading';

interface DesktopAnswerProps<T> {
  query: UseQueryResult<T, DesktopError>;
  /** The loader's accessible name: "Loading the settings". */
  loadingLabel: string;
  /** What could not be loaded: "The settings could not be loaded". */
  failedTitle: string;
  children: (data: T) => ReactNode;
}

/**
 * A screen's part built on one of the desktop app's answers: a loader, then the answer, or why it failed and Try
 * again — one at a time. Unlike the site's QueryView, a failed refresh replaces the answer: the shell's answers are
 * about this computer (folders, settings), and a stale one shown beside the failure would read as current.
 */
export function DesktopAnswer<T>({ query, loadingLabel, failedTitle, children }: DesktopAnswerProps<T>) {
  if (query.isPending) return <DesktopLoading label={loadingLabel} />;
  if (query.isError) {
    return <LoadFailedAlert title={failedTitle} detail={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
