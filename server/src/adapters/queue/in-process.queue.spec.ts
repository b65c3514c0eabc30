import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { InProcessQueue } from './in-process.queue.js';

const logger = pino({ level: 'silent' });

/** A job that runs until released. */
function gate(): { wait: Promise<void>; release: () => void } {
  let release = () => {};
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { wait, release };
}

describe('InProcessQueue', () => {
  it('runs inline work (a preview) only when a job slot is free, in arrival order', async () => {
    const queue = new InProcessQueue(1, logger);
    const job = gate();
    const order: string[] = [];
    queue.register('q', async (id) => {
      order.push(`job ${id} started`);
      await job.wait;
      order.push(`job ${id} done`);
    });
    await queue.enqueue('q', 'a');
    const preview = queue.runNow(async () => {
      order.push('preview ran');
      return 42;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['job a started']);
    job.release();
    expect(await preview).toBe(42);
    expect(order).toEqual(['job a started', 'job a done', 'preview ran']);
    await queue.close();
  });

  it('passes a failure of inline work back to its caller and keeps running jobs', async () => {
    const queue = new InProcessQueue(1, logger);
    const ran: string[] = [];
    queue.register('q', async (id) => {
      ran.push(id);
    });
    await expect(queue.runNow(async () => Promise.reject(new Error('too costly')))).rejects.toThrow('too costly');
    await queue.enqueue('q', 'b');
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['b']);
    await queue.close();
  });
});
