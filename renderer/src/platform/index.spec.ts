import { DESKTOP_BRIDGE_GLOBAL, type DesktopBridge } from '@shrinkly/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_NAV_LINKS } from '../features/desktop/desktop-paths';
import { desktopPlatform } from './desktop.platform';
import { choosePlatform } from './index';
import { webPlatform } from './web.platform';

const bridge = { platform: 'linux', appVersion: '1.0.0' } as unknown as DesktopBridge;

afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
  vi.resetModules();
});

describe('the platform', () => {
  it('is the desktop app’s where the bridge is present, the website’s without it', () => {
    expect(choosePlatform(bridge)).toBe(desktopPlatform);
    expect(choosePlatform(undefined)).toBe(webPlatform);
  });

  it('is chosen once at startup from the bridge the preload put in place', async () => {
    (globalThis as Record<string, unknown>).window = { [DESKTOP_BRIDGE_GLOBAL]: bridge };
    const inApp = await import('./index');
    (globalThis as Record<string, unknown>).window = {};
    vi.resetModules();
    const onWebsite = await import('./index');
    expect(inApp.platform.screens.navLinks).toEqual(DESKTOP_NAV_LINKS);
    expect(onWebsite.platform.screens.navLinks).toEqual([]);
  });

  it('on the website: an offer to install the app, and no screens of its own', () => {
    expect(webPlatform.install).toBeDefined();
    expect(webPlatform.screens.routes).toEqual([]);
    expect(webPlatform.screens.navLinks).toEqual([]);
    expect(webPlatform.screens.Events()).toBeNull();
  });

  it('in the desktop app: no offer to install, the desktop screens and their links, the browser window’s services', () => {
    expect(desktopPlatform.install).toBeUndefined();
    expect('install' in desktopPlatform).toBe(false);
    expect(desktopPlatform.screens.routes.map((route) => route.path)).toEqual(DESKTOP_NAV_LINKS.map((link) => link.to));
    expect(desktopPlatform.screens.navLinks).toEqual(DESKTOP_NAV_LINKS);
    expect(desktopPlatform.storage).toBe(webPlatform.storage);
    expect(desktopPlatform.download).toBe(webPlatform.download);
  });
});
