import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DESKTOP_BRIDGE_GLOBAL, type DesktopEvent, type DesktopEventPayload } from '@shrinkly/contract';
import type { Locator, Page } from 'playwright-core';
import { WorkerCompressor } from '../../desktop/src/core/compression/worker-compressor.js';
import { createDesktopCore, type DesktopCore, refusalOf } from '../../desktop/src/core/desktop-core.js';
import type { KeyValueStore, NativeDialogs } from '../../desktop/src/core/ports.js';
import { MemoryCipher, RecordingShell } from '../../desktop/test/support/ports.js';

/** The page-side names the bridge talks through (a binding for calls, a function for events, a map for drops). */
const INVOKE_BINDING = '__shrinklyDesktopInvoke';
const EVENT_SINK = '__shrinklyDesktopEvent';
const DROP_PATHS = '__shrinklyDesktopDropPaths';

/** A JSON document on disk, written on every change (electron-store does the same). */
function fileStore(file: string): KeyValueStore {
  const read = (): Record<string, unknown> => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const write = (data: Record<string, unknown>) => writeFileSync(file, JSON.stringify(data, null, 2));
  return {
    get: (key) => read()[key],
    set: (key, value) => write({ ...read(), [key]: value }),
    delete: (key) => {
      const { [key]: _removed, ...rest } = read();
      write(rest);
    },
  };
}

/** The engine runs in the desktop's compression worker, loaded from its build (as in the app). */
const BUILT_WORKER = new URL('../../desktop/dist/core/compression/compress-worker.js', import.meta.url);

export interface DesktopHarness {
  core: DesktopCore;
  /** What the app asked of the system's shell (file manager, browser, launch at login), in order. */
  shell: RecordingShell;
  /** Every event the core sent, in order. */
  events: { event: DesktopEvent; payload: unknown }[];
  /** The next "Choose files" dialog returns these paths (an unscripted dialog is cancelled: no paths). */
  nextChosenFiles(paths: string[]): void;
  /** The next "Choose folder" dialog returns this folder (an unscripted one is cancelled: null). */
  nextChosenFolder(folder: string): void;
  /** Puts the bridge into `page` (before it navigates) and forwards the core's events to it. */
  attach(page: Page): Promise<void>;
  /**
   * Drops files from disk onto `target`, as a drag from the file manager does: the bridge knows their paths, and the
   * core takes them as chosen by the user (the preload's report of a real drop).
   */
  dropFiles(page: Page, target: Locator, paths: string[]): Promise<void>;
  /** Files opened with the app: taken as chosen by the user, then announced with files:opened (as the shell does). */
  openFiles(paths: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The preload's bridge, page side: calls go to the Node binding, events arrive through the sink. */
function installBridge(names: { global: string; invoke: string; sink: string; drops: string }): void {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const dropPaths = new Map<string, string>();
  const w = window as unknown as Record<string, unknown>;
  w[names.drops] = dropPaths;
  w[names.sink] = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  w[names.global] = Object.freeze({
    platform: 'linux',
    appVersion: '0.0.0-e2e',
    invoke: (channel: string, request: unknown) =>
      (w[names.invoke] as (c: string, r: unknown) => Promise<unknown>)(channel, request),
    on(event: string, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => void set.delete(listener);
    },
    pathForFile: (file: File) => dropPaths.get(file.name) ?? '',
  });
}

/**
 * The desktop app's main process without Electron: the real core and engine, settings in a temp folder, scripted
 * dialogs and a recording shell, bridged into Playwright pages as the preload bridges it into the window.
 */
export async function createDesktopHarness(options: { defaultServerUrl?: string } = {}): Promise<DesktopHarness> {
  if (!existsSync(BUILT_WORKER)) throw new Error('The desktop tests need the desktop build: run `npx tsc -b desktop` first.');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shrinkly-desktop-e2e-'));
  const chosenFiles: string[][] = [];
  const chosenFolders: string[] = [];
  const shell = new RecordingShell();
  const events: DesktopHarness['events'] = [];
  const pages = new Set<Page>();
  // One delivery chain per page keeps events in the order the core sent them.
  const deliveries = new Map<Page, Promise<void>>();

  const deliver = (page: Page, event: DesktopEvent, payload: unknown) => {
    const previous = deliveries.get(page) ?? Promise.resolve();
    const next = previous
      .then(() =>
        page.evaluate(([sink, e, p]) => (window as unknown as Record<string, (e: string, p: unknown) => void>)[sink]?.(e, p), [
          EVENT_SINK,
          event,
          payload,
        ] as const),
      )
      .catch(() => undefined); // a closed or navigating page misses the event, as a closed window would
    deliveries.set(page, next);
    return next;
  };
  const emit = <E extends DesktopEvent>(event: E, payload: DesktopEventPayload<E>) => {
    events.push({ event, payload });
    for (const page of pages) void deliver(page, event, payload);
  };

  const dialogs: NativeDialogs = {
    chooseFiles: async () => chosenFiles.shift() ?? [],
    chooseFolder: async () => chosenFolders.shift() ?? null,
  };
  const core = createDesktopCore({
    store: fileStore(path.join(dataDir, 'config.json')),
    secrets: new MemoryCipher(),
    dialogs,
    shell,
    emit,
    compressor: new WorkerCompressor(BUILT_WORKER),
    tmpDir: dataDir,
    ...(options.defaultServerUrl ? { defaultServerUrl: options.defaultServerUrl } : {}),
  });
  await core.start();

  return {
    core,
    shell,
    events,
    nextChosenFiles: (paths) => void chosenFiles.push(paths),
    nextChosenFolder: (folder) => void chosenFolders.push(folder),
    async attach(page) {
      // As the main process's ipc handler does: a refusal goes back as { error, status }, anything else fails the call.
      await page.exposeBinding(INVOKE_BINDING, async (_source, channel: string, request: unknown) => {
        try {
          return await core.handle(channel, request);
        } catch (error) {
          const refusal = refusalOf(error);
          if (refusal) return refusal;
          throw error;
        }
      });
      await page.addInitScript(installBridge, {
        global: DESKTOP_BRIDGE_GLOBAL,
        invoke: INVOKE_BINDING,
        sink: EVENT_SINK,
        drops: DROP_PATHS,
      });
      pages.add(page);
      page.once('close', () => pages.delete(page));
    },
    async dropFiles(page, target, paths) {
      core.userChose(paths);
      const names = paths.map((file) => path.basename(file));
      await page.evaluate(
        ([drops, entries]) => {
          const map = (window as unknown as Record<string, Map<string, string>>)[drops];
          for (const [name, file] of entries) map?.set(name, file);
        },
        [DROP_PATHS, names.map((name, i) => [name, paths[i]!] as const)] as const,
      );
      const dataTransfer = await page.evaluateHandle((fileNames) => {
        const transfer = new DataTransfer();
        for (const name of fileNames) transfer.items.add(new File(['dropped from the file manager'], name));
        return transfer;
      }, names);
      for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
    },
    async openFiles(paths) {
      core.userChose(paths);
      emit('files:opened', { paths });
      await Promise.all([...pages].map((page) => deliveries.get(page)));
    },
    async close() {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
