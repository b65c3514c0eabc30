import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BullmqQueue } from '../../src/adapters/queue/bullmq.queue.js';
import { InProcessQueue } from '../../src/adapters/queue/in-process.queue.js';
import type { Delivery, QueuePort } from '../../src/adapters/queue/queue.port.js';
import type { RedisConfig } from '../../src/config/app.config.js';
import { testRedis, testRedisConfig, testRedisUrl } from '../redis.js';

const logger = pino({ level: 'silent' });

interface QueueOptions {
  /** Jobs this process runs at once. */
  concurrency: number;
  /** false: a web-only process. */
  runsJobs?: boolean;
}

/** One adapter of QueuePort, opened as each process of a deployment opens it. */
interface QueueSubject {
  name: string;
  /** Whether a queue opened by another process runs the jobs this one adds (Redis), or only this process (in-process). */
  shared: boolean;
  /** A queue as one process has it; two calls are two processes. */
  open(options: QueueOptions): Promise<QueuePort>;
  cleanUp(): Promise<void>;
}

function inProcessSubject(): QueueSubject {
  return {
    name: 'InProcessQueue',
    shared: false,
    open: async ({ concurrency, runsJobs = true }) => new InProcessQueue(concurrency, logger, { runsJobs }),
    cleanUp: async () => {},
  };
}

function bullmqSubject(config: RedisConfig): QueueSubject {
  const redis = testRedis(config);
  return {
    name: 'BullmqQueue',
    shared: true,
    async open({ concurrency, runsJobs = true }) {
      const { client } = await redis.connect();
      return new BullmqQueue(
        {
          connection: client,
          prefix: config.prefix,
          runsJobs,
          workerConcurrency: concurrency,
          inlineConcurrency: concurrency,
          lockMs: config.lockMs,
          stalledCheckMs: config.stalledCheckMs,
        },
        logger,
      );
    },
    cleanUp: () => redis.cleanUp(),
  };
}

