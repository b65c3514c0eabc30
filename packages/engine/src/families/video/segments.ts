import type { FfmpegRunner } from '../../tools/media/ffmpeg.js';
import type { MediaStream } from '../../tools/media/probe.js';

/**
 * Start times of the spans of `spanSec` (cut from the file's start) ordered from the busiest down: the bytes of a
 * span's inter-coded packets, read from the container without decoding. Motion is what costs those bytes; keyframes
 * are left out, since they cost bits on calm video too.
 */
export async function busiestSpans(
  runner: FfmpegRunner,
  file: string,
  video: MediaStream,
  durationSec: number,
  spanSec: number,
): Promise<number[]> {
  const buckets = new Map<number, number>();
  await runner.runProcess(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      String(video.index),
      '-show_entries',
      'packet=pts_time,dts_time,size,flags',
      '-of',
      'csv=p=0',
      '-i',
      file,
    ],
    {
      signal: runner.signal,
      timeoutMs: 10 * 60_000,
      onStdoutLine: (line) => {
        const [pts, dts, size, flags] = line.split(',');
        const time = Number(pts !== 'N/A' ? pts : dts);
        if (!Number.isFinite(time) || flags?.startsWith('K')) return;
        const bucket = Math.max(0, Math.floor((time - video.startTime) / spanSec));
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + (Number(size) || 0));
      },
    },
  );
  const last = Math.max(0, durationSec - spanSec);
  return [...buckets.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([bucket]) => Math.min(last, bucket * spanSec));
}

/**
 * Where a long video is measured: at most `count` spans of `spanSec`, always its start, its end and its two busiest
 * spans (`busiest`, best first) that overlap neither, the rest spread evenly between; no two overlap. Sorted by time.
 */
export function placeSpans(durationSec: number, spanSec: number, count: number, busiest: readonly number[]): number[] {
  const last = Math.max(0, durationSec - spanSec);
  const chosen: number[] = [];
  const add = (start: number) => {
    if (chosen.length >= count || chosen.some((s) => Math.abs(s - start) < spanSec)) return false;
    chosen.push(start);
    return true;
  };
  add(0);
  add(last);
  let busy = 0;
  for (const start of busiest) if (busy < 2 && add(start)) busy++;
  const rest = count - chosen.length;
  for (let i = 1; i <= rest; i++) add((last * i) / (rest + 1));
  return chosen.sort((a, b) => a - b);
}
