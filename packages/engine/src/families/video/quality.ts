import path from 'node:path';
import { cpuBudget } from '../../cpu-budget.js';
import { measureFrameSsim } from '../../quality/frame-ssim.js';
import type { FfmpegRunner } from '../../tools/media/ffmpeg.js';
import { ffmpegTimeoutMs } from '../../tools/media/ffmpeg.js';

/**
 * Seconds of picture judged together: about what a viewer takes in at once. A video's SSIM is the mean SSIM of the
 * frames of its worst window, so a hard start (or any hard stretch) cannot hide behind an easy rest.
 */
export const WINDOW_SEC = 2;

/** Which frames of a video are compared with their source, and how they group into windows. */
export interface PictureCheck {
  /** [first, end) frame numbers to compare, one window each; every frame when absent, in consecutive windows. */
  spans?: Array<[number, number]>;
  /** Frames per window when every frame is compared. */
  perWindow: number;
}

export interface PictureQuality {
  /** Mean SSIM of the worst window: what must keep the level's floor, and what the recipe reports. */
  worst: number;
  /** Mean SSIM of every compared frame. */
  mean: number;
  frames: number;
  /** The first frame of the worst window, in the picture's own timeline (frame 0 is its first). */
  worstFrame: number;
}

const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/**
 * Groups per-frame SSIM into windows: consecutive runs of `perWindow` frames (a last run shorter than half a window
 * joins the one before), or one window per span when spans were compared (a span the file ends inside is shorter).
 */
export function judgeFrames(figures: readonly number[], check: PictureCheck): PictureQuality {
  const windows: number[][] = [];
  /** Each window's first frame in the picture's timeline. */
  const firsts: number[] = [];
  if (check.spans) {
    let at = 0;
    for (const [from, to] of check.spans) {
      const window = figures.slice(at, at + (to - from));
      at += to - from;
      if (window.length > 0) {
        windows.push(window);
        firsts.push(from);
      }
    }
  } else {
    const size = Math.max(1, check.perWindow);
    for (let at = 0; at < figures.length; at += size) {
      const window = figures.slice(at, at + size);
      const last = windows[windows.length - 1];
      if (last && window.length < size / 2) last.push(...window);
      else {
        windows.push(window);
        firsts.push(at);
      }
    }
  }
  if (windows.length === 0) throw new Error('No frames were compared');
  const means = windows.map(mean);
  const worst = Math.min(...means);
  return { worst, mean: mean(figures), frames: figures.length, worstFrame: firsts[means.indexOf(worst)] ?? 0 };
}

/** One side of a comparison: a file, its input options and the stream to read. */
export interface PictureSource {
  path: string;
  args: readonly string[];
  /** Stream specifier such as `0:1` (the first input) or `1:v:0` (the second). */
  stream: string;
}

/**
 * SSIM of a re-encoded picture against its source, frame by frame (frame n against frame n: the encodes neither
 * drop nor repeat frames), judged in windows. Each file is decoded once.
 */
export async function measurePicture(
  runner: FfmpegRunner,
  workDir: string,
  reference: PictureSource,
  distorted: PictureSource,
  check: PictureCheck,
  durationSec: number,
): Promise<PictureQuality> {
  const statsFile = path.join(workDir, `ssim-${path.basename(distorted.path).replace(/[^\w.-]/g, '_')}.log`);
  // Decoding both files and comparing them is a busy core too: a slot of the process-wide CPU budget.
  const figures = await cpuBudget().run(
    () =>
      measureFrameSsim(runner.runProcess, reference.path, distorted.path, {
        signal: runner.signal,
        reference: { args: reference.args, stream: reference.stream },
        distorted: { args: distorted.args, stream: distorted.stream },
        frames: check.spans,
        statsFile,
        timeoutMs: ffmpegTimeoutMs(durationSec, 10),
      }),
    runner.signal,
  );
  return judgeFrames(figures, check);
}