/** Work that runs until released. */
function gate(): { wait: Promise<void>; release: () => void } {
  let release = () => {};
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { wait, release };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const redisConfig = testRedisUrl ? testRedisConfig(testRedisUrl) : undefined;
const subjects: QueueSubject[] = [inProcessSubject(), ...(redisConfig ? [bullmqSubject(redisConfig)] : [])];

describe.each(subjects)('QueuePort: $name', (subject) => {
  const open: QueuePort[] = [];
  /** A queue name of the test's own, so no test meets another's jobs. */
  const queueName = () => `q-${randomUUID()}`;
  const openQueue = async (options: QueueOptions) => {
    const queue = await subject.open(options);
    open.push(queue);
    return queue;
  };

  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.close()));
  });
  afterAll(() => subject.cleanUp());

  it('runs an enqueued job by its id, handed out for the first time', async () => {
    const name = queueName();
    const queue = await openQueue({ concurrency: 1 });
    const ran: Array<[string, Delivery]> = [];
    queue.register(name, async (id, _signal, delivery) => void ran.push([id, delivery]));
    const id = randomUUID();
    await queue.enqueue(name, id);
    await until(() => ran.length === 1);
    expect(ran).toEqual([[id, { redelivered: false }]]);
  });

  it('refuses a second handler for a queue', async () => {
    const name = queueName();
    const queue = await openQueue({ concurrency: 1 });
    queue.register(name, async () => {});
    expect(() => queue.register(name, async () => {})).toThrow('already has a handler');
  });

  it('runs at most its concurrency at once, and every job in the end', async () => {
    const name = queueName();
    const queue = await openQueue({ concurrency: 2 });
    const release = gate();
    let running = 0;
    let most = 0;
    const done: string[] = [];
    queue.register(name, async (id) => {
      running += 1;
      most = Math.max(most, running);
      await release.wait;
      running -= 1;
      done.push(id);
    });
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await queue.enqueue(name, id);
    await until(() => running === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(running).toBe(2);
    release.release();
    await until(() => done.length === 4);
    expect(most).toBe(2);
    expect(done.sort()).toEqual([...ids].sort());
  });

  it('holds a job until it has run, and runs a job enqueued twice (a resume after a crash) once', async () => {
    const name = queueName();
    const queue = await openQueue({ concurrency: 1 });
    const release = gate();
    const ran: string[] = [];
    queue.register(name, async (id) => {
      ran.push(id);
      await release.wait;
    });
    const id = randomUUID();
    await queue.enqueue(name, id);
    await until(() => ran.length === 1);
    await queue.enqueue(name, id);
    expect(await queue.held(name, [id, randomUUID()])).toEqual(new Set([id]));
    release.release();
    await until(async () => (await queue.held(name, [id])).size === 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toEqual([id]);
  });

  it('on close, aborts the running jobs and waits for their handlers', async () => {
    const name = queueName();
    const queue = await openQueue({ concurrency: 2 });
    const seen: string[] = [];
    queue.register(name, async (id, signal) => {
      seen.push(`started ${id}`);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      await new Promise((r) => setTimeout(r, 50));
      seen.push(`stopped ${id}`);
    });
    const [a, b] = [randomUUID(), randomUUID()];
    await queue.enqueue(name, a);
    await queue.enqueue(name, b);
    await until(() => seen.length === 2);
    await queue.close();
    expect(seen.filter((s) => s.startsWith('stopped')).sort()).toEqual([`stopped ${a}`, `stopped ${b}`].sort());
  });

  it('runs inline work (a preview) in the asking process, web-only too, under its limit, passing failures back', async () => {
    const queue = await openQueue({ concurrency: 1, runsJobs: false });
    const first = gate();
    const order: string[] = [];
    const one = queue.runNow(async () => {
      order.push('one started');
      await first.wait;
      order.push('one done');
      return 1;
    });
    const two = queue.runNow(async () => {
      order.push('two ran');
      return 2;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual(['one started']);
    first.release();
    expect(await Promise.all([one, two])).toEqual([1, 2]);
    expect(order).toEqual(['one started', 'one done', 'two ran']);
    await expect(queue.runNow(async () => Promise.reject(new Error('too costly')))).rejects.toThrow('too costly');
  });

  it('in a web-only process, only enqueues: a worker process runs the job when the queue is shared', async () => {
    const name = queueName();
    const web = await openQueue({ concurrency: 1, runsJobs: false });
    const ranOnWeb: string[] = [];
    web.register(name, async (id) => void ranOnWeb.push(id));
    const worker = await openQueue({ concurrency: 1 });
    const ranOnWorker: string[] = [];
    worker.register(name, async (id) => void ranOnWorker.push(id));
    const id = randomUUID();
    await web.enqueue(name, id);
    if (subject.shared) {
      await until(() => ranOnWorker.length === 1);
      expect(ranOnWorker).toEqual([id]);
    } else {
      // Not handed to any process: the record waits in the database for a worker's start (job-resume.int-spec.ts).
      await new Promise((r) => setTimeout(r, 300));
      expect(ranOnWorker).toEqual([]);
      expect(await web.held(name, [id])).toEqual(new Set());
    }
    expect(ranOnWeb).toEqual([]);
  });

  it.runIf(subject.shared)('hands a job running in a worker that stops to another worker at once, as a redelivery', async () => {
    const name = queueName();
    const stopping = await openQueue({ concurrency: 1 });
    const handed: Array<[string, Delivery]> = [];
    stopping.register(name, async (id, signal, delivery) => {
      handed.push([id, delivery]);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    });
    const id = randomUUID();
    await stopping.enqueue(name, id);
    await until(() => handed.length === 1);
    const other = await openQueue({ concurrency: 1 });
    const taken: Array<[string, Delivery]> = [];
    other.register(name, async (jobId, _signal, delivery) => void taken.push([jobId, delivery]));
    const started = Date.now();
    await stopping.close();
    await until(() => taken.length === 1);
    // Well before the lock of the stopped worker would have expired.
    expect(Date.now() - started).toBeLessThan(redisConfig!.lockMs);
    expect(taken).toEqual([[id, { redelivered: true }]]);
  });

  it.runIf(subject.shared)(
    'takes over a job whose worker died (its lock lapsed), once, even when it is enqueued again',
    async () => {
      const config = redisConfig!;
      const name = queueName();
      const { client } = await testRedis(config).connect();
      // A worker process killed mid-job: it took the job, then stopped renewing its lock without finishing it.
      const dying = new Worker(name, () => new Promise<never>(() => {}), {
        connection: client,
        prefix: config.prefix,
        lockDuration: config.lockMs,
        stalledInterval: config.stalledCheckMs,
      });
      const survivor = await openQueue({ concurrency: 1 });
      const adder = await openQueue({ concurrency: 1, runsJobs: false });
      const id = randomUUID();
      const active = new Promise<void>((resolve) => dying.once('active', () => resolve()));
      await adder.enqueue(name, id);
      await active;
      await dying.close(true);
      const taken: Array<[string, Delivery]> = [];
      survivor.register(name, async (jobId, _signal, delivery) => {
        taken.push([jobId, delivery]);
        await new Promise((r) => setTimeout(r, 200));
      });
      await until(() => taken.length === 1);
      // A worker starting meanwhile resumes the records the queue does not hold: this one it holds.
      await adder.enqueue(name, id);
      await until(async () => (await survivor.held(name, [id])).size === 0);
      await new Promise((r) => setTimeout(r, 500));
      expect(taken).toEqual([[id, { redelivered: true }]]);
      const queue = new Queue(name, { connection: client, prefix: config.prefix });
      expect(await queue.getJobState(id)).toBe('unknown');
      await queue.close();
      await client.quit();
    },
  );
});
