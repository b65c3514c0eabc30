import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DesktopEvent, DesktopEventPayload } from '@shrinkly/contract';
import type { EventSink, KeyValueStore, NativeDialogs, NativeShell, SecretCipher } from '../../src/core/ports.js';

/** A KeyValueStore kept as JSON text, as electron-store keeps its file: values go through JSON both ways. */
export class JsonStore implements KeyValueStore {
  text = '{}';
  /** Every value written, with the time it was written. */
  readonly writes: Array<{ key: string; value: unknown; at: number }> = [];

  get(key: string): unknown {
    return (JSON.parse(this.text) as Record<string, unknown>)[key];
  }

  set(key: string, value: unknown): void {
    this.writes.push({ key, value: JSON.parse(JSON.stringify(value ?? null)), at: Date.now() });
    this.text = JSON.stringify({ ...JSON.parse(this.text), [key]: value });
  }

  delete(key: string): void {
    const { [key]: _gone, ...rest } = JSON.parse(this.text) as Record<string, unknown>;
    this.text = JSON.stringify(rest);
  }
}

/** AES-256-GCM with a key held in memory, standing in for the operating system's key. */
export class MemoryCipher implements SecretCipher {
  private readonly key = randomBytes(32);

  constructor(private readonly available = true) {}

  isAvailable(): boolean {
    return this.available;
  }

  encrypt(plain: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  decrypt(encrypted: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, encrypted.subarray(0, 12));
    decipher.setAuthTag(encrypted.subarray(12, 28));
    return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** Dialogs that answer what the test chose (`files`, `folder`: what the user picks next), counting how often they were opened. */
export class ScriptedDialogs implements NativeDialogs {
  opened = 0;
  constructor(
    public files: string[] = [],
    public folder: string | null = null,
  ) {}

  async chooseFiles(): Promise<string[]> {
    this.opened += 1;
    return this.files;
  }

  async chooseFolder(): Promise<string | null> {
    this.opened += 1;
    return this.folder;
  }
}

/** A shell that records what it was asked to do. */
export class RecordingShell implements NativeShell {
  readonly shown: string[] = [];
  readonly opened: string[] = [];
  readonly launchAtLogin: boolean[] = [];

  showItemInFolder(path: string): void {
    this.shown.push(path);
  }

  async openExternal(url: string): Promise<void> {
    this.opened.push(url);
  }

  setLaunchAtLogin(enabled: boolean): void {
    this.launchAtLogin.push(enabled);
  }
}

/** Every event the core sent, in order, and a way to wait for one. */
export class RecordedEvents {
  readonly events: Array<{ event: DesktopEvent; payload: unknown }> = [];
  private readonly waiters: Array<() => void> = [];

  readonly sink: EventSink = (event, payload) => {
    this.events.push({ event, payload });
    for (const wake of this.waiters.splice(0)) wake();
  };

  of<E extends DesktopEvent>(event: E): Array<DesktopEventPayload<E>> {
    return this.events.filter((e) => e.event === event).map((e) => e.payload as DesktopEventPayload<E>);
  }

  /** Resolves with the first event (past or future) that `match` accepts. */
  async waitFor<E extends DesktopEvent>(
    event: E,
    match: (payload: DesktopEventPayload<E>) => boolean,
    timeoutMs = 60_000,
  ): Promise<DesktopEventPayload<E>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.of(event).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${event} event matched within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
  }
}
