import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AdvisoryRunOnce } from '../../src/adapters/locks/advisory.run-once.js';
import { InProcessRunOnce } from '../../src/adapters/locks/in-process.run-once.js';
import type { RunOnceLock } from '../../src/adapters/locks/run-once.port.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';

/** The lock as two contenders (two processes of a deployment, or two timers of one) hold it. */
interface LockSubject {
  name: string;
  contenders(): Promise<[RunOnceLock, RunOnceLock]>;
  cleanUp(): Promise<void>;
}

function inProcessSubject(): LockSubject {
  // PGlite: one process opens the database, so both contenders are in it.
  const lock = new InProcessRunOnce();
  return { name: 'in-process (PGlite)', contenders: async () => [lock, lock], cleanUp: async () => {} };
}

function advisorySubject(url: string): LockSubject {
  const opened: DatabaseHandle[] = [];
  // Each contender with a connection pool of its own, as two processes have; advisory locks need no table.
  const open = async () => {
    const handle = await openDatabase({ databaseUrl: url });
    opened.push(handle);
    return new AdvisoryRunOnce(handle.db);
  };
  return {
    name: 'PostgreSQL advisory',
    contenders: async () => [await open(), await open()],
    cleanUp: async () => void (await Promise.all(opened.map((h) => h.close()))),
  };
}

const subjects = [inProcessSubject(), ...(process.env.TEST_DATABASE_URL ? [advisorySubject(process.env.TEST_DATABASE_URL)] : [])];

function gate(): { wait: Promise<void>; release: () => void } {
  let release = () => {};
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { wait, release };
}

describe.each(subjects)('RunOnceLock: $name', (subject) => {
  afterAll(() => subject.cleanUp());
  // Names of the test's own: test files share the PostgreSQL server.
  const lockName = () => `test:${randomUUID()}`;

  it('of two contenders, one runs the work and the other skips its turn; afterwards the next one runs', async () => {
    const [a, b] = await subject.contenders();
    const name = lockName();
    const held = gate();
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = a.runExclusive(name, async () => {
      started();
      await held.wait;
      return 'a ran';
    });
    await running;
    let secondRan = false;
    expect(await b.runExclusive(name, async () => (secondRan = true))).toEqual({ ran: false });
    expect(secondRan).toBe(false);
    held.release();
    expect(await first).toEqual({ ran: true, value: 'a ran' });
    expect(await b.runExclusive(name, async () => 'b ran')).toEqual({ ran: true, value: 'b ran' });
  });

  it('lets work under other names run at the same time', async () => {
    const [a, b] = await subject.contenders();
    const held = gate();
    const first = a.runExclusive(lockName(), () => held.wait);
    expect(await b.runExclusive(lockName(), async () => 'other')).toEqual({ ran: true, value: 'other' });
    held.release();
    await first;
  });

  it('is released when the work fails, and passes the failure on', async () => {
    const [a, b] = await subject.contenders();
    const name = lockName();
    await expect(a.runExclusive(name, async () => Promise.reject(new Error('task broke')))).rejects.toThrow('task broke');
    expect(await b.runExclusive(name, async () => 'after')).toEqual({ ran: true, value: 'after' });
  });
});
