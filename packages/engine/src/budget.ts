import { EngineError } from './errors.js';
import type { Family } from './types.js';

/**
 * How much work one engine call may spend on one file. Every uploaded file is hostile: it may be small and still
 * slow to decode (an animation of ten thousand frames, a video that declares ten hours of black). Past its budget a
 * call stops its tools and fails at once with kind 'over-budget' and a message that says why, instead of holding a
 * worker until a client gives up.
 *
 * - time: the whole call (decode, search, encode, verify), per family; media get more per second of content;
 * - frames: animated pictures of up to `maxFrames` frames (and, as before, 100 megapixels over all frames);
 * - duration: audio up to 12 hours, video up to 4 hours; video frames up to 8192 pixels a side.
 */
export interface WorkBudget {
  /** Milliseconds for the whole call, before any extension. */
  timeMs: number;
  /** Extra milliseconds per second of media content (video and audio). */
  perMediaSecondMs?: number;
  maxFrames?: number;
  maxDurationSec?: number;
  maxFrameSide?: number;
}

const MINUTE = 60_000;

export const WORK_BUDGETS: Readonly<Record<Family, WorkBudget>> = {
  image: { timeMs: 2 * MINUTE, maxFrames: 1_000 },
  pdf: { timeMs: 5 * MINUTE },
  office: { timeMs: 5 * MINUTE },
  archive: { timeMs: 10 * MINUTE },
  text: { timeMs: MINUTE },
  audio: { timeMs: 2 * MINUTE, perMediaSecondMs: 500, maxDurationSec: 12 * 3600 },
  video: { timeMs: 5 * MINUTE, perMediaSecondMs: 4_000, maxDurationSec: 4 * 3600, maxFrameSide: 8192 },
};

/** The preview (an estimate of every level) answers within this, or says it cannot. */
export const PREVIEW_TIME_BUDGET_MS = 40_000;

/**
 * A time limit on one call: its `signal` aborts when the caller's signal does or when time runs out (then `expired`
 * is true). A family that learns the content's length (a video's duration) extends it once it knows.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private endsAt: number;
  private readonly detach: () => void;
  expired = false;

  /** `extendable`: false when the caller set the limit itself (it is then a hard cap). */
  constructor(
    timeMs: number,
    parent?: AbortSignal,
    private readonly extendable = true,
  ) {
    this.endsAt = Date.now() + timeMs;
    this.arm();
    if (parent?.aborted) this.controller.abort(parent.reason);
    const onAbort = () => this.controller.abort(parent?.reason);
    parent?.addEventListener('abort', onAbort, { once: true });
    // A long-lived parent (the queue's shutdown signal) must not keep one listener per finished call.
    this.detach = () => parent?.removeEventListener('abort', onAbort);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Adds `ms` to the time left (before it has run out). */
  extendBy(ms: number): void {
    if (this.expired || ms <= 0 || !this.extendable) return;
    this.endsAt += ms;
    this.arm();
  }

  /** Ends the deadline: no timer, no listener on the parent signal. */
  clear(): void {
    this.disarm();
    this.detach();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  private arm(): void {
    this.disarm();
    this.timer = setTimeout(
      () => {
        this.expired = true;
        this.controller.abort(new EngineError('over-budget', 'Out of time'));
      },
      Math.max(0, this.endsAt - Date.now()),
    );
    this.timer.unref();
  }
}

function spoken(ms: number): string {
  return ms >= MINUTE ? `${Math.round(ms / MINUTE)} min` : `${Math.round(ms / 1000)} s`;
}

/** The error of a call whose deadline ran out. */
export function outOfTime(family: Family, budgetMs: number): EngineError {
  return new EngineError(
    'over-budget',
    `This file needs more processing than Shrinkly gives one ${family === 'pdf' ? 'PDF' : family} file (${spoken(budgetMs)}). It may be damaged or built to be slow to open.`,
  );
}

/** Refuses media longer than its family's limit, and gives the call time in proportion to its length. */
export function budgetMedia(family: 'audio' | 'video', durationSec: number, deadline: Deadline | undefined): void {
  const budget = WORK_BUDGETS[family];
  const hours = (budget.maxDurationSec ?? Infinity) / 3600;
  if (durationSec > (budget.maxDurationSec ?? Infinity)) {
    throw new EngineError('over-budget', `This ${family} is longer than ${hours} hours, the longest Shrinkly compresses.`);
  }
  deadline?.extendBy(Math.ceil(durationSec) * (budget.perMediaSecondMs ?? 0));
}

/** Refuses animations with more frames than the image family's limit. */
export function budgetFrames(frames: number): void {
  const max = WORK_BUDGETS.image.maxFrames ?? Infinity;
  if (frames > max) {
    throw new EngineError(
      'over-budget',
      `This animation has ${frames.toLocaleString('en-US')} frames; Shrinkly compresses animations of up to ${max.toLocaleString('en-US')} frames.`,
    );
  }
}
