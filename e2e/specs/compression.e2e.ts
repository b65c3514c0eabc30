import { spawnSync } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type CompressionPreview,
  FREE_COMPRESSION_LIMIT_BYTES,
  FREE_DOWNLOAD_TTL_MS,
  MB,
  PAY_PER_FILE_PRICE_USD,
  type ServiceStats,
} from '@shrinkly/contract';
import type { Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { makeStoredZip } from '../../scripts/fixtures/stored-zip.mjs';
import { browserForTests, screenshot } from '../support/browser.js';
import { landingUpload, magicHex } from '../support/landing-page.js';
import { ffmpeg, pictureSize } from '../support/media.js';
import { expectQualityBadge } from '../support/quality.js';
import { workDirForTests } from '../support/work-dir.js';

const baseUrl = inject('baseUrl');
/** A real photo (KPhotoAlbum demo, GPL-2+), copied from the shared corpus. */
const JPEG = fileURLToPath(new URL('../fixtures/skagen.jpg', import.meta.url));
const PRICE = `$${PAY_PER_FILE_PRICE_USD.toFixed(2)}`;
const FREE_LINK_HOURS = FREE_DOWNLOAD_TTL_MS / (60 * 60 * 1000);

describe('public compression in the browser', () => {
  const session = browserForTests(baseUrl);
  const workFile = workDirForTests('shrinkly-e2e-files-');
  let largeZip: Promise<{ file: string; size: number }> | undefined;
  /** A STORED zip just over the free limit, written once per run. */
  const largeFile = () =>
    (largeZip ??= (async () => {
      const file = workFile('large-archive.zip');
      await makeStoredZip(file, FREE_COMPRESSION_LIMIT_BYTES + MB);
      return { file, size: (await stat(file)).size };
    })());

  it('compresses a real JPEG from the landing page: preview, Compress, result, a smaller valid JPEG to download', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const yourStats = page.locator('#your-stats');
    // No stats before this browser has compressed anything.
    expect(await yourStats.count()).toBe(0);
    const serviceBefore = (await (await fetch(`${baseUrl}/api/service-stats`)).json()) as ServiceStats;
    const modal = await landingUpload.preview(page, JPEG);
    // The server's estimate for each level.
    for (const level of ['light', 'balanced', 'maximum']) {
      const card = modal.getByTestId(`level-card-${level}`);
      expect(await card.innerText()).toMatch(/Estimated size[\s\S]*Space saved[\s\S]*%[\s\S]*Quality/);
    }
    // Cards and slider stay in step: picking a card moves the slider, moving the slider picks a card.
    await modal.getByTestId('level-card-maximum').click();
    expect(await modal.getByTestId('slider-level').innerText()).toBe('Maximum: 70-85%, smaller files, slower');
    const slider = modal.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('10');
    expect(await modal.getByTestId('level-card-light').getAttribute('aria-pressed')).toBe('true');
    await modal.getByTestId('level-card-balanced').click();
    expect(await modal.getByTestId('level-card-balanced').getAttribute('aria-pressed')).toBe('true');

    await modal.getByRole('button', { name: 'Compress', exact: true }).click();
    await page.getByText(/File compressed by [\d.]+% for free!/).waitFor({ timeout: 60_000 });
    const result = landingUpload.result(page);
    await result.waitFor({ timeout: 30_000 });
    const text = await result.innerText();
    expect(text).toMatch(/Original size/i);
    expect(text).toMatch(/Compressed size/i);
    expect(text).toMatch(/Space saved/i);
    // The result's measured quality, in words with its score, at or above balanced's floor.
    await expectQualityBadge(result, 0.97);
    // Before and after, one over the other, both pictures loaded; the slider moves the divide, the zoom goes to 100 %.
    await result.getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByRole('dialog', { name: 'Before and after' });
    for (const alt of ['skagen.jpg before compression', 'skagen.jpg after compression']) {
      const picture = compare.getByRole('img', { name: alt });
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
    }
    await compare.getByRole('slider', { name: 'Before and after divider' }).focus();
    await page.keyboard.press('Home');
    expect(await compare.getByRole('img', { name: 'skagen.jpg before compression' }).getAttribute('style')).toContain(
      'inset(0px 100% 0px 0px)',
    );
    await compare.getByText('100%', { exact: true }).click();
    await screenshot(page, 'landing-compare');
    await page.keyboard.press('Escape');
    await compare.waitFor({ state: 'hidden' });
    // A free result's link lives 24 hours.
    expect(text).toContain(`expires in ${FREE_LINK_HOURS} hours`);
    // STAT-04: the landing page's stats, derived from this browser's compressions.
    const saved = /Space saved\s*([\d.]+)%/i.exec(text)?.[1];
    const figures = async () => (await yourStats.innerText()).replace(/\s+/g, ' ');
    await yourStats.waitFor();
    expect(await figures()).toMatch(new RegExp(`total files 1 compressed files 1 average space saved ${saved}%`, 'i'));
    expect(await figures()).toMatch(/total original size [\d.]+ ?[KM]?B total compressed size [\d.]+ ?[KM]?B/i);
    // Beside them, the whole service's figures, read again once this browser's compression counted (at least it: other
    // tests' jobs may finish meanwhile).
    const service = page.locator('#service-stats');
    await service.waitFor();
    await expect
      .poll(async () => Number(/Total files\s*([\d,]+)/i.exec(await service.innerText())?.[1]?.replace(/,/g, '')))
      .toBeGreaterThanOrEqual(serviceBefore.totalFiles + 1);
    await screenshot(page, 'landing-result');

    const original = await readFile(JPEG);
    const body = await landingUpload.download(page, result);
    expect(magicHex(body, 3)).toBe('ffd8ff');
    expect(body.subarray(-2).toString('hex')).toBe('ffd9');
    expect(body.length).toBeLessThan(original.length);

    await result.getByRole('button', { name: 'Compress Another File' }).click();
    await landingUpload.fileInput(page).waitFor({ state: 'attached' });
    // Kept across a reload, and the result counted once.
    await page.reload();
    await yourStats.waitFor();
    expect(await figures()).toMatch(/total files 1 compressed files 1 /i);
    await page.close();
  }, 120_000);

  it('fits a photo under a custom target size: the preview says where it fits, the result says it did', async () => {
    // The preview's estimates are the real results for a file this small: the target sits just above balanced's.
    const body = new FormData();
    body.set('file', new Blob([await readFile(JPEG)]), 'skagen.jpg');
    const preview = (await (
      await fetch(`${baseUrl}/api/compression-preview`, { method: 'POST', body })
    ).json()) as CompressionPreview;
    const balanced = preview.previews.find((p) => p.level === 'balanced')?.estimatedSize as number;
    const targetKb = Math.ceil(balanced / 1024) + 1;
    const page = await session.newPage();
    await page.goto('/');
    const modal = await landingUpload.preview(page, JPEG);
    await landingUpload.pick(modal, 'Target size', 'Custom size');
    const custom = modal.getByRole('textbox', { name: 'Custom size' });
    await custom.fill('ten');
    await modal.getByText('Enter a size such as 8MB or 500KB').waitFor();
    await custom.fill(`${targetKb}KB`);
    const hint = await modal.getByTestId('target-hint').innerText();
    const expected = /Expected to fit under [\d.]+MB at (Light|Balanced)/.exec(hint)?.[1];
    expect(expected, hint).toBeDefined();
    const result = await landingUpload.compress(page, modal);
    expect(await result.getByTestId('target-outcome').innerText()).toMatch(
      new RegExp(`^Under [\\d.]+MB, at ${expected}: the best quality that fits\\.$`),
    );
    expect((await landingUpload.download(page, result)).byteLength).toBeLessThanOrEqual(targetKb * 1024);
    await screenshot(page, 'landing-target-size');
    await page.close();
  });

  it('resizes a large photo to the longest side chosen in the preview', async () => {
    const big = workFile('big-photo.jpg');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=2000x1500', '-frames:v', '1', '-q:v', '2', big]);
    const page = await session.newPage();
    await page.goto('/');
    const modal = await landingUpload.preview(page, big);
    await landingUpload.pick(modal, 'Resize', 'Longest side 1280 px');
    await landingUpload.pick(modal, 'Photo data', 'Keep camera data and copyright');
    const result = await landingUpload.compress(page, modal);
    const out = workFile('big-photo.min.jpg');
    await writeFile(out, await landingUpload.download(page, result));
    expect(await pictureSize(out)).toEqual([1280, 960]);
    // At 100 % the original is drawn at the result's size, so the two line up under the divider.
    await result.getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByRole('dialog', { name: 'Before and after' });
    await compare.getByText('100%', { exact: true }).click();
    const before = compare.getByRole('img', { name: 'big-photo.jpg before compression' });
    await expect
      .poll(() => before.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.clientWidth]))
      .toEqual([2000, 1280]);
    await page.close();
  });

  it("caps a PDF's pictures at the resolution chosen, and compares it page by page from its renditions", async () => {
    // Two pages, each the JPEG fixture drawn by Ghostscript (its viewjpeg.ps), which a maximum compression shrinks.
    const pdf = workFile('report.pdf');
    const draw = `(${JPEG}) viewJPEG showpage`;
    const made = spawnSync('gs', [
      '-q',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=pdfwrite',
      '-o',
      pdf,
      `--permit-file-read=${JPEG}`,
      'viewjpeg.ps',
      '-c',
      `${draw} ${draw}`,
    ]);
    expect(made.status).toBe(0);
    const page = await session.newPage();
    await page.goto('/');
    const modal = await landingUpload.preview(page, pdf);
    await modal.getByRole('slider').focus();
    await page.keyboard.press('End');
    // Its pictures are drawn at 97 ppi: capped at 72, the 800 px photo comes back about 594 px wide.
    await landingUpload.pick(modal, 'PDF pictures', 'Email (72 ppi)');
    const result = await landingUpload.compress(page, modal, 90_000);
    const out = workFile('report.min.pdf');
    await writeFile(out, await landingUpload.download(page, result));
    const widths = spawnSync('pdfimages', ['-list', out], { encoding: 'utf8' })
      .stdout.split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => Number(line.trim().split(/\s+/)[3]));
    expect(widths).toHaveLength(2);
    for (const width of widths) expect(width).toBeLessThanOrEqual(600);
    await result.getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByRole('dialog', { name: 'Before and after' });
    const shownPage = async (label: string) => {
      for (const side of ['before', 'after']) {
        const picture = compare.getByRole('img', { name: `report.pdf ${label} ${side} compression` });
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      }
    };
    await shownPage('Page 1');
    await compare.getByText('Page 2', { exact: true }).click();
    await shownPage('Page 2');
    await screenshot(page, 'landing-compare-pdf');
    await page.close();
  });

  it('fits a song under a size below its level only when allowed, then plays it before and after', async () => {
    const song = workFile('song.mp3');
    await ffmpeg(['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.2:d=8:r=44100', '-ac', '2', '-b:a', '320k', song]);
    const page = await session.newPage();
    await page.goto('/');
    const modal = await landingUpload.preview(page, song);
    await modal.getByRole('slider').focus();
    await page.keyboard.press('End');
    await landingUpload.pick(modal, 'Target size', 'Custom size');
    await modal.getByRole('textbox', { name: 'Custom size' }).fill('60KB');
    await modal.getByRole('checkbox', { name: 'Allow lower quality to make it fit' }).check();
    const result = await landingUpload.compress(page, modal);
    expect(await result.getByTestId('target-outcome').innerText()).toMatch(
      /^Under [\d.]+MB, below Maximum's quality as you allowed/,
    );
    expect((await landingUpload.download(page, result)).byteLength).toBeLessThanOrEqual(60 * 1024);
    // Before and after in two players: the original from the page, the result from its link; both load.
    await result.getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByRole('dialog', { name: 'Before and after' });
    for (const side of ['before', 'after']) {
      const player = compare.getByLabel(`song.mp3 ${side} compression`);
      await expect
        .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState >= 1 && audio.duration))
        .toBeCloseTo(8, 0);
    }
    await screenshot(page, 'landing-compare-audio');
    await page.close();
  });

  it('refuses a file type the landing page does not accept', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await landingUpload.chooseFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Unsupported File Type').waitFor();
    await page.close();
  });

  it('falls back silently to direct compression when the preview fails, and Cancel Upload really aborts it', async () => {
    const page = await session.newPage();
    await page.route('**/api/compression-preview', (route) => route.fulfill({ status: 500, json: { message: 'preview down' } }));
    // Hold the upload so it is still in flight when Cancel Upload is pressed.
    await page.route('**/api/compress', async (route) => {
      await new Promise((r) => setTimeout(r, 15_000));
      await route.continue().catch(() => {});
    });
    const aborted = new Promise<Request>((resolve) => {
      page.on('requestfailed', (request) => {
        if (request.url().endsWith('/api/compress')) resolve(request);
      });
    });

    await page.goto('/');
    await landingUpload.chooseFile(page, JPEG);
    const processing = landingUpload.processing(page);
    await processing.waitFor();
    expect(await landingUpload.previewModal(page).count()).toBe(0);
    await processing.getByRole('progressbar', { name: 'Compression progress' }).waitFor({ state: 'attached' });
    await processing.getByRole('button', { name: 'Cancel Upload' }).click();

    await page.getByText('Upload Cancelled').waitFor();
    // F8 takes keyboard users to the toast.
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications (F8)');
    expect(await page.getByRole('region', { name: 'Notifications (F8)' }).innerText()).toContain('Upload Cancelled');
    const request = await aborted;
    expect(request.failure()?.errorText).toMatch(/abort|cancel/i);
    await processing.waitFor({ state: 'detached' });
    await landingUpload.fileInput(page).waitFor({ state: 'attached' });
    expect(await page.getByText('Compression Failed').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('takes a 100MB+ file through chunked upload, Payment Required, the sandbox checkout and the paid download', async () => {
    const { file, size } = await largeFile();
    expect(size).toBeGreaterThanOrEqual(FREE_COMPRESSION_LIMIT_BYTES);

    const page = await session.newPage();
    await page.goto('/');
    await landingUpload.chooseFile(page, file);

    // Previewed in the browser, with the payment notice.
    const modal = landingUpload.previewModal(page);
    await modal.waitFor();
    await modal.getByText('Pay-per-file compression').waitFor();
    await modal.getByRole('button', { name: 'Compress', exact: true }).click();

    const dialog = landingUpload.paymentDialog(page);
    await dialog.waitFor({ timeout: 120_000 });
    expect(await dialog.innerText()).toContain(PRICE);
    const jobId = await page.evaluate(() => localStorage.getItem('pendingPaymentJobId'));
    expect(jobId).toBeTruthy();

    // Coming back to the page shows the payment view again for the stored job.
    await page.goto('/');
    const card = landingUpload.paymentCard(page);
    await card.waitFor();
    await card.getByRole('button', { name: `Pay ${PRICE}` }).click();

    // The sandbox checkout: plainly test mode; Pay returns to the payment success page.
    await landingUpload.payAtSandboxCheckout(page, PRICE, jobId);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    // A paid result's link lives 1 hour from payment.
    const body = await landingUpload.paidDownload(page);
    expect(magicHex(body, 4)).toBe('504b0304');
    expect(body.length).toBeLessThan(size);
    expect(await page.evaluate(() => localStorage.getItem('pendingPaymentJobId'))).toBeNull();
    await page.close();
  }, 300_000);

  it('stops a chunked upload whose chunk keeps failing, after 3 attempts, with Upload Failed', async () => {
    const { file } = await largeFile();
    const page = await session.newPage();
    const attempts = new Map<string, number>();
    await page.route('**/api/upload-chunk', async (route) => {
      const index = /name="chunkIndex"\r\n\r\n(\d+)/.exec(route.request().postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? '?';
      attempts.set(index, (attempts.get(index) ?? 0) + 1);
      await route.fulfill({ status: 503, json: { message: 'storage unavailable' } });
    });
    await page.goto('/');
    await landingUpload.chooseFile(page, file);
    await landingUpload.previewModal(page).getByRole('button', { name: 'Compress', exact: true }).click();
    await page.getByText('Upload Failed', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText(/Chunk \d+ upload failed after 3 attempts: 503: storage unavailable/).waitFor();
    expect(attempts.get('0')).toBe(3);
    await landingUpload.fileInput(page).waitFor({ state: 'attached' });
    await page.close();
  }, 60_000);

  it('shows the payment and result pages for their query parameters', async () => {
    const page = await session.newPage();
    await page.goto('/payment-error?error=payment_cancelled&jobId=abc');
    await page.getByText('PAYMENT_CANCELLED').waitFor();
    expect(await page.getByRole('link', { name: 'Retry Payment' }).getAttribute('href')).toBe('/payment/abc');
    await page.goto('/payment-error');
    await page.getByText('PAYMENT_FAILED').waitFor();
    expect(await page.getByRole('link', { name: 'Retry Payment' }).getAttribute('href')).toBe('/dashboard');

    await page.goto('/payment-failed?jobId=abc');
    expect(await page.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/payment/abc');
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();

    await page.goto('/payment-success?paymentId=pay_12345');
    expect(await page.getByTestId('payment-reference').innerText()).toBe('Payment reference: pay_12345');
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();

    await page.goto('/compression-failed');
    await page.getByRole('heading', { name: 'Compression Failed' }).waitFor();

    await page.goto('/compression-success');
    await page.waitForURL(`${baseUrl}/`);

    await page.goto('/compression-success?jobId=00000000-0000-0000-0000-000000000000');
    await page.getByText('Failed to process compression job').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });
});
