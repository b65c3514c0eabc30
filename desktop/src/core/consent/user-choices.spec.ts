import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedDialogs } from '../../../test/support/ports.js';
import { FIXTURES, refusal, type TestCore, tempFolder, testCore } from '../../../test/support/test-core.js';

/** The bridge acts only on what the user chose: a script in the window naming other paths is refused. */
describe("the bridge by the user's choice", () => {
  let t: TestCore;
  let work: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    work = await tempFolder();
    t = testCore({ dialogs: new ScriptedDialogs(), fetch: async () => Promise.reject(new TypeError('fetch failed')) });
  });
  afterAll(async () => {
    await t.core.close();
    await work.remove();
  });

  const jobCount = async () => (await t.invoke('compress:list')).jobs.length;

  it('refuses to compress a file the user did not choose, even with keep original off, and leaves it as it was', async () => {
    const file = path.join(work.dir, 'taxes.jpg');
    await copyFile(path.join(FIXTURES, 'skagen.jpg'), file);
    const before = await readFile(file);
    await t.invoke('settings:update', { keepOriginal: false });
    try {
      const answer = await refusal(t.invoke('compress:start', { paths: [file] }));
      expect(answer).toEqual({
        status: 403,
        message: `Only files you choose can be compressed: drop them on the window or use Choose files (not chosen: ${file})`,
      });
      expect(await jobCount()).toBe(0);
      expect(t.events.of('jobs:changed')).toEqual([]);
      expect(await readFile(file)).toEqual(before);
    } finally {
      await t.invoke('settings:update', { keepOriginal: true });
    }
  });

  it('takes files chosen in the open dialog, dropped on the window or opened with the app', async () => {
    t.dialogs.files = ['/home/ada/chosen.jpg', '/home/ada/also chosen.pdf'];
    await t.invoke('dialog:choose-files');
    t.core.userChose(['/home/ada/dropped.png']);
    t.core.userChose(['/home/ada/opened-with.mp4']);
    const { jobs } = await t.invoke('compress:start', {
      paths: ['/home/ada/chosen.jpg', '/home/ada/also chosen.pdf', '/home/ada/dropped.png', '/home/ada/opened-with.mp4'],
    });
    // Missing on this machine: each one a failed job, but each one taken.
    expect(jobs.map((job) => [job.sourcePath, job.status])).toEqual([
      ['/home/ada/chosen.jpg', 'failed'],
      ['/home/ada/also chosen.pdf', 'failed'],
      ['/home/ada/dropped.png', 'failed'],
      ['/home/ada/opened-with.mp4', 'failed'],
    ]);
    await t.invoke('compress:clear-finished');
  });

  it('refuses the whole request when one path was not chosen, or is the chosen one spelled another way', async () => {
    for (const paths of [['/home/ada/chosen.jpg', '/home/ada/.ssh/id_ed25519'], ['/home/ada/../ada/chosen.jpg'], ['/home/ada']]) {
      const answer = await refusal(t.invoke('compress:start', { paths }));
      expect(answer?.status, paths.join()).toBe(403);
    }
    expect((await refusal(t.invoke('compress:start', { paths: ['/a', '/b', '/c'] })))?.message).toMatch(
      /\(not chosen: \/a and 2 more\)$/,
    );
    // A relative path is never taken as chosen, dropped or not.
    t.core.userChose(['notes.txt']);
    expect((await refusal(t.invoke('compress:start', { paths: ['notes.txt'] })))?.status).toBe(403);
    expect(await jobCount()).toBe(0);
  });

  it('takes an output folder only from the folder dialog (or the one already set, or none)', async () => {
    const refused = await refusal(t.invoke('settings:update', { outputFolder: '/home/ada/.config/autostart' }));
    expect(refused).toEqual({ status: 403, message: 'The output folder can only be set with Choose folder' });
    // A file chosen to compress is not a folder chosen for results.
    expect((await refusal(t.invoke('settings:update', { outputFolder: '/home/ada/chosen.jpg' })))?.status).toBe(403);
    expect((await t.invoke('settings:get')).outputFolder).toBeNull();

    t.dialogs.folder = '/home/ada/compressed';
    expect(await t.invoke('dialog:choose-folder')).toEqual({ path: '/home/ada/compressed' });
    expect(await t.invoke('settings:update', { outputFolder: '/home/ada/compressed', keepOriginal: true })).toMatchObject({
      outputFolder: '/home/ada/compressed',
    });
    // Saving the form again sends the folder unchanged.
    expect(await t.invoke('settings:update', { outputFolder: '/home/ada/compressed' })).toMatchObject({
      outputFolder: '/home/ada/compressed',
    });
    expect((await refusal(t.invoke('settings:update', { outputFolder: '/home/ada/elsewhere' })))?.status).toBe(403);
    expect(await t.invoke('settings:update', { outputFolder: null })).toMatchObject({ outputFolder: null });
  });

  it('does not compress the files of a folder picked for results', async () => {
    t.dialogs.folder = work.dir;
    await t.invoke('dialog:choose-folder');
    expect((await refusal(t.invoke('compress:start', { paths: [work.dir] })))?.status).toBe(403);
    expect(await jobCount()).toBe(0);
  });

  it('opens only https:// server pages in the browser (http:// only on this computer)', async () => {
    await t.invoke('settings:update', { serverUrl: 'http://files.example.org' });
    const answer = await refusal(t.invoke('shell:open-server-page', { path: '/subscribe' }));
    expect(answer).toEqual({
      status: 403,
      message: 'Only https:// pages open in the browser: set a server address starting with https://',
    });
    expect(t.shell.opened).toEqual([]);

    for (const server of ['http://127.0.0.1:3000', 'http://localhost:8080', 'https://files.example.org']) {
      await t.invoke('settings:update', { serverUrl: server });
      expect(await t.invoke('shell:open-server-page', { path: '/subscribe' })).toEqual({ ok: true });
    }
    expect(t.shell.opened).toEqual([
      'http://127.0.0.1:3000/subscribe',
      'http://localhost:8080/subscribe',
      'https://files.example.org/subscribe',
    ]);
  });
});
