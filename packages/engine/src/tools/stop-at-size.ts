import { stat } from 'node:fs/promises';

/** How often a growing file is looked at. */
const POLL_MS = 200;

/**
 * Aborts `stop` once `file`, while a tool writes it, reaches the `limit` in bytes, counted once it settles to a number
 * (never when it settles to undefined or fails). The tool watched must only ever add to its output (ghostscript's
 * pdfwrite does), so a file that reaches the limit before it is finished would end at or above it: stopping it early
 * gives the same answer sooner. `close()` when the tool has ended.
 */
export function stopAtSize(file: string, limit: Promise<number | undefined>, stop: AbortController): { close(): void } {
  let bytes: number | undefined;
  let closed = false;
  limit.then(
    (known) => {
      bytes = known;
    },
    () => undefined,
  );
  const timer = setInterval(() => {
    const at = bytes;
    if (at === undefined) return;
    stat(file).then(
      (info) => {
        if (!closed && info.size >= at) stop.abort();
      },
      () => undefined,
    );
  }, POLL_MS);
  timer.unref();
  return {
    close: () => {
      closed = true;
      clearInterval(timer);
    },
  };
}
