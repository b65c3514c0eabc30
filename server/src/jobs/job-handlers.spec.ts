import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { InProcessQueue } from '../adapters/queue/in-process.queue.js';
import { JobHandlers, resumeQueue } from './job-handlers.js';

const logger = pino({ level: 'silent' });
const noJobs = { requeueInterrupted: async () => 0, listUnfinished: async () => [] };

describe('declared job handlers', () => {
  it('refuses to start a worker when a queue has no handler', async () => {
    const handlers = new JobHandlers();
    handlers.declare('compress-file', async () => {}, noJobs);
    await expect(handlers.attach(new InProcessQueue(1, logger), logger)).rejects.toThrow(
      'no handler declared for queue convert-file',
    );
  });

  it('refuses a second handler for a queue', () => {
    const handlers = new JobHandlers();
    handlers.declare('compress-file', async () => {}, noJobs);
    expect(() => handlers.declare('compress-file', async () => {}, noJobs)).toThrow('already has a handler');
  });

  it('attaches every handler and runs the jobs left unfinished', async () => {
    const ran: string[] = [];
    const handlers = new JobHandlers();
    handlers.declare('compress-file', async (id) => void ran.push(`compress ${id}`), {
      requeueInterrupted: async () => 1,
      listUnfinished: async () => [{ id: 'a', status: 'processing' }],
    });
    handlers.declare('convert-file', async (id) => void ran.push(`convert ${id}`), {
      requeueInterrupted: async () => 0,
      listUnfinished: async () => [{ id: 'b', status: 'queued' }],
    });
    handlers.declare('deliver-webhook', async () => {}, noJobs);
    const queue = new InProcessQueue(2, logger);
    await handlers.attach(queue, logger);
    await queue.enqueue('convert-file', 'c');
    await new Promise((r) => setTimeout(r, 50));
    expect(ran.sort()).toEqual(['compress a', 'convert b', 'convert c']);
    await queue.close();
  });

  it('resumes only the unfinished jobs the queue does not hold: those others run or will take over', async () => {
    const queue = new InProcessQueue(1, logger);
    const ran: string[] = [];
    queue.register('compress-file', async (id) => void ran.push(id));
    queue.held = async (_name, ids) => new Set(ids.filter((id) => id === 'running-elsewhere'));
    let requeued: readonly string[] = [];
    const records = {
      listUnfinished: async () => [
        { id: 'running-elsewhere', status: 'processing' },
        { id: 'left-by-a-dead-process', status: 'processing' },
        { id: 'recorded-before-redis', status: 'queued' },
      ],
      requeueInterrupted: async (ids: readonly string[]) => {
        requeued = ids;
        return ids.length;
      },
    };
    await resumeQueue('compress-file', records, queue, logger);
    await new Promise((r) => setTimeout(r, 50));
    expect(requeued).toEqual(['left-by-a-dead-process']);
    expect(ran).toEqual(['left-by-a-dead-process', 'recorded-before-redis']);
    await queue.close();
  });
});
