import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, type LocalJob } from '@shrinkly/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForTests, type Page, screenshot } from '../support/browser.js';
import { apiAccount } from '../support/dashboard-page.js';
import { createDesktopHarness, type DesktopHarness } from '../support/desktop-harness.js';
import { desktopScreens as screens } from '../support/desktop-screens.js';
import { magicHex } from '../support/landing-page.js';
import { makeTestVideo } from '../support/media.js';
import { expectQualityBadge } from '../support/quality.js';

const baseUrl = inject('baseUrl');
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

const DESKTOP_LINKS = ['Compress Locally', 'Sync', 'App Settings'];

/** A stand-in for Chromium's offer to install the website as an app. */
const offerInstallation = (page: Page) =>
  page.evaluate(() =>
    window.dispatchEvent(
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: new Promise(() => {}),
      }),
    ),
  );

describe('the desktop app’s screens, on a real desktop core', () => {
  const session = browserForTests(baseUrl);
  let harness: DesktopHarness;
  let workDir: string;
  let filesDir: string;
  let outputDir: string;
  let page: Page;
  const pageErrors: string[] = [];

  const jobs = async () => ((await harness.core.handle('compress:list', undefined)) as { jobs: LocalJob[] }).jobs;
  const jobNamed = async (name: string) => {
    const job = (await jobs()).find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no job for ${name}`);
    return job;
  };

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'shrinkly-e2e-desktop-'));
    filesDir = path.join(workDir, 'my files');
    outputDir = path.join(workDir, 'compressed');
    await mkdir(filesDir);
    await mkdir(outputDir);
    for (const name of ['skagen.jpg', 'skagen.png']) await copyFile(fixture(name), path.join(filesDir, name));
    harness = await createDesktopHarness();
    page = await session.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await harness.attach(page);
  });
  afterAll(async () => {
    await harness?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('the website without the bridge shows none of the desktop parts', async () => {
    const website = await session.newPage();
    const errors: string[] = [];
    website.on('pageerror', (error) => errors.push(error.message));
    await website.goto('/converter');
    await website.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    for (const label of DESKTOP_LINKS) expect(await website.getByRole('link', { name: label }).count(), label).toBe(0);
    for (const route of ['/desktop', '/desktop/sync', '/desktop/settings']) {
      await website.goto(route);
      await website.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    }
    expect(await website.evaluate(() => 'shrinklyDesktop' in window)).toBe(false);
    // The website still offers installing it as an app.
    await offerInstallation(website);
    await website.getByTestId('install-prompt').waitFor();
    expect(errors).toEqual([]);
    await website.close();
  });

  it('compresses files dropped and chosen on this computer: progress, sizes before → after, NAME.min.EXT beside the original', async () => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const label of DESKTOP_LINKS) await nav.getByRole('link', { name: label }).waitFor();
    // The website's offer to install it as an app has no place inside the installed app, even when the browser offers.
    await offerInstallation(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('install-prompt').count()).toBe(0);
    await nav.getByRole('link', { name: 'Compress Locally' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compress Locally' }).waitFor();
    await page.getByTestId('local-queue-empty').waitFor();
    // The settings' default level is picked until the user picks another.
    expect(await page.getByRole('radio', { name: /^Balanced/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /^Maximum/ }).check();

    await harness.dropFiles(page, screens.dropArea(page), [path.join(filesDir, 'skagen.jpg')]);
    harness.nextChosenFiles([path.join(filesDir, 'skagen.png')]);
    await page.getByRole('button', { name: 'Choose files' }).click();

    for (const name of ['skagen.jpg', 'skagen.png']) {
      const row = screens.job(page, name);
      await row.waitFor();
      await screens.waitForStatus(row, 'done');
      const original = (await stat(path.join(filesDir, name))).size;
      const job = await jobNamed(name);
      expect(job.level).toBe('maximum');
      const ext = path.extname(name);
      const output = path.join(filesDir, `${path.basename(name, ext)}.min${ext}`);
      expect(job.outputPath).toBe(output);
      const written = await readFile(output);
      expect(written.length, name).toBeLessThan(original);
      expect(job.compressedSize).toBe(written.length);
      // The original stays (keep original is on by default).
      expect((await stat(path.join(filesDir, name))).size).toBe(original);
      expect(await row.getByTestId('local-job-sizes').innerText()).toMatch(/^[\d.]+KB → [\d.]+KB, [\d.]+% smaller$/);
      expect(await expectQualityBadge(row, 0.94)).toBe(job.qualityScore);
    }
    expect(magicHex(await readFile(path.join(filesDir, 'skagen.min.jpg')), 3)).toBe('ffd8ff');
    // Progress reached the page live, through jobs:changed.
    const progress = harness.events
      .filter((e) => e.event === 'jobs:changed')
      .flatMap((e) => (e.payload as { jobs: LocalJob[] }).jobs);
    expect(progress.some((job) => job.status === 'running')).toBe(true);
    await expect
      .poll(() => page.getByTestId('finished-jobs-announcement').innerText())
      .toMatch(/skagen\.(jpg|png) compressed: .*smaller/);

    await screens.job(page, 'skagen.jpg').getByRole('button', { name: 'Show skagen.jpg in folder' }).click();
    await expect.poll(() => harness.shell.shown).toEqual([path.join(filesDir, 'skagen.min.jpg')]);
    await screenshot(page, 'desktop-local-compression');
  }, 240_000);

  it('validates and saves the settings: a bad server address is refused with the contract’s message', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'App Settings' }).click();
    const form = screens.settingsForm(page);
    await form.waitFor();
    const server = form.getByRole('textbox', { name: 'Server address' });
    expect(await server.inputValue()).toBe('https://shrinkly.app');

    await server.fill('shrinkly.example');
    await form.getByRole('radio', { name: 'In a folder I choose' }).check();
    await screens.saveSettings(page);
    await form.getByText('Enter the server address, starting with https:// or http://').waitFor();
    await form.getByText('Choose a folder, or save results beside the originals').waitFor();
    expect(await server.getAttribute('aria-invalid')).toBe('true');
    const unchanged = (await harness.core.handle('settings:get', undefined)) as {
      serverUrl: string;
      outputFolder: string | null;
    };
    expect(unchanged).toMatchObject({ serverUrl: 'https://shrinkly.app', outputFolder: null });

    await server.fill(`${baseUrl}/`);
    harness.nextChosenFolder(outputDir);
    await form.getByRole('button', { name: 'Choose folder' }).click();
    await expect.poll(() => form.getByTestId('output-folder').innerText()).toBe(outputDir);
    await form.getByRole('switch', { name: 'Sync results to My Files' }).check();
    await form.getByRole('switch', { name: 'Open Shrinkly when you sign in to this computer' }).check();
    const keep = form.getByRole('switch', { name: 'Keep the original' });
    expect(await keep.isChecked()).toBe(true);
    await keep.uncheck();
    await form.getByText('Off: the result replaces the original file').waitFor();
    await keep.check();
    await screens.saveSettings(page);
    await form.getByTestId('settings-saved').getByText('Settings saved.').waitFor();

    const saved = await harness.core.handle('settings:get', undefined);
    expect(saved).toMatchObject({
      serverUrl: baseUrl,
      outputFolder: outputDir,
      keepOriginal: true,
      syncEnabled: true,
      launchAtLogin: true,
    });
    expect(harness.shell.launchAtLogin).toEqual([true]);

    await page.reload();
    await screens.settingsForm(page).waitFor();
    expect(await screens.settingsForm(page).getByRole('textbox', { name: 'Server address' }).inputValue()).toBe(baseUrl);
    expect(await screens.settingsForm(page).getByTestId('output-folder').innerText()).toBe(outputDir);
    await screenshot(page, 'desktop-settings');
  });

  it('acts only on what the user chose: a script in the page naming another file or folder is refused', async () => {
    const untouched = path.join(workDir, 'never chosen.jpg');
    await copyFile(fixture('skagen.jpg'), untouched);
    const before = await readFile(untouched);
    const invoke = (channel: string, request: unknown) =>
      page.evaluate(
        ([c, r]) =>
          (window as unknown as Record<string, { invoke(c: string, r: unknown): Promise<unknown> }>).shrinklyDesktop!.invoke(
            c,
            r,
          ),
        [channel, request] as const,
      );

    expect(await invoke('settings:update', { outputFolder: workDir })).toEqual({
      status: 403,
      error: 'The output folder can only be set with Choose folder',
    });
    // With "keep original" off a result replaces its original: still only the user's own files.
    await invoke('settings:update', { keepOriginal: false });
    expect(await invoke('compress:start', { paths: [untouched] })).toEqual({
      status: 403,
      error: `Only files you choose can be compressed: drop them on the window or use Choose files (not chosen: ${untouched})`,
    });
    await invoke('settings:update', { keepOriginal: true });
    expect(await readFile(untouched)).toEqual(before);
    expect((await jobs()).map((job) => job.sourcePath)).not.toContain(untouched);
    expect(await harness.core.handle('settings:get', undefined)).toMatchObject({ outputFolder: outputDir, keepOriginal: true });
    await rm(untouched);
  });

  it('a free account signs in and is shown what sync needs, with the /subscribe page of its server', async () => {
    const free = await apiAccount(baseUrl);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sync' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sync' }).waitFor();
    await screens.signIn(page, free.email, 'not the password');
    await page.getByRole('form', { name: 'Sign in to sync' }).getByRole('alert').waitFor();

    await screens.signIn(page, free.email, free.password);
    const account = screens.accountCard(page);
    await account.getByText(free.email).waitFor();
    expect(await account.innerText()).toContain(`Free plan on ${baseUrl}`);
    await account.getByTestId('sync-needs-plan').waitFor();
    await account.getByRole('button', { name: 'See plans on the website' }).click();
    await expect.poll(() => harness.shell.opened).toEqual([`${baseUrl}/subscribe`]);
    await screenshot(page, 'desktop-sync-free');

    await account.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('form', { name: 'Sign in to sync' }).waitFor();
  });

  it('a trial account picks its My Files folder and sends results there: synced in the app and listed by GET /api/files', async () => {
    const trial = await apiAccount(baseUrl, { trial: true });
    await screens.signIn(page, trial.email, trial.password);
    await screens.accountCard(page).getByText(trial.email).waitFor();
    expect(await screens.accountCard(page).getByTestId('sync-needs-plan').count()).toBe(0);

    // The sync folder is chosen from the account's My Files folders, listed from the server.
    const api = createApiClient({ baseUrl, getToken: () => trial.token });
    const folder = await api.createFolder({ name: 'From the desktop' });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'App Settings' }).click();
    const folderSelect = screens.settingsForm(page).getByLabel('My Files folder');
    await expect.poll(() => folderSelect.isEnabled(), { timeout: 15_000 }).toBe(true);
    await folderSelect.click();
    await page.getByRole('option', { name: 'From the desktop' }).click();
    await screens.saveSettings(page);
    await screens.settingsForm(page).getByTestId('settings-saved').getByText('Settings saved.').waitFor();
    expect(await harness.core.handle('settings:get', undefined)).toMatchObject({ syncFolderId: folder.id });

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Compress Locally' }).click();
    const jpeg = screens.job(page, 'skagen.jpg');
    await jpeg.getByRole('button', { name: 'Send skagen.jpg to My Files' }).click();
    await jpeg.getByTestId('local-job-sync').getByText('In My Files').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Send all to My Files' }).click();
    await screens.job(page, 'skagen.png').getByTestId('local-job-sync').getByText('In My Files').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Send all to My Files' }).isDisabled()).toBe(true);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sync' }).click();
    await expect.poll(() => page.getByTestId('sync-count-synced').innerText()).toBe('2');
    expect(await page.getByTestId('sync-count-failed').innerText()).toBe('0');

    const stored = await api.listFiles({ folderId: folder.id });
    expect(stored.map((file) => file.name).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^skagen.*\.jpg$/), expect.stringMatching(/^skagen.*\.png$/)]),
    );
    await screenshot(page, 'desktop-sync-synced');
  }, 120_000);

  it('queues files opened with the app, shows a long compression’s progress, cancels it, and clears finished files', async () => {
    // Ten seconds of grainy video at a high bit rate: its compression lasts long enough to be followed and cancelled.
    const clip = path.join(filesDir, 'harbour-walk.mp4');
    await makeTestVideo(clip, { size: '640x360', seconds: 10, grain: 12, crf: 16 });

    await harness.openFiles([clip]);
    await page.getByRole('heading', { level: 1, name: 'Compress Locally' }).waitFor();
    const row = screens.job(page, 'harbour-walk.mp4');
    const bar = row.getByRole('progressbar', { name: 'Compressing harbour-walk.mp4' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 90_000, interval: 250 })
      .toBeGreaterThan(0);
    await screenshot(page, 'desktop-compressing');

    await row.getByRole('button', { name: 'Cancel harbour-walk.mp4' }).click();
    await screens.waitForStatus(row, 'cancelled', 30_000);
    expect((await jobNamed('harbour-walk.mp4')).outputPath).toBeNull();
    // The settings' output folder holds no partial result.
    expect(await readdir(outputDir)).toEqual([]);
    await expect.poll(() => page.getByTestId('finished-jobs-announcement').innerText()).toBe('harbour-walk.mp4 cancelled');

    await page.getByRole('button', { name: 'Clear finished' }).click();
    await page.getByTestId('local-queue-empty').waitFor();
    expect(await jobs()).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
