import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { showErrorToast } from '../../components/toasts';
import { onDesktopEvent } from '../../platform/desktop';
import { desktopKeys, useStartCompression } from './api';
import { pickedLevelAtom } from './atoms';
import { LOCAL_COMPRESSION_PATH } from './desktop-paths';

/**
 * Keeps the cache in step with the main process's events, and queues files dropped anywhere on the window (or opened
 * with the app) at the picked level, showing the queue. Mounted once, inside the app's layout.
 */
export function useDesktopEvents(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const start = useStartCompression();
  const level = useAtomValue(pickedLevelAtom);
  // The subscriptions stay for the window's life; the latest level and callbacks are read through a ref.
  const latest = useRef({ level, start: start.mutate, navigate });
  latest.current = { level, start: start.mutate, navigate };

  useEffect(() => {
    const unsubscribe = [
      onDesktopEvent('jobs:changed', ({ jobs }) => queryClient.setQueryData(desktopKeys.jobs, jobs)),
      onDesktopEvent('sync:changed', (status) => queryClient.setQueryData(desktopKeys.sync, status)),
      onDesktopEvent('account:changed', (account) => queryClient.setQueryData(desktopKeys.account, account)),
      onDesktopEvent('files:opened', ({ paths }) => {
        if (paths.length === 0) return;
        const { level: picked, start: startJobs, navigate: go } = latest.current;
        startJobs(
          { paths, level: picked ?? undefined },
          { onError: (error) => showErrorToast(error.message, 'Could not add the files') },
        );
        void go(LOCAL_COMPRESSION_PATH);
      }),
    ];
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, [queryClient]);
}
