import { truncate, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CONVERTER_LIMIT_BYTES } from '@shrinkly/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForTests, screenshot } from '../support/browser.js';
import { magicHex } from '../support/landing-page.js';
import { ffmpeg, makeTestVideo } from '../support/media.js';
import { workDirForTests } from '../support/work-dir.js';

const baseUrl = inject('baseUrl');
/** A one-page letter written by LibreOffice. */
const DOCX = fileURLToPath(new URL('../fixtures/letter.docx', import.meta.url));
/** A real photo (KPhotoAlbum demo, GPL-2+). */
const JPEG = fileURLToPath(new URL('../fixtures/skagen.jpg', import.meta.url));

const row = (page: Page, name: string) => page.getByTestId('converter-item').and(page.getByLabel(name, { exact: true }));

/** Picks the target, converts, waits for the Conversion Complete dialog and closes it; returns the download link. */
async function convertTo(page: Page, name: string, format: string): Promise<string> {
  const item = row(page, name);
  await item.getByLabel(`Target format for ${name}`).selectOption(format);
  await item.getByRole('button', { name: 'Convert' }).click();
  const done = page.getByRole('dialog', { name: 'Conversion Complete!' });
  await done.waitFor({ timeout: 90_000 });
  expect(await done.innerText()).toContain(`${name} has been converted to ${format.toUpperCase()}.`);
  await done.getByRole('button', { name: 'Got it' }).click();
  await done.waitFor({ state: 'hidden' });
  expect(await item.innerText()).toMatch(/Converted: [\d.]+ MB → [\d.]+ MB/);
  // Locked once converted.
  expect(await item.getByLabel(`Target format for ${name}`).isDisabled()).toBe(true);
  return (await item.getByRole('link', { name: 'Download' }).getAttribute('href')) as string;
}

describe('the free converter in the browser', () => {
  const session = browserForTests(baseUrl);
  const workFile = workDirForTests('shrinkly-e2e-converter-');

  it('converts a real DOCX to a valid PDF and a photo to WEBP, without an account', async () => {
    const page = await session.newPage();
    await page.goto('/converter');
    await page.getByRole('heading', { level: 1, name: 'Free File Converter' }).waitFor();
    for (const card of ['100% Free', 'Multiple Formats', 'Fast & Secure'])
      await page.getByRole('heading', { name: card }).waitFor();
    await page.getByLabel('Choose files to convert').setInputFiles([DOCX, JPEG]);

    const letter = row(page, 'letter.docx');
    await letter.waitFor();
    expect(await letter.innerText()).toContain('0.00 MB');
    const options = await letter.getByLabel('Target format for letter.docx').locator('option').allInnerTexts();
    expect(options).toEqual(expect.arrayContaining(['PDF', 'ODT', 'TXT', 'HTML']));
    expect(await letter.getByRole('button', { name: 'Convert' }).isDisabled()).toBe(true);

    const pdfUrl = await convertTo(page, 'letter.docx', 'pdf');
    const pdf = await page.request.get(pdfUrl);
    expect(pdf.status()).toBe(200);
    const pdfBytes = await pdf.body();
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfBytes.toString('latin1')).toMatch(/\/Type\s*\/Page\b/);

    const webpUrl = await convertTo(page, 'skagen.jpg', 'webp');
    const webp = await (await page.request.get(webpUrl)).body();
    expect(magicHex(webp, 4)).toBe('52494646');
    expect(webp.subarray(8, 12).toString()).toBe('WEBP');
    // The Download button opens the link in a new tab.
    expect(await row(page, 'skagen.jpg').getByRole('link', { name: 'Download' }).getAttribute('target')).toBe('_blank');
    await screenshot(page, 'converter-done');
  });

  it('converts a video to WEBM and a recording to MP3', async () => {
    // Short real media made with ffmpeg: a test picture with a tone, and a spoken-length sine recording.
    const clip = workFile('clip.mp4');
    const tone = workFile('tone.wav');
    await makeTestVideo(clip, { size: '320x240', seconds: 2, tone: true });
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=3', tone]);
    const page = await session.newPage();
    await page.goto('/converter');
    await page.getByLabel('Choose files to convert').setInputFiles([clip, tone]);

    const webm = await (await page.request.get(await convertTo(page, 'clip.mp4', 'webm'))).body();
    expect(magicHex(webm, 4)).toBe('1a45dfa3');
    const mp3 = await (await page.request.get(await convertTo(page, 'tone.wav', 'mp3'))).body();
    // An ID3 tag or an MPEG frame sync.
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || (mp3[0] === 0xff && ((mp3[1] ?? 0) & 0xe0) === 0xe0)).toBe(true);
  });

  it('refuses a file over 100MB with the File Too Large dialog', async () => {
    const big = workFile('huge-scan.pdf');
    await writeFile(big, '');
    await truncate(big, CONVERTER_LIMIT_BYTES + 1);
    const page = await session.newPage();
    await page.goto('/converter');
    await page.getByLabel('Choose files to convert').setInputFiles(big);
    const dialog = page.getByRole('dialog', { name: 'File Too Large' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'This file is too large to convert. Please try a smaller file or compress it first.',
    );
    await dialog.getByRole('button', { name: 'Got it' }).click();
    expect(await page.getByTestId('converter-item').count()).toBe(0);
  });
});
