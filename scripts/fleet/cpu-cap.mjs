// A CPU quota for one process and everything it starts, through the kernel's CFS bandwidth control: a cgroup of its
// own with `cores` worth of CPU time per period. Used by `npm run bench:scale` to give each worker a machine of a fixed
// size on a shared one. Needs a writable cgroup file system (cgroup v1's cpu controller, or v2 with cpu enabled) and
// the rights to use it; where either is missing `capCpu` says why and changes nothing.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const PERIOD_US = 100_000;

/** Where a new cgroup with a CPU quota can be made, and how its quota is written. */
async function hierarchy() {
  if (existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us')) {
    return {
      root: '/sys/fs/cgroup/cpu',
      setQuota: (dir, quotaUs) => writeFile(path.join(dir, 'cpu.cfs_quota_us'), String(quotaUs)),
    };
  }
  const controllers = await readFile('/sys/fs/cgroup/cgroup.subtree_control', 'utf8').catch(() => '');
  if (controllers.split(/\s+/).includes('cpu')) {
    return {
      root: '/sys/fs/cgroup',
      setQuota: (dir, quotaUs) => writeFile(path.join(dir, 'cpu.max'), `${quotaUs} ${PERIOD_US}`),
    };
  }
  return undefined;
}

/**
 * Limits process `pid` (and the processes and threads it starts from now on) to `cores` cores' worth of time, and,
 * given `cpus` (a list such as "1" or "0-3"), to those CPUs, as a machine of its own would: its threads then never run
 * on more cores at once than it has. Resolves with `{ release() }`, or with `{ reason }` when either could not be set.
 */
export async function capCpu(pid, cores, cpus) {
  const where = await hierarchy();
  if (!where) return { reason: 'no cgroup file system with the cpu controller is writable here' };
  const dir = path.join(where.root, `shrinkly-bench-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(dir);
    await where.setQuota(dir, Math.round(cores * PERIOD_US));
    await writeFile(path.join(dir, 'cgroup.procs'), String(pid));
    // -a: every thread the process has now; the ones it starts later inherit the mask.
    if (cpus !== undefined) await promisify(execFile)('taskset', ['-a', '-cp', cpus, String(pid)]);
  } catch (err) {
    await rmdir(dir).catch(() => undefined);
    return { reason: `the cgroup could not be set up (${err.code ?? err.message})` };
  }
  return {
    /** Removes the cgroup once its processes have exited (the kernel refuses while any remain). */
    async release() {
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          await rmdir(dir);
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
}
