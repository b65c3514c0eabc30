import { type DesktopChannel, desktopChannels } from '@shrinkly/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ScriptedDialogs } from '../../test/support/ports.js';
import { refusal, testCore } from '../../test/support/test-core.js';
import { type ChannelHandlers, createIpcRouter } from './ipc-router.js';

const JOB_ID = 'job_123456';

/** For every channel, requests its schema must refuse (besides the wrong types every channel refuses). */
const BAD_REQUESTS: Record<DesktopChannel, unknown[]> = {
  'settings:get': [{ anything: 1 }, 'x'],
  'settings:update': [
    { defaultLevel: 'extreme' },
    { serverUrl: 'ftp://example.com' },
    { outputFolder: 'a\0b' },
    { unknownSetting: true },
    { syncFolderId: 'not-a-uuid' },
  ],
  'dialog:choose-files': [{ paths: ['/etc/passwd'] }],
  'dialog:choose-folder': [[]],
  'compress:start': [
    { paths: [] },
    { paths: ['/a'], level: 'ultra' },
    { paths: ['/a\0'] },
    { paths: Array(501).fill('/a') },
    { paths: ['/a'], extra: 1 },
  ],
  'compress:cancel': [{ id: '../../etc' }, { id: 'short' }, { id: JOB_ID, more: 1 }],
  'compress:comparison': [{ id: '../../etc' }, {}],
  'compress:list': [{ all: true }],
  'compress:clear-finished': [0],
  'compress:show-in-folder': [{ path: '/etc/passwd' }, { id: 'a b c d e f' }],
  'account:get': [{ token: 'x' }],
  'account:sign-in': [
    { email: '', password: 'x' },
    { email: 'a@b.c', password: '' },
    { email: 'a@b.c', password: 'p', token: 't' },
  ],
  'account:sign-out': [{ everywhere: true }],
  'sync:status': [null],
  'sync:send': [{ ids: [] }, { ids: ['../x'] }],
  'sync:retry': [{ now: true }],
  'shell:open-server-page': [
    { path: 'https://evil.example' },
    { path: '//evil.example/x' },
    { path: '/a?b=c' },
    { path: 'javascript:alert(1)' },
  ],
};

describe('the bridge router', () => {
  it("refuses every bad message of every channel with 400 and zod's message, and never calls the handler", async () => {
    const called: string[] = [];
    const handlers = Object.fromEntries(
      Object.keys(desktopChannels).map((channel) => [channel, () => void called.push(channel)]),
    ) as unknown as ChannelHandlers;
    const route = createIpcRouter(handlers);
    for (const [channel, requests] of Object.entries(BAD_REQUESTS)) {
      const objectRequest = !desktopChannels[channel as DesktopChannel].request.safeParse(undefined).success;
      for (const request of [...requests, ...(objectRequest ? [undefined, 'text', 42, [1]] : [])]) {
        const answer = await refusal(route(channel, request));
        expect(answer?.status, `${channel} ${JSON.stringify(request)}`).toBe(400);
        expect(answer?.message.length).toBeGreaterThan(0);
      }
    }
    expect(called).toEqual([]);
  });

  it('answers 404 for a channel that does not exist, including names inherited by every object', async () => {
    const route = createIpcRouter({} as ChannelHandlers);
    for (const channel of ['settings:delete', 'toString', '__proto__', 'constructor', '']) {
      expect((await refusal(route(channel, undefined)))?.status).toBe(404);
    }
  });

  it("refuses an answer that does not match the channel's response schema", async () => {
    const route = createIpcRouter({ 'sync:retry': () => ({ enabled: 'yes' }) } as unknown as ChannelHandlers);
    await expect(route('sync:retry', undefined)).rejects.toThrow();
  });
});

describe("the desktop core's channels", () => {
  const dialogs = new ScriptedDialogs(['/home/ada/a.jpg'], '/home/ada/out');
  const t = testCore({ dialogs, fetch: async () => Promise.reject(new TypeError('fetch failed')) });
  afterAll(() => t.core.close());

  it('answer every good request with what the response schema reads', async () => {
    const good: Array<[DesktopChannel, unknown]> = [
      ['settings:get', undefined],
      ['settings:update', { defaultLevel: 'maximum' }],
      ['dialog:choose-files', undefined],
      ['dialog:choose-folder', undefined],
      ['compress:start', { paths: ['/home/ada/a.jpg'] }],
      ['compress:list', undefined],
      ['compress:clear-finished', undefined],
      ['account:get', undefined],
      ['account:sign-out', undefined],
      ['sync:status', undefined],
      ['sync:retry', undefined],
      ['shell:open-server-page', { path: '/subscribe' }],
    ];
    for (const [channel, request] of good) {
      const answer = await t.core.handle(channel, request);
      expect(desktopChannels[channel].response.safeParse(answer).success, channel).toBe(true);
    }
    expect(dialogs.opened).toBe(2);
    expect(t.shell.opened).toEqual(['https://shrinkly.app/subscribe']);
  });

  it('answer 404 for jobs this app never ran, so no arbitrary path reaches the file manager', async () => {
    for (const channel of ['compress:cancel', 'compress:show-in-folder'] as const) {
      expect((await refusal(t.core.handle(channel, { id: 'nosuchjob1' })))?.status).toBe(404);
    }
    expect((await refusal(t.core.handle('sync:send', { ids: ['nosuchjob1'] })))?.status).toBe(404);
    expect(t.shell.shown).toEqual([]);
  });

  it('turn a missing file into a failed job with a message, not a crash', async () => {
    const { jobs } = (await t.core.handle('compress:start', { paths: ['/home/ada/a.jpg'], level: 'light' })) as {
      jobs: Array<{ status: string; message: string; level: string }>;
    };
    expect(jobs).toMatchObject([{ status: 'failed', level: 'light', message: 'The file or folder no longer exists' }]);
  });

  it('answer a sign-in with 503 and a message when the server cannot be reached', async () => {
    const answer = await refusal(t.core.handle('account:sign-in', { email: 'ada@example.com', password: 'secret' }));
    expect(answer).toEqual({
      status: 503,
      message: 'Cannot reach https://shrinkly.app. Check the connection and the server address.',
    });
  });
});
