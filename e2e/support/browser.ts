import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots and other artifacts of the browser tests. */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../test-results/e2e', import.meta.url));

export interface BrowserSession {
  browser: BrowserContext;
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile and no background traffic. */
export async function launchBrowser(baseUrl: string): Promise<BrowserSession> {
  const profile = await mkdtemp(path.join(tmpdir(), 'shrinkly-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    // The app drops its transitions for this preference, so a click never lands on a menu that is still opening
    // (its overflow box scrolled into view by the click moves the links under the pointer).
    reducedMotion: 'reduce',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  context.setDefaultTimeout(15_000);
  return {
    browser: context,
    async newPage(viewport) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The browser of a describe block's tests: launched before them (before the block's own beforeAll hooks declared
 * after this call) and closed after them. Call it in the block's body.
 */
export function browserForTests(baseUrl: string): BrowserSession {
  let launched: BrowserSession | undefined;
  beforeAll(async () => {
    launched = await launchBrowser(baseUrl);
  });
  afterAll(async () => launched?.close());
  const session = () => {
    if (!launched) throw new Error('The browser starts in beforeAll: use it in hooks and tests.');
    return launched;
  };
  return {
    get browser() {
      return session().browser;
    },
    newPage: (viewport) => session().newPage(viewport),
    close: () => session().close(),
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export type { Browser, Page };
