import { describe, expect, inject, it } from 'vitest';
import { browserForTests, screenshot } from '../support/browser.js';

const baseUrl = inject('baseUrl');

describe('public pages', () => {
  const session = browserForTests(baseUrl);

  it('shows the landing page with features and pricing, and saves screenshots at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await session.newPage({ width, height: 900 });
      await page.goto('/');
      await page.locator('#features').waitFor();
      await page.locator('#pricing').waitFor();
      const text = await page.locator('body').innerText();
      expect(text).toContain('85%');
      expect(text).toContain('$3.99');
      expect(text).toContain('$1.00');
      expect(text).not.toMatch(/30-day money-back/i);
      const file = await screenshot(page, `landing-${width}`);
      expect(file).toMatch(/landing-\d+\.png$/);
      await page.close();
    }
  });

  it('offers the same navigation behind a menu on small screens', async () => {
    const page = await session.newPage({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Pricing' }).last().waitFor();
    await page.getByRole('link', { name: 'Sign In' }).last().click();
    await page.waitForURL('**/auth');
    await page.close();
  });

  it('serves each legal page with a back link and today as the last-updated date', async () => {
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    const expectations: Record<string, RegExp[]> = {
      '/terms': [/13/, /\$3\.99/],
      '/privacy': [/24 hours/, /support@shrinkly\.app/],
      '/refund': [/7 days/, /unauthori[sz]ed/i],
    };
    for (const [path, patterns] of Object.entries(expectations)) {
      const page = await session.newPage();
      await page.goto(path);
      const text = await page.locator('main').innerText();
      expect(text).toContain(`Last updated: ${today}`);
      for (const pattern of patterns) expect(text).toMatch(pattern);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.close();
    }
  });

  it('shows Page Not Found for an unknown path', async () => {
    const page = await session.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.close();
  });
});
