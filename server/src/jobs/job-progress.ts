/**
 * An engine `onProgress` that writes a job's progress at most every 2 % (and never 100: that is written with the
 * result), without waiting for the write and without failing the job when one write fails.
 */
export function throttledProgress(write: (percent: number) => Promise<void>): (percent: number) => void {
  let last = 0;
  return (percent) => {
    if (percent - last < 2) return;
    last = percent;
    void write(Math.min(99, percent)).catch(() => {});
  };
}
