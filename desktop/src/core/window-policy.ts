import { stat } from 'node:fs/promises';
import path from 'node:path';

/** The origin the renderer is served from inside the app (a privileged custom scheme, see shell/main.ts). */
export const APP_SCHEME = 'app';
const APP_HOST = 'shrinkly';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Node's URL gives custom schemes an opaque origin ('null'), so ours is recognised by scheme and host. */
export function isAppUrl(url: URL): boolean {
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
}

/**
 * The Content-Security-Policy of every page the app serves: scripts only from the app itself, network calls only
 * to the app and the configured server, no plugins, no framing. Styles allow inline attributes (Mantine sets them).
 */
export function contentSecurityPolicy(serverUrl: string): string {
  const server = new URL(serverUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${server}`,
    "font-src 'self' data:",
    `connect-src 'self' ${server}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Hosts of a development server on this computer: the only ones a plain http:// page may open from. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the system browser may be asked to open `url`: https:// pages, and http:// ones only on this computer (a
 * development server). Never the app's own pages, file:, or any other scheme the system would hand to some program.
 */
export function opensInBrowser(url: string): boolean {
  const parsed = parsedUrl(url);
  return parsed?.protocol === 'https:' || (parsed?.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname));
}

/**
 * What the window does with a link or a navigation: stay in the app for its own pages, send web pages (the
 * configured server's /subscribe, help links) to the system browser, and refuse everything else (file:, data:,
 * javascript:, custom schemes, plain http:// beyond this computer).
 */
export function navigationDecision(url: string): 'allow' | 'external' | 'deny' {
  const parsed = parsedUrl(url);
  if (parsed && isAppUrl(parsed)) return 'allow';
  return opensInBrowser(url) ? 'external' : 'deny';
}

/** The only permission the app's pages use: writing to the clipboard (copying a share link). */
const GRANTED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/**
 * Whether a page may use a browser permission (Electron grants every one unless the app says otherwise): only those
 * the app uses, and only for its own pages. Camera, microphone, location, notifications and the rest are refused.
 */
export function permissionGranted(permission: string, requestingUrl: string | undefined): boolean {
  const parsed = requestingUrl ? parsedUrl(requestingUrl) : null;
  return GRANTED_PERMISSIONS.has(permission) && !!parsed && isAppUrl(parsed);
}

/**
 * The file of the built renderer that an app:// request asks for, never outside `root`. Paths without a file
 * behind them (the renderer's own routes, e.g. /dashboard) get index.html, as a web server would answer them.
 */
export async function rendererFile(url: string, root: string): Promise<string | null> {
  const parsed = new URL(url);
  if (!isAppUrl(parsed)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  const file = path.resolve(root, `.${path.posix.normalize(pathname)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  if (info?.isFile()) return file;
  return path.extname(pathname) ? null : path.join(root, 'index.html');
}
