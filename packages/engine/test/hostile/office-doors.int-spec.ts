import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compress } from '../../src/compress.js';
import { convert } from '../../src/convert.js';
import { runProcess } from '../../src/process/run-process.js';
import { forceSandboxMode, sandboxMode } from '../../src/process/sandbox.js';
import { LibreOfficeBridge, replaceSharedLibreOffice } from '../../src/tools/office/libreoffice-bridge.js';
import { type CanaryFile, type CanaryListener, startCanaryListener, writeCanaryFile } from './canary.js';
import { type Door, OFFICE_DOORS } from './office-doors.js';

/** Every file under `dir`, read whole (outputs are small). */
async function everyFile(dir: string): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(await readFile(path.join(entry.parentPath, entry.name)));
  }
  return out;
}

describe('content attacks: office documents cannot reach the network or local files', () => {
  let tmp: string;
  let listener: CanaryListener;
  let canary: CanaryFile;
  let bridge: LibreOfficeBridge;
  let previous: LibreOfficeBridge | undefined;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'office-doors-'));
    listener = await startCanaryListener();
    canary = await writeCanaryFile(tmp);
    await writeFile(path.join(tmp, 'secret-notes.txt'), 'CANARY-SECRET-NOTES do not embed');
    bridge = new LibreOfficeBridge({ workRoot: tmp });
    previous = replaceSharedLibreOffice(bridge);
  });
  afterAll(async () => {
    forceSandboxMode(undefined);
    await bridge.close();
    if (previous) replaceSharedLibreOffice(previous);
    await listener.close();
    await rm(tmp, { recursive: true, force: true });
  });

  beforeEach(() => {
    listener.hits.length = 0;
  });

  const expectNothingLeaked = async (outDir: string) => {
    expect(listener.hits).toEqual([]);
    for (const bytes of await everyFile(outDir)) {
      expect(bytes.includes(canary.marker)).toBe(false);
      expect(bytes.includes(Buffer.from('CANARY-SECRET-NOTES'))).toBe(false);
    }
  };

  it('runs the tools in bubblewrap on this machine (no network, private folders, die with the server)', () => {
    expect(sandboxMode()).toBe('bwrap');
  });

  it('a tool cannot connect to any address, loopback included', async () => {
    const port = new URL(listener.url).port;
    const connect = `import socket\ntry:\n    socket.create_connection(("127.0.0.1", ${port}), 2)\n    print("connected")\nexcept OSError as e:\n    print("refused", e)`;
    const { stdout } = await runProcess('/usr/bin/python3', ['-c', connect], { captureStdout: true });
    expect(stdout).toMatch(/^refused/);
    expect(listener.hits).toEqual([]);
  });

  it('a privately sandboxed tool sees only the system and its own folder', async () => {
    const own = await mkdtemp(path.join(tmp, 'own-'));
    const { stdout } = await runProcess(
      '/usr/bin/python3',
      [
        '-c',
        `import os\nfor p in ${JSON.stringify([canary.path, '/etc/passwd', process.cwd(), own])}:\n    print(p, os.path.exists(p))`,
      ],
      {
        captureStdout: true,
        sandbox: { private: true, writable: [own] },
      },
    );
    expect(stdout).toContain(`${canary.path} False`);
    expect(stdout).toContain('/etc/passwd False');
    expect(stdout).toContain(`${process.cwd()} False`);
    expect(stdout).toContain(`${own} True`);
  });

  /** The door's document, built in a folder of its own, and an empty folder for the call's work. */
  const buildDoor = async (door: Door, folder: string) => {
    const input = path.join(await mkdtemp(path.join(tmp, `${folder}-`)), door.file);
    await door.build(input, listener.url, canary.path);
    return { input, outDir: await mkdtemp(path.join(tmp, 'out-')) };
  };

  for (const door of OFFICE_DOORS) {
    it(`${door.name}: converting to PDF fetches nothing and embeds nothing`, async () => {
      const { input, outDir } = await buildDoor(door, 'convert');
      const result = await convert(input, { target: 'pdf', tmpDir: outDir }).catch((err: unknown) => err);
      // Converting is allowed to fail on such a file; reaching outside is not.
      if (!(result instanceof Error)) expect((result as { outputSize?: number }).outputSize ?? 1).toBeGreaterThan(0);
      await expectNothingLeaked(outDir);
    });

    it(`${door.name}: compressing fetches nothing and embeds nothing`, async () => {
      const { input, outDir } = await buildDoor(door, 'compress');
      await compress(input, { level: 'maximum', tmpDir: outDir }).catch((err: unknown) => err);
      await expectNothingLeaked(outDir);
    });
  }

  describe('with the network open (the office settings hold on their own)', () => {
    beforeAll(async () => {
      forceSandboxMode('pdeathsig');
      await bridge.close();
    });
    afterAll(async () => {
      forceSandboxMode(undefined);
      await bridge.close();
    });

    for (const door of OFFICE_DOORS) {
      it(`${door.name}: the locked-down office loads no linked content`, async () => {
        const { input, outDir } = await buildDoor(door, 'open');
        await convert(input, { target: 'pdf', tmpDir: outDir }).catch((err: unknown) => err);
        await expectNothingLeaked(outDir);
      });
    }
  });
});
