// The preload of the app's window. It runs sandboxed, where `require` knows only 'electron' and a few Node
// modules: it is self-contained, with only types imported from the contract (erased at build).

import type { DESKTOP_BRIDGE_GLOBAL, DesktopBridge, DesktopEvent } from '@shrinkly/contract';
import { contextBridge, type IpcRendererEvent, ipcRenderer, webUtils } from 'electron';
import type {
  DROP_CHANNEL as DropChannel,
  EVENT_CHANNEL as EventChannel,
  INVOKE_CHANNEL as InvokeChannel,
  InvokeEnvelope,
  VERSION_ARGUMENT as VersionArgument,
} from './bridge-ipc.js' with { 'resolution-mode': 'import' };

// The values are repeated (nothing but 'electron' can be required here); their types make the build check them.
const BRIDGE_GLOBAL: typeof DESKTOP_BRIDGE_GLOBAL = 'shrinklyDesktop';
const INVOKE_CHANNEL: typeof InvokeChannel = 'shrinkly:invoke';
const EVENT_CHANNEL: typeof EventChannel = 'shrinkly:event';
const DROP_CHANNEL: typeof DropChannel = 'shrinkly:dropped';
const VERSION_ARGUMENT: typeof VersionArgument = '--shrinkly-version=';

const bridge: DesktopBridge = {
  platform: process.platform,
  appVersion: process.argv.find((arg) => arg.startsWith(VERSION_ARGUMENT))?.slice(VERSION_ARGUMENT.length) ?? '',
  async invoke(channel, request) {
    const answer = (await ipcRenderer.invoke(INVOKE_CHANNEL, channel, request)) as InvokeEnvelope;
    // A refusal is answered as its plain { error, status } shape, which the renderer reads: an error thrown here would
    // reach the page with its message only (contextBridge copies no class and no status).
    return ('error' in answer ? answer.error : answer.value) as never;
  },
  on(event, listener) {
    const forward = (_e: IpcRendererEvent, name: DesktopEvent, payload: unknown) => {
      if (name === event) (listener as (payload: unknown) => void)(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => void ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  },
  pathForFile: (file) => webUtils.getPathForFile(file),
};

/** The little of the DOM this preload uses (the desktop build has Node's types, not the DOM's). */
interface DropEvent {
  readonly isTrusted: boolean;
  readonly dataTransfer: { readonly files: ArrayLike<File> } | null;
}
const page = globalThis as unknown as {
  addEventListener(type: 'drop', listener: (event: DropEvent) => void, capture: boolean): void;
};

// Files the user dropped on the window become files the bridge may compress. Only a real drop counts: an event a
// script dispatches is not trusted, and a File made by a script has no path. Captured on the window, this runs before
// the page's own drop handler asks to compress them (and the report reaches the main process before that request).
page.addEventListener(
  'drop',
  (event) => {
    if (!event.isTrusted || !event.dataTransfer) return;
    const paths = Array.from(event.dataTransfer.files, (file) => webUtils.getPathForFile(file)).filter(Boolean);
    if (paths.length > 0) ipcRenderer.send(DROP_CHANNEL, paths);
  },
  true,
);

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
