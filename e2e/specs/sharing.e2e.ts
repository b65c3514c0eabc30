import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, browserForTests, launchBrowser, screenshot } from '../support/browser.js';
import { apiAccount, dashboard } from '../support/dashboard-page.js';
import { magicHex } from '../support/landing-page.js';

const baseUrl = inject('baseUrl');
/** A real photo saved as PNG (KPhotoAlbum demo, GPL-2+). */
const PNG = fileURLToPath(new URL('../fixtures/skagen.png', import.meta.url));

/** Stores the photo in My Files through the API, as a fixture. */
async function uploadPhoto(token: string): Promise<void> {
  const body = new FormData();
  body.set('compressionLevel', 'balanced');
  body.set('file', new Blob([await readFile(PNG)]), 'skagen.png');
  const res = await fetch(`${baseUrl}/api/files/upload`, { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
}

describe('share links in the browser', () => {
  const session = browserForTests(baseUrl);
  let stranger: BrowserSession | undefined;
  beforeAll(async () => {
    await session.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  });
  afterAll(async () => stranger?.close());

  it('makes a password link with a download limit in My Files, which its recipient opens, and revokes it', async () => {
    const { token } = await apiAccount(baseUrl);
    await uploadPhoto(token);
    const page = await session.newPage();
    await dashboard.open(page, token);
    await dashboard.file(page, 'skagen.png').waitFor();

    // The owner's choices: a password and three downloads (the expiry is 24 hours on a free account).
    await dashboard.fileAction(page, 'skagen.png', 'Manage links...');
    const dialog = page.getByRole('dialog', { name: 'Share Links' });
    await dialog.getByText('No links yet.', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Expires after', { exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel('Password (optional)').fill('harbour 42');
    await dialog.getByRole('textbox', { name: 'Download limit (optional)' }).fill('3');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await page.getByText('Share link copied to clipboard.', { exact: true }).waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/s\/[\w-]{22}$/);
    const link = dialog.getByTestId('share-link');
    await link.getByText('0 of 3 downloads').waitFor();
    expect(await link.innerText()).toContain('Password');
    await screenshot(page, 'share-links-dialog');

    // The recipient, in a browser of their own: the password first, then the file and its saving.
    stranger = await launchBrowser(baseUrl);
    const visitor = await stranger.newPage();
    await visitor.goto(url);
    const password = visitor.getByRole('textbox', { name: 'Password' });
    await password.fill('harbour 24');
    await visitor.getByRole('button', { name: 'Unlock' }).click();
    await visitor.getByText('Wrong password').waitFor();
    await password.fill('harbour 42');
    await visitor.getByRole('button', { name: 'Unlock' }).click();
    const shared = visitor.getByRole('region', { name: 'Shared file' });
    await shared.getByText('skagen.png').waitFor();
    expect(await shared.innerText()).toMatch(/Saved [\d.]+%/);
    await screenshot(visitor, 'share-recipient');
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      shared.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('skagen.png');
    expect(magicHex(await readFile((await download.path()) as string), 8)).toBe('89504e470d0a1a0a');

    // My Files counts the download; the link says how many of its three are taken, and is revoked.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    const card = dashboard.file(page, 'skagen.png');
    await card.getByText('Shared: 1 download · 1 active link').waitFor();
    await dashboard.fileAction(page, 'skagen.png', 'Manage links...');
    await link.getByText('1 of 3 downloads').waitFor();
    await link.getByRole('button', { name: /^Revoke link/ }).click();
    await link.getByText('Revoked', { exact: true }).waitFor();
    await screenshot(page, 'share-links-revoked');

    await visitor.reload();
    await visitor.getByRole('heading', { name: 'This link was revoked' }).waitFor();
    expect(await visitor.getByRole('alert').innerText()).toContain('revoked by its owner');
    await screenshot(visitor, 'share-recipient-revoked');
  });
});
