import { readFile } from 'node:fs/promises';
import { API_KEY_PREFIX } from '@shrinkly/contract';
import { describe, expect, inject, it } from 'vitest';
import { browserForTests, screenshot } from '../support/browser.js';
import { apiAccount } from '../support/dashboard-page.js';

const baseUrl = inject('baseUrl');
const photo = new URL('../fixtures/skagen.jpg', import.meta.url);

/** Compresses the test photo on the landing route with an API key, as a script would with curl. */
async function compressWith(key: string): Promise<Response> {
  const form = new FormData();
  form.append('compressionLevel', 'light');
  form.append('file', new Blob([await readFile(photo)], { type: 'image/jpeg' }), 'skagen.jpg');
  return fetch(`${baseUrl}/api/compress`, { method: 'POST', body: form, headers: { authorization: `Bearer ${key}` } });
}

describe('API keys in the browser', () => {
  const session = browserForTests(baseUrl);

  it('makes a key on Account Settings, shows its secret once, counts its use and revokes it', async () => {
    const account = await apiAccount(baseUrl, { trial: true });
    const page = await session.newPage();
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('auth_token', t), account.token);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'API keys' });
    await expect.poll(() => section.getByText('No API keys yet').isVisible()).toBe(true);

    await section.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => section.getByRole('alert').textContent()).toContain('Name the key');
    await section.getByRole('textbox', { name: 'Key name' }).fill('build server');
    await section.getByRole('checkbox', { name: /^Read My Files/ }).check();
    await section.getByRole('button', { name: 'Create key' }).click();
    const secretBox = section.getByLabel('New API key');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())?.trim() ?? '';
    expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
    const row = section.getByRole('row').filter({ hasText: 'build server' });
    await expect.poll(() => row.textContent()).toContain(secret.slice(0, 12));
    expect(await row.textContent()).toContain('Never');

    expect((await compressWith(secret)).status).toBe(200);
    await section.getByRole('button', { name: 'Done' }).click();
    expect(await secretBox.count()).toBe(0);
    await page.reload();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('1 file');
    expect(await row.textContent()).not.toContain('Never');
    // Once dismissed, the secret is nowhere on the page.
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'settings-api-keys');

    await row.getByRole('button', { name: 'Revoke build server' }).click();
    await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => section.getByText('No API keys yet').isVisible()).toBe(true);
    expect((await compressWith(secret)).status).toBe(401);
  });

  it('tells a free account that keys come with a trial or Premium', async () => {
    const account = await apiAccount(baseUrl);
    const page = await session.newPage();
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('auth_token', t), account.token);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('API keys are a Premium feature.').waitFor();
    expect(await section.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    expect(await section.getByRole('link', { name: 'Start a free trial or subscribe' }).getAttribute('href')).toBe('/subscribe');
  });
});
