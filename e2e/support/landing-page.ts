import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The page model of the landing page's upload area (`#upload`). */
export const landingUpload = {
  /** The real, labelled file input under the drop zone. */
  fileInput: (page: Page): Locator => page.getByLabel('Choose a file to compress'),

  async chooseFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await landingUpload.fileInput(page).setInputFiles(file);
  },

  previewModal: (page: Page): Locator => page.getByRole('dialog', { name: 'Compression Preview' }),

  /** Chooses `file` and waits for its Compression Preview: the dialog. */
  async preview(page: Page, file: string): Promise<Locator> {
    await landingUpload.chooseFile(page, file);
    const modal = landingUpload.previewModal(page);
    await modal.waitFor({ timeout: 60_000 });
    return modal;
  },

  /** Picks `option` in one of the preview's selects (Resize, Photo data, Target size, PDF pictures). */
  async pick(modal: Locator, select: string, option: string): Promise<void> {
    await modal.getByRole('combobox', { name: select }).click();
    await modal.getByRole('option', { name: option }).click();
  },

  /** Presses the preview's Compress and waits for the result: its card. */
  async compress(page: Page, modal: Locator, timeout = 60_000): Promise<Locator> {
    await modal.getByRole('button', { name: 'Compress', exact: true }).click();
    const result = landingUpload.result(page);
    await result.waitFor({ timeout });
    return result;
  },
  processing: (page: Page): Locator => page.getByTestId('upload-processing'),
  result: (page: Page): Locator => page.getByTestId('compression-result'),
  paymentDialog: (page: Page): Locator => page.getByRole('dialog', { name: 'Payment Required' }),
  paymentCard: (page: Page): Locator => page.getByTestId('payment-required-card'),

  /** The sandbox checkout of `jobId`: plainly test mode; Pay returns to the job's payment success page. */
  async payAtSandboxCheckout(page: Page, price: string, jobId: string | null): Promise<void> {
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByText('TEST MODE').waitFor();
    await page.getByRole('button', { name: `Pay ${price}` }).click();
    await page.waitForURL(/\/payment-success\/compression\?jobId=/);
    expect(new URL(page.url()).searchParams.get('jobId')).toBe(jobId);
  },

  /** The paid result, once compressed, downloaded: its link lives 1 hour from payment. */
  async paidDownload(page: Page): Promise<Buffer> {
    const result = landingUpload.result(page);
    await result.waitFor({ timeout: 150_000 });
    expect(await result.innerText()).toMatch(/expires in (1 hour|\d+ minutes)/);
    return landingUpload.download(page, result);
  },

  /** The result's file, downloaded. */
  async download(page: Page, result: Locator): Promise<Buffer> {
    const response = await page.request.get(await landingUpload.downloadUrl(result));
    expect(response.status()).toBe(200);
    return response.body();
  },

  /** The result's Download link, as an absolute URL. */
  async downloadUrl(scope: Locator): Promise<string> {
    const href = await scope.getByRole('link', { name: 'Download' }).getAttribute('href');
    if (!href) throw new Error('the result has no download link');
    return href;
  },
};

/** The first bytes of a file, as hex: JPEG starts ffd8ff, ZIP 504b0304. */
export function magicHex(bytes: Buffer, length: number): string {
  return bytes.subarray(0, length).toString('hex');
}
