/* Timings and milestones of the landing page's upload flow (docs/product/SPEC.md §4 and §9). */

/** docs/product/SPEC.md §4: "the busy state clears 2 seconds after the attempt ends". */
export const BUSY_CLEAR_DELAY_MS = 2000;

/** The percent bar's milestones (docs/product/SPEC.md §4 "Public upload flow"). */
export const PROGRESS = {
  /** Direct path: the upload's bytes fill the bar up to here. */
  directUploaded: 50,
  directProcessing: 60,
  directCompressing: 80,
  /** Chunked path: the chunks fill the bar up to here. */
  chunksUploaded: 60,
  assembling: 70,
  done: 100,
} as const;
