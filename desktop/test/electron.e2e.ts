import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ElectronApplication, _electron as electron, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test/harness.js';
import { tempFolder } from './support/test-core.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The Electron binary, if its download step ran. Not `require('electron')`: in current Electron releases that starts the
 * download itself when the binary is missing. This reads the same files it would (path.txt, then dist/).
 */
function installedElectron(): string | null {
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const binary = path.join(dir, 'dist', readFileSync(path.join(dir, 'path.txt'), 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const binary = installedElectron();
const rendererBuilt = existsSync(path.join(root, 'renderer/dist/index.html'));
const reason = !binary
  ? 'skipped: no Electron binary installed (ELECTRON_SKIP_BINARY_DOWNLOAD; run `npx install-electron` where it can be downloaded)'
  : !rendererBuilt
    ? 'skipped: the renderer is not built (npm run build)'
    : 'runs';

/** The bridge as page script sees it. */
interface BridgeWindow {
  shrinklyDesktop: { invoke(channel: string, payload?: unknown): Promise<unknown> };
}

describe.skipIf(reason !== 'runs')(`the desktop app in Electron (${reason})`, () => {
  let t: TestApp;
  let app: ElectronApplication;
  let page: Page;
  let profile: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    t = await startTestApp();
    profile = await tempFolder('shrinkly-electron-profile-');
    app = await electron.launch({
      executablePath: binary!,
      args: [path.join(root, 'desktop/dist/shell/main.js'), `--user-data-dir=${profile.dir}`],
      env: { ...process.env, SHRINKLY_SERVER_URL: t.baseUrl },
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    await profile?.remove();
  });

  it("shows the renderer from the app's own origin, with no Node in the page", async () => {
    expect(page.url()).toMatch(/^app:\/\/shrinkly\//);
    expect(
      await page.evaluate(() => [
        typeof (globalThis as { require?: unknown }).require,
        typeof (globalThis as { process?: unknown }).process,
      ]),
    ).toEqual(['undefined', 'undefined']);
  });

  it('exposes the bridge, answers through it and refuses bad messages', async () => {
    const settings = await page.evaluate(() => (globalThis as unknown as BridgeWindow).shrinklyDesktop.invoke('settings:get'));
    expect(settings).toMatchObject({ serverUrl: t.baseUrl, keepOriginal: true });
    // A refusal is answered, as the { error, status } the renderer reads, not thrown.
    const refused = await page.evaluate(() =>
      (globalThis as unknown as BridgeWindow).shrinklyDesktop.invoke('settings:update', { defaultLevel: 'extreme' }),
    );
    expect(refused).toMatchObject({ status: 400, error: expect.any(String) });
    // A file the user never chose (in the dialog, by a drop, by opening it with the app) is not the page's to compress.
    const notChosen = await page.evaluate(() =>
      (globalThis as unknown as BridgeWindow).shrinklyDesktop.invoke('compress:start', { paths: ['/etc/hosts'] }),
    );
    expect(notChosen).toMatchObject({ status: 403, error: expect.any(String) });
  });

  it('runs with context isolation, sandbox and no Node integration', async () => {
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows()[0]!;
      const p = win.webContents.getLastWebPreferences();
      return { contextIsolation: p?.contextIsolation, nodeIntegration: p?.nodeIntegration, sandbox: p?.sandbox };
    });
    expect(prefs).toEqual({ contextIsolation: true, nodeIntegration: false, sandbox: true });
  });
});
