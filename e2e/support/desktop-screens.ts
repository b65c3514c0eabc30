import type { Locator, Page } from 'playwright-core';

/** The page model of the desktop app's own screens (/desktop, /desktop/sync, /desktop/settings). */
export const desktopScreens = {
  dropArea: (page: Page): Locator => page.getByRole('region', { name: 'Drop files to compress' }),
  job: (page: Page, name: string): Locator =>
    page.getByTestId('local-job').and(page.getByRole('listitem', { name, exact: true })),
  async waitForStatus(job: Locator, status: string, timeout = 120_000): Promise<void> {
    await job.and(job.page().locator(`[data-status="${status}"]`)).waitFor({ timeout });
  },
  settingsForm: (page: Page): Locator => page.getByRole('form', { name: 'App settings' }),
  async saveSettings(page: Page): Promise<void> {
    await desktopScreens.settingsForm(page).getByRole('button', { name: 'Save settings' }).click();
  },
  async signIn(page: Page, email: string, password: string): Promise<void> {
    const form = page.getByRole('form', { name: 'Sign in to sync' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
  },
  accountCard: (page: Page): Locator => page.getByRole('region', { name: 'Account' }),
};
