import { EngineError } from '../../errors.js';

/**
 * Start times of up to `count` segments of `segmentSec` spread evenly over a file of `durationSec` (each centred
 * in its share of the file). A file too short for separate segments gives one segment from 0 covering it all.
 */
export function spreadSegments(durationSec: number, count: number, segmentSec: number): { starts: number[]; segmentSec: number } {
  if (!(durationSec > 0) || durationSec <= count * segmentSec * 1.5) return { starts: [0], segmentSec: Math.max(durationSec, 0) };
  const starts = Array.from({ length: count }, (_, k) => Math.max(0, (durationSec * (k + 0.5)) / count - segmentSec / 2));
  return { starts, segmentSec };
}

/** Stops an estimate between steps once its caller has cancelled. */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
}

/** Whole bytes, never above the original, and a stronger level never bigger than a lighter one. */
export function orderedSizes(
  sizes: Record<'light' | 'balanced' | 'maximum', number>,
  originalSize: number,
): Record<'light' | 'balanced' | 'maximum', number> {
  const light = Math.round(Math.min(sizes.light, originalSize));
  const balanced = Math.round(Math.min(sizes.balanced, light));
  const maximum = Math.round(Math.min(sizes.maximum, balanced));
  return { light, balanced, maximum };
}
