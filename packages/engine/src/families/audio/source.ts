import { budgetMedia, type Deadline } from '../../budget.js';
import { EngineError } from '../../errors.js';
import type { FfmpegRunner } from '../../tools/media/ffmpeg.js';
import { type MediaInfo, type MediaStream, probeMedia } from '../../tools/media/probe.js';

/** What every level's plan needs to know about the input, read once. */
export interface AudioSource {
  info: MediaInfo;
  /** The first audio stream, whose codec picks the recipe. */
  audio: MediaStream;
}

/** Listing packets is a demux only: minutes even for the longest audio accepted. */
const SCAN_TIMEOUT_MS = 10 * 60_000;

/**
 * Bytes per audio stream, from a listing of the packets (no decoding): the real bitrate, which the container does
 * not always state (Matroska) or states only nominally (Vorbis and Opus headers). Streamed line by line: twelve
 * hours of audio are a million packets.
 */
async function packetBytes(runner: FfmpegRunner, file: string): Promise<Map<number, number>> {
  const bytes = new Map<number, number>();
  await runner
    .runProcess(
      'ffprobe',
      ['-v', 'error', '-select_streams', 'a', '-show_entries', 'packet=stream_index,size', '-of', 'csv=p=0', '-i', file],
      {
        signal: runner.signal,
        timeoutMs: SCAN_TIMEOUT_MS,
        onStdoutLine: (line) => {
          // ffprobe prints the fields in its own order, which for these two is index, then size.
          const [index, size] = line.split(',').map(Number);
          if (index !== undefined && size !== undefined && Number.isFinite(index) && Number.isFinite(size))
            bytes.set(index, (bytes.get(index) ?? 0) + size);
        },
      },
    )
    .catch((err: unknown) => {
      if (err instanceof EngineError && err.kind === 'failed')
        throw new EngineError('invalid-input', 'The media file is damaged or truncated and cannot be read', err.stderrTail, {
          cause: err,
        });
      throw err;
    });
  return bytes;
}

/**
 * Probes the input and lists its audio packets at the same time (two processes, no decoding), refuses audio longer
 * than the family's budget, and fills in every audio stream's measured bitrate.
 */
export async function readAudioSource(runner: FfmpegRunner, input: string, deadline: Deadline | undefined): Promise<AudioSource> {
  const scan = packetBytes(runner, input);
  // Its failure is awaited below; until then it must not count as unhandled.
  scan.catch(() => {});
  let info: MediaInfo;
  try {
    info = await probeMedia(runner.runProcess, input, runner.signal);
  } catch (err) {
    // No process of this call may outlive it.
    await scan.catch(() => {});
    throw err;
  }
  budgetMedia('audio', info.durationSec, deadline);
  const audio = info.streams.find((s) => s.type === 'audio');
  if (!audio) throw new EngineError('invalid-input', 'The file holds no audio that can be read');
  const bytes = await scan;
  for (const s of info.streams) {
    const total = bytes.get(s.index);
    if (s.type === 'audio' && total && info.durationSec > 0) s.bitRate = (total * 8) / info.durationSec;
  }
  return { info, audio };
}
