import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from './load-failed-alert';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** Shown while the query has no answer yet: a loader with an accessible name. */
  loader: ReactNode;
  /** What could not be loaded: "Your API keys could not be loaded". */
  failedTitle: string;
  /** Why, from the error, when there is more to say than the title. */
  detailOf?: (error: Error) => string;
  /** The answer, while there is one (the last one stays beside a failed refresh). */
  children: (data: T) => ReactNode;
}

/** A query's part of a card: its loader, what failed and Try again, and the answer, each while it applies. */
export function QueryView<T>({ query, loader, failedTitle, detailOf, children }: QueryViewProps<T>) {
  return (
    <>
      {query.isPending && loader}
      {query.isError && (
        <LoadFailedAlert title={failedTitle} detail={detailOf?.(query.error)} onRetry={() => void query.refetch()} />
      )}
      {query.data !== undefined && children(query.data)}
    </>
  );
}
