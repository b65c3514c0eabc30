import type { FfmpegRunner } from '../tools/media/ffmpeg.js';

interface RawStreams {
  streams?: Array<{ index: number; duration?: string; nb_read_packets?: string; tags?: Record<string, string> }>;
}

/** "00:01:02.500000000" (Matroska's DURATION tag) in seconds. */
function clockSeconds(value: string | undefined): number | undefined {
  const match = value ? /^(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(value.trim()) : null;
  if (!match) return undefined;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/**
 * How long each stream of a file lasts, in seconds, by stream index (the stream's own duration, or Matroska's
 * DURATION tag); streams the container says nothing about are left out. A converted file keeps only some streams
 * (the sound of a video may end before or after its picture; a subtitle may outlast both), so its length is
 * compared with theirs rather than with the container's.
 */
export async function streamDurations(runner: FfmpegRunner, file: string): Promise<Map<number, number>> {
  const { stdout } = await runner.runProcess(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=index,duration:stream_tags=DURATION', '-of', 'json', '-i', file],
    { signal: runner.signal, timeoutMs: 60_000, captureStdout: true },
  );
  const durations = new Map<number, number>();
  for (const stream of (JSON.parse(stdout) as RawStreams).streams ?? []) {
    const own = Number(stream.duration);
    const tag = Object.entries(stream.tags ?? {}).find(([key]) => key.toUpperCase() === 'DURATION')?.[1];
    const seconds = Number.isFinite(own) && own > 0 ? own : clockSeconds(tag);
    if (seconds !== undefined && seconds > 0) durations.set(stream.index, seconds);
  }
  return durations;
}

/** Number of frames (packets) in the first video stream, counted by reading the file. */
export async function countVideoFrames(runner: FfmpegRunner, file: string): Promise<number> {
  const { stdout } = await runner.runProcess(
    'ffprobe',
    [
      '-v',
      'error',
      '-count_packets',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=index,nb_read_packets',
      '-of',
      'json',
      '-i',
      file,
    ],
    { signal: runner.signal, timeoutMs: 2 * 60_000, captureStdout: true },
  );
  return Number((JSON.parse(stdout) as RawStreams).streams?.[0]?.nb_read_packets ?? 0) || 0;
}
