import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SweepTask } from '../../common/sweep-tasks.js';

/**
 * Temporary files live in one folder per server process, DATA_DIR/tmp/PID, so that what a crashed process left
 * behind (half-received uploads, work folders, the office's profile) can be told apart from a live process's work:
 * - at start, every entry of DATA_DIR/tmp that is not the folder of another live process is removed (a folder with
 *   our own PID is a previous process's: PIDs repeat across restarts in containers);
 * - the sweeper does the same on its timer, and also removes entries of our own folder older than `maxAgeMs`
 *   (longer than any job may run), should anything ever escape its clean-up.
 * Chunked uploads are not temporary files: their acknowledged chunks are kept elsewhere until assembled or expired.
 */
export const TEMP_MAX_AGE_MS = 6 * 60 * 60 * 1000;

function isLiveProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether DATA_DIR/tmp/NAME belongs to another process that is still running. */
function ownedByAnotherLiveProcess(name: string, ownPid: number): boolean {
  if (!/^\d+$/.test(name)) return false;
  const pid = Number(name);
  return pid !== ownPid && isLiveProcess(pid);
}

async function entries(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

/**
 * Removes what dead processes left under `tmpRoot` (DATA_DIR/tmp); returns how many entries went. At start our own
 * PID's folder is a previous process's; once running, `keepOwn` spares it.
 */
export async function removeDeadProcessesTemp(tmpRoot: string, options: { keepOwn?: boolean } = {}): Promise<number> {
  let removed = 0;
  for (const name of await entries(tmpRoot)) {
    if (ownedByAnotherLiveProcess(name, process.pid) || (options.keepOwn && name === String(process.pid))) continue;
    await rm(path.join(tmpRoot, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Entries of our own temp folder older than `maxAgeMs` (by modification time). */
async function removeOld(ownDir: string, now: Date, maxAgeMs: number): Promise<number> {
  let removed = 0;
  const walk = async (dir: string) => {
    for (const name of await entries(dir)) {
      const full = path.join(dir, name);
      const info = await stat(full).catch(() => undefined);
      if (!info) continue;
      if (now.getTime() - info.mtimeMs > maxAgeMs) {
        await rm(full, { recursive: true, force: true });
        removed += 1;
      } else if (info.isDirectory() && dir === ownDir) {
        // One level down: the uploads and work folders themselves stay, their old contents go.
        await walk(full);
      }
    }
  };
  await walk(ownDir);
  return removed;
}

/** The sweeper's task: dead processes' temp folders, and our own leftovers past `maxAgeMs`. */
export function staleTempFiles(tmpRoot: string, ownDir: string, maxAgeMs = TEMP_MAX_AGE_MS): SweepTask {
  return {
    name: 'tempFiles',
    everyProcess: true,
    async sweep(now) {
      return (await removeDeadProcessesTemp(tmpRoot, { keepOwn: true })) + (await removeOld(ownDir, now, maxAgeMs));
    },
  };
}
