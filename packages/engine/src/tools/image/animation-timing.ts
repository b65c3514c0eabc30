/**
 * Browsers show a frame of 10 ms or less for 100 ms: a run of frames is only seen as one frame of their summed
 * duration when each of them lasts longer than that.
 */
const SHORTEST_MERGEABLE_DELAY_MS = 20;

/** An animation's timing as sharp reads it: each frame's delay in milliseconds, and the loop count (0 = forever). */
export interface AnimationTiming {
  delay: readonly number[];
  loop: number;
}

/** An animation's timing from its metadata as sharp reads it (no delays, loop 0, when it has none). */
export function timingOf(meta: { delay?: number[]; loop?: number }): AnimationTiming {
  return { delay: meta.delay ?? [], loop: meta.loop ?? 0 };
}

/**
 * Which of an output's frames a viewer sees during each of the original's frames (its index, per original frame), or
 * undefined when the output does not play as the original does. GIF optimisers (gifsicle, cgif) merge a run of equal
 * neighbouring frames into one frame lasting as long as the run: the output then has fewer frames, and each of the
 * original's frames is seen as the merged frame that covers its time. The frames' pixels are for the measurement to
 * compare; here only the timing: the same loop count, and each output frame lasting exactly as long as a run of
 * consecutive original frames.
 */
export function framesShown(original: AnimationTiming, output: AnimationTiming): number[] | undefined {
  // Without delays (a TIFF's pages) there is no timing to play by: only the same frame count would do.
  if (original.delay.length === 0 || original.loop !== output.loop) return undefined;
  const shown: number[] = [];
  let next = 0;
  for (const [frame, duration] of output.delay.entries()) {
    const start = next;
    let covered = 0;
    // A run is at least one original frame, and ends as soon as it lasts as long as the output frame.
    do {
      covered += original.delay[next] ?? Number.NaN;
      shown.push(frame);
      next++;
    } while (covered < duration && next < original.delay.length);
    if (covered !== duration) return undefined;
    const run = original.delay.slice(start, next);
    if (run.length > 1 && run.some((ms) => ms < SHORTEST_MERGEABLE_DELAY_MS)) return undefined;
  }
  return next === original.delay.length ? shown : undefined;
}

/** Whether every original frame is shown by the output frame of the same index (nothing was merged). */
export function isOneToOne(shown: readonly number[]): boolean {
  return shown.every((frame, i) => frame === i);
}

/**
 * The output's decoded frames laid out as the original's (`shown`, from `framesShown`): each original frame's place
 * holds the output frame seen then. `sets` is how many times the whole animation is in `pixels` one after another
 * (twice when it was decoded over black and over white).
 */
export function framesAsShown(pixels: Buffer, frameBytes: number, shown: readonly number[], sets: number): Buffer {
  const outputFrames = pixels.length / frameBytes / sets;
  const laidOut = Buffer.allocUnsafe(frameBytes * shown.length * sets);
  for (let set = 0; set < sets; set++) {
    for (const [i, frame] of shown.entries()) {
      const from = (set * outputFrames + frame) * frameBytes;
      pixels.copy(laidOut, (set * shown.length + i) * frameBytes, from, from + frameBytes);
    }
  }
  return laidOut;
}
