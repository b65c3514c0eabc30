import type { DesktopAccount, DesktopRequest, DesktopSettingsPatch, LocalJob, SyncStatus } from '@shrinkly/contract';
import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type DesktopError, desktopInvoke } from '../../platform/desktop';

/** The main process owns all of this; the query cache mirrors it, kept current by its events (use-desktop-events). */
export const desktopKeys = {
  jobs: ['desktop', 'jobs'] as const,
  settings: ['desktop', 'settings'] as const,
  account: ['desktop', 'account'] as const,
  sync: ['desktop', 'sync'] as const,
  folders: (serverUrl: string, userId: string) => ['desktop', 'folders', serverUrl, userId] as const,
};

// Every call below goes through desktopInvoke, which fails only with a DesktopError: screens read its message as is.
function useDesktopQuery<T>(options: UseQueryOptions<T, DesktopError, T, QueryKey>) {
  return useQuery(options);
}

function useDesktopMutation<Result, Input = void>(options: UseMutationOptions<Result, DesktopError, Input>) {
  return useMutation(options);
}

export function useLocalJobs() {
  return useDesktopQuery({
    queryKey: desktopKeys.jobs,
    queryFn: async () => (await desktopInvoke('compress:list', undefined)).jobs,
  });
}

export function useDesktopSettings() {
  return useDesktopQuery({ queryKey: desktopKeys.settings, queryFn: () => desktopInvoke('settings:get', undefined) });
}

export function useDesktopAccount() {
  return useDesktopQuery({ queryKey: desktopKeys.account, queryFn: () => desktopInvoke('account:get', undefined) });
}

export function useSyncStatus() {
  return useDesktopQuery({ queryKey: desktopKeys.sync, queryFn: () => desktopInvoke('sync:status', undefined) });
}

/** The signed-in user's My Files folders; asked only while someone is signed in. */
export function useSyncFolders(account: DesktopAccount | undefined) {
  const user = account?.user ?? null;
  return useDesktopQuery({
    queryKey: desktopKeys.folders(account?.serverUrl ?? '', user?.id ?? ''),
    enabled: user !== null,
    queryFn: async () => (await desktopInvoke('sync:folders', undefined)).folders,
  });
}

/** Queues files for compression on this machine; without a level, the settings' default applies. */
export function useStartCompression() {
  const queryClient = useQueryClient();
  return useDesktopMutation({
    mutationFn: (input: DesktopRequest<'compress:start'>) => desktopInvoke('compress:start', input),
    onSuccess: ({ jobs }) => {
      // Shown at once, even before the first progress event.
      queryClient.setQueryData<LocalJob[]>(desktopKeys.jobs, (current = []) => {
        const known = new Set(current.map((job) => job.id));
        return [...current, ...jobs.filter((job) => !known.has(job.id))];
      });
    },
  });
}

export function useCancelJob() {
  return useDesktopMutation({ mutationFn: (id: string) => desktopInvoke('compress:cancel', { id }) });
}

/** A finished job's before/after renditions, from the engine on this machine. */
export function localComparison(id: string) {
  return desktopInvoke('compress:comparison', { id });
}

export function useShowInFolder() {
  return useDesktopMutation({ mutationFn: (id: string) => desktopInvoke('compress:show-in-folder', { id }) });
}

export function useClearFinished() {
  const queryClient = useQueryClient();
  return useDesktopMutation({
    mutationFn: () => desktopInvoke('compress:clear-finished', undefined),
    onSuccess: ({ jobs }) => queryClient.setQueryData(desktopKeys.jobs, jobs),
  });
}

function useSyncStatusMutation<Input>(call: (input: Input) => Promise<SyncStatus>) {
  const queryClient = useQueryClient();
  return useDesktopMutation({ mutationFn: call, onSuccess: (status) => queryClient.setQueryData(desktopKeys.sync, status) });
}

/** Sends finished results to My Files. */
export function useSendToMyFiles() {
  return useSyncStatusMutation((ids: string[]) => desktopInvoke('sync:send', { ids }));
}

export function useRetrySync() {
  return useSyncStatusMutation((_: undefined) => desktopInvoke('sync:retry', undefined));
}

function useAccountMutation<Input>(call: (input: Input) => Promise<DesktopAccount>) {
  const queryClient = useQueryClient();
  return useDesktopMutation({
    mutationFn: call,
    onSuccess: (account) => {
      queryClient.setQueryData(desktopKeys.account, account);
      // Signing in or out changes what sync can do.
      void queryClient.invalidateQueries({ queryKey: desktopKeys.sync });
    },
  });
}

export function useDesktopSignIn() {
  return useAccountMutation((credentials: { email: string; password: string }) => desktopInvoke('account:sign-in', credentials));
}

export function useDesktopSignOut() {
  return useAccountMutation(() => desktopInvoke('account:sign-out', undefined));
}

export function useUpdateDesktopSettings() {
  const queryClient = useQueryClient();
  return useDesktopMutation({
    mutationFn: (patch: DesktopSettingsPatch) => desktopInvoke('settings:update', patch),
    onSuccess: (settings) => {
      queryClient.setQueryData(desktopKeys.settings, settings);
      // Another server or sync switched: who is signed in and what waits may have changed.
      void queryClient.invalidateQueries({ queryKey: desktopKeys.account });
      void queryClient.invalidateQueries({ queryKey: desktopKeys.sync });
    },
  });
}

export function useChooseFiles() {
  return useDesktopMutation({ mutationFn: async () => (await desktopInvoke('dialog:choose-files', undefined)).paths });
}

export function useChooseFolder() {
  return useDesktopMutation({ mutationFn: async () => (await desktopInvoke('dialog:choose-folder', undefined)).path });
}

export function useOpenServerPage() {
  return useDesktopMutation({ mutationFn: (path: string) => desktopInvoke('shell:open-server-page', { path }) });
}
