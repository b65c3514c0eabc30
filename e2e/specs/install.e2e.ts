import { describe, expect, inject, it } from 'vitest';
import { browserForTests } from '../support/browser.js';

const baseUrl = inject('baseUrl');

type InstallTestWindow = Window & { promptCalls?: number };

/** Fires a stand-in for Chromium's install signal, counting how often the card asks for the install dialog. */
function fireInstallSignal(): void {
  const win = window as InstallTestWindow;
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => {
      win.promptCalls = (win.promptCalls ?? 0) + 1;
    },
    userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
  });
  window.dispatchEvent(event);
}

describe('web app manifest and service worker', () => {
  const session = browserForTests(baseUrl);

  it('serves a manifest with 192 and 512 px icons and a service worker that controls the page; Chromium offers installation', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    type Manifest = { name: string; icons: { src: string; sizes: string }[] };
    const manifest = (await (await page.request.get(href ?? '')).json()) as Manifest;
    expect(manifest.name).toBe('Shrinkly');
    for (const sizes of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === sizes);
      expect(icon).toBeTruthy();
      const png = await page.request.get(icon?.src ?? '');
      expect(png.headers()['content-type']).toBe('image/png');
    }
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);

    // API answers never land in the cache, even once the worker controls the page.
    await page.reload();
    await page.evaluate(() => fetch('/api/health').then((r) => r.json()));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);

    // Chromium finds the site installable and says so: its own install signal brings up the card.
    await page.getByTestId('install-prompt').waitFor();
    await page.close();
  });
});

describe('install prompt', () => {
  const session = browserForTests(baseUrl);

  it('shows the install card once the browser offers installation; Install prompts, close hides it for the session', async () => {
    const page = await session.newPage({ width: 390, height: 800 });
    // Chromium's own signal (trusted) is held back, so only the test's stand-in reaches the app.
    await page.addInitScript(() => {
      const holdBack = (event: Event) => {
        if (event.isTrusted) event.stopImmediatePropagation();
      };
      window.addEventListener('beforeinstallprompt', holdBack, { capture: true });
    });
    await page.goto('/');
    const card = page.getByTestId('install-prompt');
    expect(await card.count()).toBe(0);

    await page.evaluate(fireInstallSignal);
    await card.waitFor();
    expect(await card.innerText()).toContain('Install Shrinkly');
    expect(await card.innerText()).toContain('Get instant access to file compression on your mobile device');
    // Full width on a small screen (less its margins).
    expect((await card.boundingBox())?.width).toBeGreaterThan(330);

    await card.getByRole('button', { name: 'Install', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as InstallTestWindow).promptCalls)).toBe(1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(fireInstallSignal);
    await card.waitFor();
    // 20rem from md up.
    expect(Math.round((await card.boundingBox())?.width ?? 0)).toBe(320);
    await card.getByRole('button', { name: 'Close install prompt' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('installPromptDismissed'))).toBe('true');

    // The flag holds for the session: a new signal, even after a reload, shows nothing.
    await page.reload();
    await page.evaluate(fireInstallSignal);
    await page.waitForTimeout(300);
    expect(await card.count()).toBe(0);
    await page.close();
  });
});
