import { DESKTOP_BRIDGE_GLOBAL, type DesktopBridge } from '@shrinkly/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DesktopError, desktopBridge, desktopInvoke, onDesktopEvent } from './desktop';
import { localJob } from './local-job.test-support';

const JOB = localJob({ status: 'running', progress: 40, originalSize: 1000 });

type Listener = (payload: unknown) => void;

/** A bridge answering every call with `answer` (or failing with it), recording what was asked. */
function installBridge(answer: (channel: string, request: unknown) => unknown) {
  const calls: { channel: string; request: unknown }[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const bridge = {
    platform: 'linux',
    appVersion: '1.0.0',
    invoke: async (channel: string, request: unknown) => {
      calls.push({ channel, request });
      return answer(channel, request);
    },
    on: (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    pathForFile: () => '',
  };
  (globalThis as Record<string, unknown>).window = { [DESKTOP_BRIDGE_GLOBAL]: bridge as unknown as DesktopBridge };
  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { calls, emit };
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

describe('the desktop bridge', () => {
  it('is absent on the website: no bridge, calls refused in words, events never arrive', async () => {
    (globalThis as Record<string, unknown>).window = {};
    expect(desktopBridge()).toBeUndefined();
    await expect(desktopInvoke('settings:get', undefined)).rejects.toEqual(
      new DesktopError('This works only in the Shrinkly desktop app', 0),
    );
    expect(onDesktopEvent('jobs:changed', () => {})).toBeTypeOf('function');
  });

  it('returns the answer read with the channel’s schema (defaults filled in)', async () => {
    const { calls } = installBridge(() => ({ serverUrl: 'https://example.test' }));
    const settings = await desktopInvoke('settings:get', undefined);
    expect(settings).toMatchObject({ serverUrl: 'https://example.test', defaultLevel: 'balanced', keepOriginal: true });
    expect(calls).toEqual([{ channel: 'settings:get', request: undefined }]);
  });

  it('turns a refusal into a DesktopError carrying its message and status', async () => {
    installBridge(() => ({ error: 'No job with that id', status: 404 }));
    const error = await desktopInvoke('compress:cancel', { id: 'job-000001' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DesktopError);
    expect(error).toMatchObject({ message: 'No job with that id', status: 404 });
  });

  it('fails every other way with a DesktopError too: Electron’s wrapper stripped, a thrown status kept', async () => {
    installBridge(() => {
      throw new Error("Error invoking remote method 'sync:retry': Error: The server did not answer");
    });
    await expect(desktopInvoke('sync:retry', undefined)).rejects.toEqual(new DesktopError('The server did not answer', 0));
    installBridge(() => {
      throw Object.assign(new Error('Sign in first'), { status: 401 });
    });
    await expect(desktopInvoke('sync:retry', undefined)).rejects.toMatchObject({ message: 'Sign in first', status: 401 });
    installBridge(() => {
      throw new Error('');
    });
    await expect(desktopInvoke('sync:retry', undefined)).rejects.toThrow('The desktop app did not answer');
    installBridge(() => ({ jobs: 'not a list' }));
    const unreadable = await desktopInvoke('compress:list', undefined).catch((e: unknown) => e);
    expect(unreadable).toBeInstanceOf(DesktopError);
    expect(unreadable).toMatchObject({ message: expect.stringContaining('cannot read'), status: 0 });
  });

  it('always has words for the user, even when a refusal has none', () => {
    expect(new DesktopError('', 500).message).toBe('Something went wrong in the desktop app. Try again.');
    const error = new DesktopError('No job with that id', 404);
    expect(DesktopError.fromThrown(error)).toBe(error);
    expect(DesktopError.fromThrown('not an error')).toMatchObject({
      status: 0,
      message: expect.stringMatching(/did not answer/),
    });
  });

  it('passes events checked against their schema and drops malformed ones', () => {
    const { emit } = installBridge(() => null);
    const seen: unknown[] = [];
    const stop = onDesktopEvent('jobs:changed', ({ jobs }) => seen.push(jobs.map((job) => job.progress)));
    emit('jobs:changed', { jobs: [JOB] });
    emit('jobs:changed', { jobs: [{ ...JOB, progress: 'half' }] });
    stop();
    emit('jobs:changed', { jobs: [JOB] });
    expect(seen).toEqual([[40]]);
  });
});
