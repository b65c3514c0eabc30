import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopAtSize } from './stop-at-size.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stop-at-size-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `stop` is aborted within `ms` (a loaded machine may poll late; a few seconds is plenty). */
function abortedWithin(stop: AbortController, ms: number): Promise<boolean> {
  if (stop.signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    stop.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('stopAtSize', () => {
  it('stops once the growing file reaches the limit, not before', async () => {
    const file = path.join(dir, 'a.bin');
    await writeFile(file, Buffer.alloc(2000));
    const stop = new AbortController();
    const watch = stopAtSize(file, Promise.resolve(2500), stop);
    try {
      expect(await abortedWithin(stop, 700)).toBe(false);
      await appendFile(file, Buffer.alloc(1000));
      expect(await abortedWithin(stop, 5000)).toBe(true);
    } finally {
      watch.close();
    }
  });

  it('waits for a promised limit, and never stops when there is none', async () => {
    const file = path.join(dir, 'b.bin');
    await writeFile(file, Buffer.alloc(3000));
    const none = new AbortController();
    const later = new AbortController();
    const watches = [
      stopAtSize(file, Promise.resolve(undefined), none),
      stopAtSize(
        file,
        pause(300).then(() => 1500),
        later,
      ),
    ];
    try {
      expect(await abortedWithin(later, 5000)).toBe(true);
      expect(await abortedWithin(none, 500)).toBe(false);
    } finally {
      for (const watch of watches) watch.close();
    }
  });
});
