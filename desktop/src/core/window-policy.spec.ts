import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../test/support/test-core.js';
import { contentSecurityPolicy, navigationDecision, opensInBrowser, permissionGranted, rendererFile } from './window-policy.js';

describe("the window's policy", () => {
  it('lets scripts come only from the app and network calls go only to the app and the configured server', () => {
    const csp = contentSecurityPolicy('https://files.example.org/base');
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' https://files.example.org;");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it("keeps the app's own pages in the window, sends web pages to the browser, and refuses other schemes", () => {
    expect(navigationDecision('app://shrinkly/dashboard')).toBe('allow');
    expect(navigationDecision('https://shrinkly.app/subscribe')).toBe('external');
    expect(navigationDecision('http://localhost:3000/subscribe')).toBe('external');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,hi',
      'app://other/x',
      'smb://host/share',
      'http://files.example.org/x',
      'not a url',
    ]) {
      expect(navigationDecision(url), url).toBe('deny');
    }
  });

  it("hands the system browser https:// pages and http:// ones on this computer only, never the app's own pages", () => {
    for (const url of [
      'https://shrinkly.app/subscribe',
      'http://localhost:3000/',
      'http://127.0.0.1:5173/x',
      'http://[::1]:3000/',
    ]) {
      expect(opensInBrowser(url), url).toBe(true);
    }
    // A new window of the app's pages (window.open, target=_blank) goes nowhere, not to the system.
    for (const url of [
      'app://shrinkly/dashboard',
      'http://files.example.org/',
      'http://localhost.example.org/',
      'file:///etc/passwd',
      'mailto:a@b.c',
      'ms-settings:',
      'javascript:alert(1)',
      '',
    ]) {
      expect(opensInBrowser(url), url).toBe(false);
    }
  });

  it("grants the app's pages the clipboard and no other permission; other pages none", () => {
    expect(permissionGranted('clipboard-sanitized-write', 'app://shrinkly/files')).toBe(true);
    expect(permissionGranted('clipboard-sanitized-write', 'app://shrinkly')).toBe(true);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'display-capture',
      'openExternal',
      'fileSystem',
      'midiSysex',
      'unknown',
    ]) {
      expect(permissionGranted(permission, 'app://shrinkly/'), permission).toBe(false);
    }
    for (const origin of ['https://evil.example', 'file:///', 'app://other', '', undefined]) {
      expect(permissionGranted('clipboard-sanitized-write', origin), String(origin)).toBe(false);
    }
  });

  describe('serving the built renderer', () => {
    let root: Awaited<ReturnType<typeof tempFolder>>;
    beforeAll(async () => {
      root = await tempFolder();
      await mkdir(path.join(root.dir, 'assets'));
      await writeFile(path.join(root.dir, 'index.html'), '<!doctype html>');
      await writeFile(path.join(root.dir, 'assets', 'main.js'), '');
    });
    afterAll(() => root.remove());

    it("answers its files, and index.html for the renderer's routes", async () => {
      expect(await rendererFile('app://shrinkly/assets/main.js', root.dir)).toBe(path.join(root.dir, 'assets', 'main.js'));
      expect(await rendererFile('app://shrinkly/', root.dir)).toBe(path.join(root.dir, 'index.html'));
      expect(await rendererFile('app://shrinkly/files/recent', root.dir)).toBe(path.join(root.dir, 'index.html'));
      expect(await rendererFile('app://shrinkly/assets/missing.js', root.dir)).toBeNull();
    });

    it("never answers a file outside the renderer's folder", async () => {
      for (const url of [
        'app://shrinkly/../../etc/passwd',
        'app://shrinkly/%2e%2e/%2e%2e/etc/passwd',
        'app://shrinkly/assets/%2e%2e%2f%2e%2e%2fsecret',
        'app://shrinkly/%E0%A4%A',
      ]) {
        const file = await rendererFile(url, root.dir);
        expect(file === null || file.startsWith(root.dir + path.sep), url).toBe(true);
      }
      expect(await rendererFile('app://other/index.html', root.dir)).toBeNull();
    });
  });
});
