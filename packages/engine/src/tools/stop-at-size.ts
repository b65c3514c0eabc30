import { stat } from 'node:fs/promises';

/** How often a growing file is looked at. */
const POLL_MS = 200;

/**
 * Aborts `stop` once `file`, while a tool writes it, reaches `limit` bytes; a promised limit counts once it settles to
 * a number (never when it settles to undefined). The tools watched this way (ghostscript, ffmpeg's muxers) only ever
 * add to their output, so a file that reaches the limit before it is finished would end at or above it: stopping it
 * early gives the same answer sooner. `close()` when the tool has ended.
 */
export function stopAtSize(file: string, limit: number | Promise<number | undefined>, stop: AbortController): { close(): void } {
  let bytes = typeof limit === 'number' ? limit : undefined;
  let closed = false;
  if (typeof limit !== 'number')
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
