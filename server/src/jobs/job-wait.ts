const POLL_MS = 100;

/**
 * Waits up to `waitMs` for a job to finish, so quick work answers with its result in the same request and long
 * work answers with the job to follow. `load` reads the job's current row. Returns the job as it is at the end.
 */
export async function waitForJob<J extends { status: string }>(load: () => Promise<J | undefined>, waitMs: number): Promise<J> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const job = await load();
    if (!job) throw new Error('job vanished while awaited');
    if (job.status === 'completed' || job.status === 'failed' || Date.now() >= deadline) return job;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
