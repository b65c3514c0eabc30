import { tmpdir } from 'node:os';
import { type DesktopEvent, type DesktopEventPayload, desktopEvents, ErrorMessages } from '@shrinkly/contract';
import { AccountService } from './account/account-service.js';
import { TokenVault } from './account/token-vault.js';
import type { LocalCompressor } from './compression/local-compressor.js';
import { LocalJobs } from './compression/local-jobs.js';
import { WorkerCompressor } from './compression/worker-compressor.js';
import { UserChoices } from './consent/user-choices.js';
import { createIpcRouter, DesktopRequestError, refusalOf } from './ipc-router.js';
import type { EventSink, KeyValueStore, NativeDialogs, NativeShell, SecretCipher } from './ports.js';
import { SettingsStore } from './settings/settings-store.js';
import { SyncQueue } from './sync/sync-queue.js';
import { DEFAULT_RETRY, SyncService } from './sync/sync-service.js';
import { opensInBrowser } from './window-policy.js';

export { DesktopRequestError, refusalOf };

export interface DesktopCoreDeps {
  store: KeyValueStore;
  secrets: SecretCipher;
  dialogs: NativeDialogs;
  shell: NativeShell;
  emit: EventSink;
  /** Default: the worker-thread compressor running the engine. */
  compressor?: LocalCompressor;
  fetch?: typeof fetch;
  now?: () => Date;
  retry?: { baseMs: number; maxMs: number };
  /** The server used until the user sets another (SHRINKLY_SERVER_URL in the app; default the hosted site). */
  defaultServerUrl?: string;
  /** Sync uploads bigger than this go in chunks (default: DIRECT_UPLOAD_MAX_BYTES). */
  uploadChunkThresholdBytes?: number;
  /** Where jobs' private work folders are made (default: the OS temp folder). */
  tmpDir?: string;
}

export interface DesktopCore {
  /** Answers one bridge request: 404 unknown channel, 400 invalid request, else the channel's answer. */
  handle(channel: string, request: unknown): Promise<unknown>;
  /**
   * Files the user gave the app outside the bridge: dropped on the window (as the preload saw the drop) or opened
   * with the app. With those chosen in the open dialog, they are the only paths `compress:start` accepts.
   */
  userChose(paths: readonly string[]): void;
  /** Resumes the persisted sync queue and refreshes the account. */
  start(): Promise<void>;
  /** Cancels running jobs, stops the sync queue and the compression worker. */
  close(): Promise<void>;
}

/** The desktop app's main process, minus Electron: settings, local compression, account and sync behind the bridge. */
export function createDesktopCore(deps: DesktopCoreDeps): DesktopCore {
  const emit = <E extends DesktopEvent>(event: E, payload: DesktopEventPayload<E>) =>
    deps.emit(event, desktopEvents[event].parse(payload) as DesktopEventPayload<E>);
  const settings = new SettingsStore(deps.store, deps.defaultServerUrl ? { serverUrl: deps.defaultServerUrl } : {});
  const compressor = deps.compressor ?? new WorkerCompressor();
  const account = new AccountService({
    store: deps.store,
    vault: new TokenVault(deps.store, deps.secrets),
    settings,
    fetch: deps.fetch ?? ((...args) => fetch(...args)),
    changed: (next) => {
      emit('account:changed', next);
      sync.accountChanged(next);
    },
  });
  const sync: SyncService = new SyncService({
    queue: new SyncQueue(deps.store),
    account,
    settings,
    now: deps.now ?? (() => new Date()),
    retry: deps.retry ?? DEFAULT_RETRY,
    chunkThresholdBytes: deps.uploadChunkThresholdBytes,
    changed: (status) => emit('sync:changed', status),
    jobsChanged: () => jobs.notify(),
  });
  const jobs: LocalJobs = new LocalJobs({
    compressor,
    settings: () => settings.get(),
    changed: (list) => emit('jobs:changed', { jobs: list }),
    finished: (job) => {
      if (settings.get().syncEnabled) void sync.enqueue([job]);
    },
    syncStateOf: (id) => sync.stateOf(id),
    tmpRoot: deps.tmpDir ?? tmpdir(),
  });
  settings.onChange((next, previous) => {
    if (next.launchAtLogin !== previous.launchAtLogin) deps.shell.setLaunchAtLogin(next.launchAtLogin);
    if (next.syncEnabled !== previous.syncEnabled) emit('sync:changed', sync.status());
  });

  const choices = new UserChoices();
  const jobOrRefuse = (id: string) => {
    const job = jobs.get(id);
    if (!job) throw new DesktopRequestError('No such job', 404);
    return job;
  };

  const handle = createIpcRouter({
    'settings:get': () => settings.get(),
    'settings:update': (patch) => {
      choices.requireOutputFolder(patch.outputFolder, settings.get().outputFolder);
      return settings.update(patch);
    },
    'dialog:choose-files': async () => {
      const paths = await deps.dialogs.chooseFiles();
      choices.chose(paths);
      return { paths };
    },
    'dialog:choose-folder': async () => {
      const folder = await deps.dialogs.chooseFolder();
      choices.pickedFolder(folder);
      return { path: folder };
    },
    'compress:start': async ({ paths, level, ...options }) => {
      choices.requireChosen(paths);
      return { jobs: await jobs.start(paths, level ?? settings.get().defaultLevel, options) };
    },
    'compress:cancel': ({ id }) => {
      jobOrRefuse(id);
      jobs.cancel(id);
      return { ok: true as const };
    },
    'compress:list': () => ({ jobs: jobs.list() }),
    'compress:clear-finished': () => ({ jobs: jobs.clearFinished() }),
    'compress:comparison': ({ id }) => {
      jobOrRefuse(id);
      const comparison = jobs.comparison(id);
      if (!comparison) throw new DesktopRequestError(ErrorMessages.noComparison, 404);
      return comparison;
    },
    'compress:show-in-folder': ({ id }) => {
      const job = jobOrRefuse(id);
      const shown = job.outputPath ?? (job.status === 'done' ? job.sourcePath : null);
      if (!shown) throw new DesktopRequestError('This job has no file to show yet', 409);
      deps.shell.showItemInFolder(shown);
      return { ok: true as const };
    },
    'account:get': () => account.refresh(),
    'account:sign-in': ({ email, password }) => account.signIn(email, password),
    'account:sign-out': () => account.signOut(),
    'sync:status': () => sync.status(),
    'sync:send': ({ ids }) => sync.enqueue(ids.map(jobOrRefuse)),
    'sync:retry': () => sync.retry(),
    'sync:folders': async () => ({ folders: await account.folders() }),
    'shell:open-server-page': async ({ path }) => {
      const page = new URL(path, `${settings.get().serverUrl}/`).toString();
      if (!opensInBrowser(page))
        throw new DesktopRequestError(
          'Only https:// pages open in the browser: set a server address starting with https://',
          403,
        );
      await deps.shell.openExternal(page);
      return { ok: true as const };
    },
  });

  return {
    handle,
    userChose: (paths) => choices.chose(paths),
    async start() {
      sync.start();
      await account.refresh().catch(() => undefined);
    },
    async close() {
      await jobs.close();
      await sync.close();
      await compressor.close();
    },
  };
}
