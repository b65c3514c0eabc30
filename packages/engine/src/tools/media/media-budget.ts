import { budgetMedia, type Deadline, WORK_BUDGETS } from '../../budget.js';
import { EngineError } from '../../errors.js';
import type { MediaInfo } from './probe.js';

/** A video's budget (budget.ts): its length, and frames no larger than 8192 pixels a side. */
export function budgetVideo(info: MediaInfo, deadline: Deadline | undefined): void {
  budgetMedia('video', info.durationSec, deadline);
  const side = WORK_BUDGETS.video.maxFrameSide ?? Infinity;
  for (const s of info.streams) {
    if (s.type === 'video' && !s.attachedPic && Math.max(s.width ?? 0, s.height ?? 0) > side) {
      throw new EngineError(
        'over-budget',
        `This video's frames are ${s.width}×${s.height}; Shrinkly compresses video up to ${side} pixels a side.`,
      );
    }
  }
}
