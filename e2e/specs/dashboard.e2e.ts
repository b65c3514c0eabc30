import { readFile, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { FREE_COMPRESSION_LIMIT_BYTES, PAY_PER_FILE_PRICE_USD } from '@shrinkly/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForTests, launchBrowser, screenshot } from '../support/browser.js';
import { apiAccount, dashboard } from '../support/dashboard-page.js';
import { landingUpload, magicHex } from '../support/landing-page.js';
import { ffmpeg, makeTestVideo } from '../support/media.js';
import { expectQualityBadge } from '../support/quality.js';
import { openSettings } from '../support/subscription-pages.js';
import { workDirForTests } from '../support/work-dir.js';

const baseUrl = inject('baseUrl');
/** A real photo saved as PNG (KPhotoAlbum demo, GPL-2+), the way exports and screenshots are saved. */
const PNG = fileURLToPath(new URL('../fixtures/skagen.png', import.meta.url));
const JPEG = fileURLToPath(new URL('../fixtures/skagen.jpg', import.meta.url));
const PRICE = `$${PAY_PER_FILE_PRICE_USD.toFixed(2)}`;

describe('the dashboard in the browser', () => {
  const session = browserForTests(baseUrl);
  const workFile = workDirForTests('shrinkly-e2e-dashboard-');
  beforeAll(async () => {
    await session.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  });

  it('uploads a real PNG, files it in a folder and back, renames, searches, shares and deletes it', async () => {
    const { token, name } = await apiAccount(baseUrl);
    const page = await session.newPage();
    await dashboard.open(page, token);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Welcome, ${name}!`);
    await dashboard.myFiles(page).getByText('No files uploaded yet').waitFor();

    // Upload at balanced, with real progress, then the Upload Complete dialog.
    const upload = await dashboard.openSingleUpload(page);
    expect(await upload.getByRole('radio', { name: /^Balanced/ }).isChecked()).toBe(true);
    await upload.getByLabel('Choose files to upload').setInputFiles(PNG);
    await upload.getByTestId('upload-queue-item').getByText('Ready to compress').waitFor();
    await upload.getByRole('button', { name: 'Start Compressing' }).click();
    const complete = page.getByRole('dialog', { name: 'Upload Complete' });
    await complete.waitFor({ timeout: 90_000 });
    expect(await complete.innerText()).toContain('1 file compressed and saved to My Files.');
    await complete.getByRole('button', { name: 'Got it!' }).click();
    await complete.waitFor({ state: 'hidden' });

    const card = dashboard.file(page, 'skagen.png');
    await card.waitFor();
    const saved = Number(/Saved ([\d.]+)%/.exec(await card.innerText())?.[1]);
    expect(saved).toBeGreaterThan(0);
    await expectQualityBadge(card, 0.97);
    expect(await dashboard.stat(page, 'Files Compressed').innerText()).toContain('1 of 1 files');
    expect(await dashboard.stat(page, 'Space Saved').innerText()).toContain(`${saved}%`);
    await screenshot(page, 'dashboard-one-file');

    // Before and after, from the renditions made with the result: the same size on both sides.
    await dashboard.fileAction(page, 'skagen.png', 'Compare');
    const compare = page.getByRole('dialog', { name: 'Before and after' });
    for (const side of ['before', 'after']) {
      const picture = compare.getByRole('img', { name: `skagen.png Picture ${side} compression` });
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    const widths = await compare
      .getByRole('img', { name: /^skagen\.png Picture (before|after) compression$/ })
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
    expect(widths).toEqual([widths[0], widths[0]]);
    await screenshot(page, 'dashboard-compare');
    await page.keyboard.press('Escape');
    await compare.waitFor({ state: 'hidden' });

    // Into a folder and back.
    await dashboard.createFolder(page, 'Trips');
    await dashboard.fileAction(page, 'skagen.png', 'Move to Trips');
    await card.waitFor({ state: 'detached' });
    expect(await dashboard.folder(page, 'Trips').innerText()).toContain('1 file');
    await page.getByRole('button', { name: 'Open folder Trips' }).click();
    await page.getByRole('heading', { name: 'Trips' }).waitFor();
    await card.waitFor();
    await dashboard.fileAction(page, 'skagen.png', 'Move to Root');
    await page.getByText('This folder is empty').waitFor();
    await page.getByRole('button', { name: 'Back to All Files' }).click();
    await card.waitFor();

    // Rename, search, tabs.
    await dashboard.fileAction(page, 'skagen.png', 'Rename');
    const rename = page.getByRole('dialog', { name: 'Rename File' });
    await rename.getByRole('textbox', { name: 'File name' }).fill('  harbour.png ');
    await rename.getByRole('button', { name: 'Save' }).click();
    const renamed = dashboard.file(page, 'harbour.png');
    await renamed.waitFor();
    const search = page.getByRole('searchbox', { name: 'Search files...' });
    await search.fill('HARB');
    await renamed.waitFor();
    await search.fill('skagen');
    await page.getByText('No files found matching your search').waitFor();
    await search.fill('');
    await page.getByRole('tab', { name: 'Documents' }).click();
    await renamed.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Images' }).click();
    await renamed.waitFor();
    await page.getByRole('button', { name: 'List view' }).click();
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    await renamed.waitFor();
    await page.getByRole('tab', { name: 'All Files' }).click();

    // Preview opens the picture in a new tab.
    const [preview] = await Promise.all([
      session.browser.waitForEvent('page'),
      dashboard.fileAction(page, 'harbour.png', 'Preview and Download'),
    ]);
    await preview.waitForLoadState();
    expect(preview.url()).toMatch(/\/api\/files\/[\w-]+\/download\?.*disposition=inline/);
    await preview.close();

    // Share copies a link that downloads the file in a browser with no account.
    await dashboard.fileAction(page, 'harbour.png', 'Share');
    await page.getByText('Share link copied to clipboard. It expires in 24 hours.').waitFor();
    const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(shareUrl).toMatch(/\/api\/share\/[\w-]{22}$/);
    const stranger = await launchBrowser(baseUrl);
    try {
      const visitor = await stranger.newPage();
      const [download] = await Promise.all([visitor.waitForEvent('download'), visitor.goto(shareUrl).catch(() => undefined)]);
      expect(download.suggestedFilename()).toBe('harbour.png');
      const bytes = await readFile((await download.path()) as string);
      expect(magicHex(bytes, 8)).toBe('89504e470d0a1a0a');
      expect(bytes.length).toBeLessThan((await readFile(PNG)).length);
    } finally {
      await stranger.close();
    }

    // Delete, confirmed, back to the empty state.
    await dashboard.fileAction(page, 'harbour.png', 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete file?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await dashboard.file(page, 'harbour.png').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Actions for folder Trips' }).click();
    await page.getByRole('menuitem', { name: 'Delete folder' }).click();
    await page.getByText('No files uploaded yet').waitFor();
    expect(await dashboard.stat(page, 'Files Compressed').innerText()).toContain('0 of 0 files');
  });

  it('keeps the photo data choice saved in Settings as the default of My Files uploads', async () => {
    const { token } = await apiAccount(baseUrl);
    const page = await session.newPage();
    await dashboard.open(page, token);
    await openSettings(page);
    const preferences = page.getByRole('region', { name: 'Upload Preferences' });
    await preferences.getByRole('combobox', { name: 'Photo data' }).click();
    await preferences.getByRole('option', { name: 'Keep camera data and copyright' }).click();
    await preferences.getByText(/^Saved: My Files uploads use this/).waitFor();
    // Still chosen after a reload, and the upload dialog starts from it.
    await page.reload();
    const field = page.getByRole('region', { name: 'Upload Preferences' }).getByRole('combobox', { name: 'Photo data' });
    await expect.poll(() => field.inputValue()).toBe('Keep camera data and copyright');
    await page.goto('/dashboard');
    const upload = await dashboard.openSingleUpload(page);
    expect(await upload.getByRole('combobox', { name: 'Photo data' }).inputValue()).toBe('Keep camera data and copyright');
    await page.close();
  });

  it('shows a file being compressed, after a reload too, with its progress until it is ready', async () => {
    // Ten seconds of lightly grainy video at a high bit rate (15 MB): its compression (search and every-frame check,
    // about 40 s on a quiet 2-core machine) outlasts the upload's answer and a reload, and ends well within the wait.
    const clip = workFile('harbour-walk.mp4');
    await makeTestVideo(clip, { size: '640x360', seconds: 10, grain: 4, crf: 16, tone: true });
    const { token } = await apiAccount(baseUrl);
    const page = await session.newPage();
    await dashboard.open(page, token);
    const upload = await dashboard.openSingleUpload(page, clip);
    await upload.getByRole('button', { name: 'Start Compressing' }).click();

    // Once the server compresses it in the background, My Files lists it as compressing.
    const card = dashboard.file(page, 'harbour-walk.mp4');
    await card.and(page.locator('[data-status="processing"]')).waitFor({ timeout: 30_000 });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('processing');
    expect(await card.innerText()).toContain('Compressing...');
    const bar = card.getByRole('progressbar', { name: 'Compression progress of harbour-walk.mp4' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000, interval: 250 })
      .toBeGreaterThan(0);
    await screenshot(page, 'dashboard-compressing');
    expect(await dashboard.stat(page, 'Files Compressed').innerText()).toContain('0 of 0 files');

    // Only delete applies until it is stored.
    await page.getByRole('button', { name: 'Actions for harbour-walk.mp4' }).click();
    const menu = page.getByRole('menu', { name: 'Actions for harbour-walk.mp4' });
    for (const action of ['Preview and Download', 'Share', 'Rename']) {
      expect(await menu.getByRole('menuitem', { name: action }).isDisabled(), action).toBe(true);
    }
    expect(await menu.getByRole('menuitem', { name: 'Delete' }).isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'List view' }).click();
    expect(await card.innerText()).toContain('Compressing...');
    await screenshot(page, 'dashboard-compressing-list');

    // Its job is followed until the result is stored; the list and the stats then show it.
    await card.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 120_000 });
    expect(await card.innerText()).toMatch(/Saved [\d.]+%/);
    await expect.poll(() => dashboard.stat(page, 'Files Compressed').innerText()).toContain('1 of 1 files');
  }, 180_000);

  it('lets a free account pay for a 100MB+ file from the upload dialog: Pay $1.00, the sandbox checkout, the download', async () => {
    // Ten minutes of CD-quality WAV: over the free limit, and quick to compress (it becomes lossless FLAC).
    const wav = workFile('concert.wav');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=610:sample_rate=44100',
      '-ac',
      '2',
      '-c:a',
      'pcm_s16le',
      wav,
    ]);
    const size = (await stat(wav)).size;
    expect(size).toBeGreaterThanOrEqual(FREE_COMPRESSION_LIMIT_BYTES);
    const { token } = await apiAccount(baseUrl);
    const page = await session.newPage();
    await dashboard.open(page, token);
    const upload = await dashboard.openSingleUpload(page, wav);

    // Not queued for My Files: offered pay per file, beside the subscription.
    const offer = page.getByRole('dialog', { name: 'Pay per File or Subscribe' });
    await offer.waitFor();
    expect(await offer.innerText()).toContain('It is not saved to My Files.');
    expect(await offer.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscribe?upgrade=true');
    expect(await upload.getByTestId('upload-queue-item').count()).toBe(0);
    await screenshot(page, 'dashboard-pay-per-file');
    await offer.getByRole('button', { name: `Pay ${PRICE} for this file` }).click();

    // The landing page's large-file flow: chunked upload with the user's token, then the Payment Required card.
    const card = offer.getByTestId('payment-required-card');
    await card.waitFor({ timeout: 120_000 });
    const jobId = await page.evaluate(() => localStorage.getItem('pendingPaymentJobId'));
    expect(jobId).toBeTruthy();
    await card.getByRole('button', { name: `Pay ${PRICE}`, exact: true }).click();

    await landingUpload.payAtSandboxCheckout(page, PRICE, jobId);
    const body = await landingUpload.paidDownload(page);
    expect(magicHex(body, 4)).toBe('664c6143'); // fLaC: the same samples, losslessly compressed
    expect(body.length).toBeLessThan(size);

    // A download only: My Files stays empty.
    await page.goto('/dashboard');
    await dashboard.myFiles(page).getByText('No files uploaded yet').waitFor();
    await page.close();
  }, 300_000);

  it('locks batch compression for a free account', async () => {
    const { token } = await apiAccount(baseUrl);
    const page = await session.newPage();
    await dashboard.open(page, token);
    await dashboard.openUploadMenu(page, /Batch Compression\s*PREMIUM/);
    const dialog = page.getByRole('dialog', { name: 'Batch Compression' });
    await dialog.getByRole('heading', { name: 'Premium Feature' }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/subscribe');
    await screenshot(page, 'dashboard-batch-locked');
  });

  it('compresses a batch for a trial account', async () => {
    const { token } = await apiAccount(baseUrl, { trial: true });
    const page = await session.newPage();
    await dashboard.open(page, token);
    await page.getByTestId('trial-banner').getByText('Free Trial Active').waitFor();
    expect(await page.getByRole('menuitem', { name: /PREMIUM/ }).count()).toBe(0);
    await dashboard.openUploadMenu(page, 'Batch Compression');
    const dialog = page.getByRole('dialog', { name: 'Batch Compression' });
    const notes = workFile('notes.txt');
    await writeFile(notes, 'Packing list\n'.repeat(40));
    await dialog.getByLabel('Compression level').selectOption('maximum');
    // The options beside the level travel with every upload of the batch.
    await dialog.getByRole('combobox', { name: 'Resize pictures and videos' }).click();
    await dialog.getByRole('option', { name: 'Longest side 1920 px' }).click();
    await dialog.getByRole('combobox', { name: 'Target size' }).click();
    await dialog.getByRole('option', { name: 'Custom size' }).click();
    // Under the photo's 73KB, so it is still compressed (a target a file already meets keeps it as it is).
    await dialog.getByRole('textbox', { name: 'Custom size' }).fill('60KB');
    await dialog.getByLabel('Choose files for batch compression').setInputFiles([JPEG, notes]);
    expect(await dialog.getByTestId('batch-item').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Start Batch Compression' }).click();
    const done = page.getByRole('dialog', { name: 'Batch Complete' });
    await done.waitFor({ timeout: 90_000 });
    await screenshot(page, 'dashboard-batch-complete');
    await done.getByRole('button', { name: 'Got it!' }).click();
    await page.keyboard.press('Escape');
    await dashboard.file(page, 'skagen.jpg').waitFor();
    await dashboard.file(page, 'notes.txt').waitFor();
    expect(await dashboard.stat(page, 'Files Compressed').innerText()).toContain('1 of 2 files');
  });
});
