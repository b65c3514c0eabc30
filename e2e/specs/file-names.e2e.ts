import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForTests, launchBrowser, type Page } from '../support/browser.js';
import { apiAccount, dashboard } from '../support/dashboard-page.js';
import { landingUpload, magicHex } from '../support/landing-page.js';
import { workDirForTests } from '../support/work-dir.js';

const baseUrl = inject('baseUrl');
/** A real photo (KPhotoAlbum demo, GPL-2+). */
const JPEG = fileURLToPath(new URL('../fixtures/skagen.jpg', import.meta.url));
const NAME = '日本語 ünïcødé.jpg';

/** The name a Content-Disposition saves as: RFC 5987 `filename*` when present. */
function savedAs(disposition: string | undefined): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  return extended?.[1] ? decodeURIComponent(extended[1]) : (/filename="([^"]*)"/.exec(disposition ?? '')?.[1] ?? '');
}

describe('a file named in another script, uploaded from the browser', () => {
  const session = browserForTests(baseUrl);
  const workFile = workDirForTests('shrinkly-e2e-names-');
  let photo: string;
  beforeAll(async () => {
    await session.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    // The browser sends the name of the file on disk, as a user's own file would.
    photo = workFile(NAME);
    await copyFile(JPEG, photo);
  });

  it('keeps its name in My Files and in the download', async () => {
    const { token } = await apiAccount(baseUrl);
    const page = await session.newPage();
    await dashboard.open(page, token);
    const upload = await dashboard.openSingleUpload(page, photo);
    await upload.getByTestId('upload-queue-item').getByText('Ready to compress').waitFor();
    await upload.getByRole('button', { name: 'Start Compressing' }).click();
    const complete = page.getByRole('dialog', { name: 'Upload Complete' });
    await complete.waitFor({ timeout: 90_000 });
    await complete.getByRole('button', { name: 'Got it!' }).click();

    // Shown as typed, not as Latin-1 mojibake.
    await dashboard.file(page, NAME).waitFor();

    await dashboard.fileAction(page, NAME, 'Share');
    await page.getByText(/Share link copied to clipboard/).waitFor();
    const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
    const response = await page.request.get(shareUrl);
    expect(response.status()).toBe(200);
    const disposition = response.headers()['content-disposition'];
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(savedAs(disposition)).toBe(NAME);
    expect(magicHex(await response.body(), 3)).toBe('ffd8ff');

    // A browser saves the download under the same name.
    const visitor = await session.newPage();
    const [download] = await Promise.all([visitor.waitForEvent('download'), visitor.goto(shareUrl).catch(() => undefined)]);
    expect(download.suggestedFilename()).toBe(NAME);
    await visitor.close();
  }, 180_000);

  it('keeps its name through the landing page compression', async () => {
    // A visitor: a browser with no stored session.
    const visitor = await launchBrowser(baseUrl);
    try {
      await compressOnLanding(await visitor.newPage());
    } finally {
      await visitor.close();
    }
  }, 180_000);

  async function compressOnLanding(page: Page): Promise<void> {
    await page.goto('/');
    await landingUpload.chooseFile(page, photo);
    const modal = landingUpload.previewModal(page);
    await modal.waitFor({ timeout: 60_000 });
    await modal.getByRole('button', { name: 'Compress', exact: true }).click();
    const result = landingUpload.result(page);
    await result.waitFor({ timeout: 90_000 });
    const response = await page.request.get(await landingUpload.downloadUrl(result));
    expect(response.status()).toBe(200);
    expect(savedAs(response.headers()['content-disposition'])).toBe(NAME);
  }
});
