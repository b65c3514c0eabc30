import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { InProcessQueue } from '../adapters/queue/in-process.queue.js';
import { JobHandlers } from './job-handlers.js';

const logger = pino({ level: 'silent' });
const noJobs = { requeueInterrupted: async () => 0, listUnfinished: async () => [] };

describe('declared job handlers', () => {
  it('refuses to start a worker when a queue has no handler', async () => {
    const handlers = new JobHandlers();
    handlers.declare('compress-file', async () => {}, noJobs);
    await expect(handlers.attach(new InProcessQueue(1, logger), logger)).rejects.toThrow('no handler declared for queue convert-file');
  });

  it('refuses a second handler for a queue', () => {
    const handlers = new JobHandlers();
    handlers.declare('compress-file', async () => {}, noJobs);
    expect(() => handlers.declare('compress-file', async () => {}, noJobs)).toThrow('already has a handler');
  });

  it('attaches every handler and runs the jobs left unfinished', async () => {
    const ran: string[] = [];
    const handlers = new JobHandlers();
    handlers.declare('compress-file', async (id) => void ran.push(`compress ${id}`), { requeueInterrupted: async () => 1, listUnfinished: async () => [{ id: 'a' }] });
    handlers.declare('convert-file', async (id) => void ran.push(`convert ${id}`), { requeueInterrupted: async () => 0, listUnfinished: async () => [{ id: 'b' }] });
    const queue = new InProcessQueue(2, logger);
    await handlers.attach(queue, logger);
    await queue.enqueue('convert-file', 'c');
    await new Promise((r) => setTimeout(r, 50));
    expect(ran.sort()).toEqual(['compress a', 'convert b', 'convert c']);
    await queue.close();
  });
});
