import type { Locator, Page } from 'playwright-core';

/** The page model of the landing page's upload area (`#upload`). */
export const landingUpload = {
  /** The real, labelled file input under the drop zone. */
  fileInput: (page: Page): Locator => page.getByLabel('Choose a file to compress'),

  async chooseFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await landingUpload.fileInput(page).setInputFiles(file);
  },

  previewModal: (page: Page): Locator => page.getByRole('dialog', { name: 'Compression Preview' }),
  processing: (page: Page): Locator => page.getByTestId('upload-processing'),
  result: (page: Page): Locator => page.getByTestId('compression-result'),
  paymentDialog: (page: Page): Locator => page.getByRole('dialog', { name: 'Payment Required' }),
  paymentCard: (page: Page): Locator => page.getByTestId('payment-required-card'),

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
