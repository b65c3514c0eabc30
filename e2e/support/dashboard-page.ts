import { createApiClient } from '@shrinkly/contract';
import type { Locator, Page } from 'playwright-core';
import { type Credentials, newCredentials } from './auth-page.js';

/** A new account made through the API (as a test fixture): its token and credentials. */
export async function apiAccount(baseUrl: string, options: { trial?: boolean } = {}): Promise<{ token: string } & Credentials> {
  const credentials = newCredentials();
  const { token } = await createApiClient({ baseUrl }).register(credentials);
  if (options.trial) {
    const api = createApiClient({ baseUrl, getToken: () => token });
    await api.setupTrial({
      creditCard: { cardholderName: credentials.name, cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123' },
    });
  }
  return { token, ...credentials };
}

/** The page model of /dashboard. */
export const dashboard = {
  /** Opens the dashboard signed in with `token`, as a stored session does. */
  async open(page: Page, token: string): Promise<void> {
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  },

  myFiles: (page: Page): Locator => page.getByRole('region', { name: 'My Files' }),
  file: (page: Page, name: string): Locator =>
    page.getByTestId('file-item').filter({ has: page.getByText(name, { exact: true }) }),
  folder: (page: Page, name: string): Locator => page.getByRole('article', { name: `Folder ${name}` }),

  async openUploadMenu(page: Page, item: RegExp | string): Promise<void> {
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await page.getByRole('menuitem', { name: item }).click();
  },

  /** Opens Single File Upload from the Upload Files menu, choosing `files` when given: its dialog. */
  async openSingleUpload(page: Page, files?: string | string[]): Promise<Locator> {
    await dashboard.openUploadMenu(page, 'Single File Upload');
    const upload = page.getByRole('dialog', { name: 'Single File Upload' });
    if (files) await upload.getByLabel('Choose files to upload').setInputFiles(files);
    return upload;
  },

  /** Runs one item of a file's menu. */
  async fileAction(page: Page, fileName: string, action: string | RegExp): Promise<void> {
    await page.getByRole('button', { name: `Actions for ${fileName}` }).click();
    await page
      .getByRole('menu', { name: `Actions for ${fileName}` })
      .getByRole('menuitem', { name: action })
      .click();
  },

  async createFolder(page: Page, name: string): Promise<void> {
    await page.getByRole('button', { name: 'New Folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Folder' });
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dashboard.folder(page, name).waitFor();
  },

  stat: (page: Page, name: 'Storage Usage' | 'Files Compressed' | 'Space Saved'): Locator => page.getByRole('region', { name }),
};
