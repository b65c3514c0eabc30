// The preload of the app's window. It runs sandboxed, where `require` knows only 'electron' and a few Node
// modules: it is self-contained, with only types imported from the contract (erased at build).
import { contextBridge, ipcRenderer, type IpcRendererEvent, webUtils } from 'electron';
import type { DESKTOP_BRIDGE_GLOBAL, DesktopBridge, DesktopEvent } from '@shrinkly/contract';
import type { EVENT_CHANNEL as EventChannel, INVOKE_CHANNEL as InvokeChannel, InvokeEnvelope, VERSION_ARGUMENT as VersionArgument } from './bridge-ipc.js' with { 'resolution-mode': 'import' };

// The values are repeated (nothing but 'electron' can be required here); their types make the build check them.
const BRIDGE_GLOBAL: typeof DESKTOP_BRIDGE_GLOBAL = 'shrinklyDesktop';
const INVOKE_CHANNEL: typeof InvokeChannel = 'shrinkly:invoke';
const EVENT_CHANNEL: typeof EventChannel = 'shrinkly:event';
const VERSION_ARGUMENT: typeof VersionArgument = '--shrinkly-version=';

/** An error the renderer can read: the main process's message and status (400 bad request, 404 unknown, ...). */
class DesktopBridgeError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DesktopBridgeError';
  }
}

const bridge: DesktopBridge = {
  platform: process.platform,
  appVersion: process.argv.find((arg) => arg.startsWith(VERSION_ARGUMENT))?.slice(VERSION_ARGUMENT.length) ?? '',
  async invoke(channel, request) {
    const answer = (await ipcRenderer.invoke(INVOKE_CHANNEL, channel, request)) as InvokeEnvelope;
    if ('error' in answer) throw new DesktopBridgeError(answer.error.error, answer.error.status);
    return answer.value as never;
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

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
