import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Runs ffmpeg quietly, overwriting its output; rejects with ffmpeg's error output when it fails. */
export async function ffmpeg(args: string[]): Promise<void> {
  await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

export interface TestVideo {
  /** Width x height, e.g. '640x360'. */
  size: string;
  seconds: number;
  /** Film grain (ffmpeg's noise filter strength): a grainy picture at a high bit rate takes long to compress. */
  grain?: number;
  /** The H.264 quality (lower is a higher bit rate); ffmpeg's own default is 23. */
  crf?: number;
  /** With a 440 Hz tone as an AAC sound track. */
  tone?: boolean;
}

/** An H.264 MP4 of ffmpeg's moving test picture (testsrc2 at 25 frames a second), written to `file`. */
export async function makeTestVideo(file: string, video: TestVideo): Promise<void> {
  const picture = `testsrc2=size=${video.size}:rate=25:duration=${video.seconds}`;
  const grain = video.grain === undefined ? '' : `,noise=alls=${video.grain}:allf=t`;
  const tone = video.tone ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${video.seconds}`] : [];
  const sound = video.tone ? ['-c:a', 'aac', '-shortest'] : [];
  await ffmpeg([
    ...['-f', 'lavfi', '-i', picture + grain, ...tone],
    ...['-c:v', 'libx264', '-crf', String(video.crf ?? 23), '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...sound,
    file,
  ]);
}

/** A picture's width and height, as ffprobe reads them. */
export async function pictureSize(file: string): Promise<[number, number]> {
  const { stdout } = await promisify(execFile)('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'csv=p=0',
    file,
  ]);
  const [width, height] = stdout.trim().split(',').map(Number);
  return [width ?? 0, height ?? 0];
}
