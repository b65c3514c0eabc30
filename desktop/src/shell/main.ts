import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, type IpcMainEvent, type IpcMainInvokeEvent, ipcMain, net, protocol, session } from 'electron';
import { createDesktopCore, type DesktopCore, refusalOf } from '../core/desktop-core.js';
import {
  APP_ORIGIN,
  APP_SCHEME,
  contentSecurityPolicy,
  isAppUrl,
  navigationDecision,
  opensInBrowser,
  permissionGranted,
  rendererFile,
} from '../core/window-policy.js';
import { DROP_CHANNEL, EVENT_CHANNEL, INVOKE_CHANNEL, type InvokeEnvelope, VERSION_ARGUMENT } from './bridge-ipc.js';
import { electronKeyValueStore, nativeDialogs, nativeShell, safeStorageCipher } from './electron-ports.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built renderer: beside the app in a package (extraResources), renderer/dist in a checkout. */
const RENDERER_ROOT = app.isPackaged
  ? path.join(process.resourcesPath, 'renderer')
  : path.resolve(here, '../../../renderer/dist');
const PRELOAD = path.join(here, 'preload.cjs');

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

let window: BrowserWindow | undefined;
let core: DesktopCore | undefined;
/** Files handed to the app before its window was ready (opened with it, or dropped on its icon). */
const pendingFiles: string[] = [];

/**
 * Absolute paths of existing files in a command line (what the system passes when files are opened with the app),
 * relative ones read from the folder the command ran in.
 */
function filesIn(argv: readonly string[], workingDirectory: string): string[] {
  const args = argv.slice(app.isPackaged ? 1 : 2).filter((arg) => !arg.startsWith('-'));
  return args.map((arg) => path.resolve(workingDirectory, arg)).filter((file) => existsSync(file));
}

/** Files the user opened with the app: the bridge may compress them, and the window is told to. */
function openFiles(paths: string[]): void {
  if (paths.length === 0) return;
  if (window && core) {
    core.userChose(paths);
    window.webContents.send(EVENT_CHANNEL, 'files:opened', { paths });
  } else {
    pendingFiles.push(...paths);
  }
}

/** Only our window's own page may use the bridge (not a frame inside it, not a page it navigated to). */
function fromOurWindow(event: IpcMainEvent | IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return (
    !!window &&
    event.sender === window.webContents &&
    !!frame &&
    frame === window.webContents.mainFrame &&
    isAppUrl(new URL(frame.url))
  );
}

async function serverUrl(): Promise<string> {
  return ((await core!.handle('settings:get', undefined)) as { serverUrl: string }).serverUrl;
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 520,
    title: 'Shrinkly',
    show: false,
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webviewTag: false,
      additionalArguments: [`${VERSION_ARGUMENT}${app.getVersion()}`],
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.on('will-navigate', (event, url) => {
    const decision = navigationDecision(url);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') void nativeShell.openExternal(url);
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    // Never a second window, not even of the app's own pages: web pages go to the browser, anything else nowhere.
    if (opensInBrowser(url)) void nativeShell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('did-finish-load', () => openFiles(pendingFiles.splice(0)));
  win.on('closed', () => {
    if (window === win) window = undefined;
  });
  void win.loadURL(`${APP_ORIGIN}/`);
  return win;
}

async function start(): Promise<void> {
  core = createDesktopCore({
    store: electronKeyValueStore(),
    secrets: safeStorageCipher,
    dialogs: nativeDialogs(() => window),
    shell: nativeShell,
    emit: (event, payload) => window?.webContents.send(EVENT_CHANNEL, event, payload),
    defaultServerUrl: process.env.SHRINKLY_SERVER_URL || undefined,
  });

  protocol.handle(APP_SCHEME, async (request) => {
    const file = await rendererFile(request.url, RENDERER_ROOT);
    if (!file) return new Response('Not found', { status: 404 });
    const answer = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(answer.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy(await serverUrl()));
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(answer.body, { status: answer.status, headers });
  });

  // Electron grants every permission a page asks for unless told otherwise.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, grant, details) =>
    grant(permissionGranted(permission, details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionGranted(permission, requestingOrigin),
  );

  // The preload reports files the user dropped on the window; nothing the page sends reaches this channel.
  ipcMain.on(DROP_CHANNEL, (event, paths: unknown) => {
    if (!fromOurWindow(event) || !Array.isArray(paths)) return;
    core!.userChose(paths.filter((file): file is string => typeof file === 'string'));
  });

  ipcMain.handle(INVOKE_CHANNEL, async (event, channel: unknown, request: unknown): Promise<InvokeEnvelope> => {
    if (!fromOurWindow(event)) return { error: { error: 'Not allowed from this page', status: 403 } };
    try {
      return { value: await core!.handle(String(channel), request) };
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal) return { error: refusal };
      console.error(`[shrinkly] ${String(channel)} failed`, err);
      return { error: { error: 'Something went wrong in the app', status: 500 } };
    }
  });

  window = createWindow();
  await core.start();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  pendingFiles.push(...filesIn(process.argv, process.cwd()));
  app.on('second-instance', (_event, argv, workingDirectory) => {
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    } else if (app.isReady()) {
      window = createWindow();
    }
    openFiles(filesIn(argv, workingDirectory));
  });
  app.on('open-file', (event, file) => {
    event.preventDefault();
    openFiles([file]);
  });
  app.on('window-all-closed', () => app.quit());
  app.on('activate', () => {
    if (app.isReady() && !window) window = createWindow();
  });
  let closing = false;
  app.on('will-quit', (event) => {
    if (closing || !core) return;
    closing = true;
    event.preventDefault();
    void core.close().finally(() => app.quit());
  });
  app.whenReady().then(start, (err: unknown) => {
    console.error('[shrinkly] could not start', err);
    app.exit(1);
  });
}
