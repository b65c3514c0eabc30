/*
 * The bar of one conversion (docs/product/SPEC.md §4 "Converter file"): the upload's real bytes fill it to 50, the server's
 * work to 95, and it reads 100 only once the converted file is ready.
 */

export const CONVERSION_PROGRESS = { uploaded: 50, ceiling: 95, done: 100 } as const;

/** How often the bar creeps while the server works without reporting progress (a quick, synchronous conversion). */
export const CREEP_INTERVAL_MS = 500;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The bar while the bytes go: 0 to 50 for a share of 0 to 1. */
export function uploadBarProgress(fraction: number): number {
  return Math.round(clamp(fraction, 0, 1) * CONVERSION_PROGRESS.uploaded);
}

/** The bar while a long conversion's job is followed: its 0-100 mapped to 50-95. */
export function jobBarProgress(jobPercent: number): number {
  const span = CONVERSION_PROGRESS.ceiling - CONVERSION_PROGRESS.uploaded;
  return CONVERSION_PROGRESS.uploaded + Math.round((clamp(jobPercent, 0, 100) / 100) * span);
}

/**
 * One simulated step while nothing is measured: a tenth of the way left to 95, at least 1, so the bar moves
 * quickly at first and slows as it nears the ceiling without ever reaching 100 on its own.
 */
export function creepBarProgress(current: number): number {
  const { ceiling } = CONVERSION_PROGRESS;
  if (current >= ceiling) return Math.max(current, ceiling);
  return Math.min(ceiling, current + Math.max(1, Math.round((ceiling - current) / 10)));
}
