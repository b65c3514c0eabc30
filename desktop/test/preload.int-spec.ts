import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import type { DesktopBridge } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';

const built = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/shell/preload.cjs');

/** Runs the built preload with a stand-in for 'electron' whose main process answers every invoke with `answer`. */
async function bridgeAnswering(answer: unknown): Promise<DesktopBridge> {
  let exposed: DesktopBridge | undefined;
  const electron = {
    contextBridge: {
      exposeInMainWorld(_name: string, api: DesktopBridge) {
        exposed = api;
      },
    },
    ipcRenderer: { invoke: async () => answer, on() {}, removeListener() {}, send() {} },
    webUtils: { getPathForFile: () => '' },
  };
  const module = { exports: {} };
  runInNewContext(await readFile(built, 'utf8'), {
    require: (name: string) => (name === 'electron' ? electron : undefined),
    module,
    exports: module.exports,
    process: { platform: 'linux', argv: [] },
    addEventListener() {},
  });
  return exposed!;
}

describe('the built preload', () => {
  it('is CommonJS that requires nothing but electron, as a sandboxed preload must', async () => {
    const code = await readFile(built, 'utf8');
    const required = [...code.matchAll(/require\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).not.toMatch(/\bimport\(/);
  });

  it("hands on the main process's answer, and a refusal as the { error, status } the renderer reads", async () => {
    const settings = { keepOriginal: true };
    expect(await (await bridgeAnswering({ value: settings })).invoke('settings:get', undefined)).toEqual(settings);
    const refusal = { error: 'The output folder can only be set with Choose folder', status: 403 };
    expect(await (await bridgeAnswering({ error: refusal })).invoke('settings:get', undefined)).toEqual(refusal);
  });
});
