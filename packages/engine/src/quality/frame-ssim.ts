import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunProcess } from '../process/run-process.js';
import { VIDEO_SSIM_PLANES } from './ssim.js';

export interface FrameSsimOptions {
  signal?: AbortSignal;
  /** Input options and the stream to compare (`-map`-style specifier such as `0:1`; the first video stream by default). */
  reference?: { args?: readonly string[]; stream?: string };
  distorted?: { args?: readonly string[]; stream?: string };
  /** Frames to compare, as [first, end) frame numbers of each video; every frame when absent. */
  frames?: ReadonlyArray<readonly [number, number]>;
  /** Where ffmpeg writes its per-frame figures: a file in the caller's private work folder. */
  statsFile: string;
  timeoutMs?: number;
}

/** Filter threads of the measurement: fixed, so the figures (sums over slices) are the same on every machine. */
const FILTER_THREADS = 2;

function chain(input: number, stream: string | undefined, frames: FrameSsimOptions['frames']): string {
  const spec = stream ? `[${stream}]` : `[${input}:v:0]`;
  const select = frames ? `select='${frames.map(([from, to]) => `between(n,${from},${to - 1})`).join('+')}',` : '';
  // Frame n is paired with frame n: their timestamps become their positions (whole seconds, in integers: N/TB in
  // floating point can land a tick early and pair a frame with its predecessor). Timestamps are not trusted to pair
  // them, since muxers shift a picture's start by a few milliseconds (encoder priming, ASF preroll).
  return `${spec}${select}settb=1,setpts=N,format=${VIDEO_SSIM_PLANES},setsar=1`;
}

/**
 * SSIM ("All", both pictures as 4:2:0 planes) of every compared frame of a video against the frame at the same
 * position in its reference, in frame order. Both files are decoded once. The pairing by position needs encodes that
 * neither drop nor duplicate frames (ffmpeg's `-fps_mode vfr`).
 */
export async function measureFrameSsim(
  runProcess: RunProcess,
  reference: string,
  distorted: string,
  options: FrameSsimOptions,
): Promise<number[]> {
  // The figures' file is named relative to ffmpeg's working folder, so no path needs escaping inside the filter.
  const statsName = path.basename(options.statsFile);
  if (!/^[\w.-]+$/.test(statsName)) throw new Error(`Unsafe SSIM stats file name: ${statsName}`);
  const filter = `${chain(0, options.reference?.stream, options.frames)}[ref];${chain(1, options.distorted?.stream, options.frames)}[dist];[ref][dist]ssim=stats_file=${statsName}`;
  await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      ...(options.reference?.args ?? []),
      '-i',
      reference,
      ...(options.distorted?.args ?? []),
      '-i',
      distorted,
      '-filter_complex_threads',
      String(FILTER_THREADS),
      '-filter_complex',
      filter,
      '-an',
      '-sn',
      '-dn',
      '-f',
      'null',
      '-',
    ],
    { signal: options.signal, timeoutMs: options.timeoutMs, cwd: path.dirname(options.statsFile) },
  );
  const figures: number[] = [];
  for (const line of (await readFile(options.statsFile, 'utf8')).split('\n')) {
    const match = /All:([\d.]+|inf)/.exec(line);
    if (match?.[1]) figures.push(match[1] === 'inf' ? 1 : Number(match[1]));
  }
  if (figures.length === 0 || figures.some((f) => Number.isNaN(f))) throw new Error('ffmpeg reported no SSIM');
  return figures;
}
