import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DesktopChannel, DesktopRequest, DesktopResponse } from '@shrinkly/contract';
import { WorkerCompressor } from '../../src/core/compression/worker-compressor.js';
import { createDesktopCore, type DesktopCore, type DesktopCoreDeps, DesktopRequestError } from '../../src/core/desktop-core.js';
import { JsonStore, MemoryCipher, RecordedEvents, RecordingShell, ScriptedDialogs } from './ports.js';

/** The compression worker as built by the suite's global setup (desktop/dist, running the engine's dist). */
export const BUILT_WORKER = new URL('../../dist/core/compression/compress-worker.js', import.meta.url);

export function builtWorkerCompressor(): WorkerCompressor {
  return new WorkerCompressor(BUILT_WORKER);
}

export interface TestCore {
  core: DesktopCore;
  store: JsonStore;
  events: RecordedEvents;
  shell: RecordingShell;
  dialogs: ScriptedDialogs;
  invoke<C extends DesktopChannel>(channel: C, request?: DesktopRequest<C>): Promise<DesktopResponse<C>>;
}

/** A desktop core over in-memory ports; pass `store` again to model a restart of the app. */
export function testCore(deps: Partial<DesktopCoreDeps> & { store?: JsonStore; dialogs?: ScriptedDialogs } = {}): TestCore {
  const store = deps.store ?? new JsonStore();
  const events = new RecordedEvents();
  const shell = new RecordingShell();
  const dialogs = deps.dialogs ?? new ScriptedDialogs();
  const core = createDesktopCore({
    secrets: new MemoryCipher(),
    compressor: builtWorkerCompressor(),
    ...deps,
    store,
    dialogs,
    shell,
    emit: events.sink,
  });
  const invoke = async <C extends DesktopChannel>(channel: C, request?: DesktopRequest<C>) =>
    (await core.handle(channel, request)) as DesktopResponse<C>;
  return { core, store, events, shell, dialogs, invoke };
}

/** The refusal a bridge call ended with (its status and message), or undefined when it was answered. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string } | undefined> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    if (!(err instanceof DesktopRequestError)) throw err;
    return { status: err.status, message: err.message };
  }
}

/** A fresh temporary folder, removed by the returned cleanup. */
export async function tempFolder(prefix = 'shrinkly-desktop-test-'): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs `test` in a fresh temporary folder, removed afterwards whether it passed or failed. */
export async function withTempFolder(test: (dir: string) => Promise<void>): Promise<void> {
  const folder = await tempFolder();
  try {
    await test(folder.dir);
  } finally {
    await folder.remove();
  }
}

/** The repository's own test pictures and documents. */
export const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../e2e/fixtures');
