import { cpuBudget } from '../../cpu-budget.js';
import { EngineError } from '../../errors.js';
import type { RunProcess } from '../../process/run-process.js';

/** What every ffmpeg call of the media families needs: the runner, the cancel signal. */
export interface FfmpegRunner {
  runProcess: RunProcess;
  signal: AbortSignal;
}

export interface FfmpegOptions {
  /** Length of the media being written, in seconds: turns ffmpeg's `out_time_us` into a 0-1 fraction. */
  durationSec?: number;
  onFraction?: (fraction: number) => void;
  timeoutMs?: number;
  /**
   * When ffmpeg fails while reading the user's file (not one of ours), the failure is the file's fault:
   * decoder and demuxer complaints become EngineError('invalid-input').
   */
  readsUserInput?: boolean;
}

/** Decoder and demuxer messages that mean the input itself is damaged, as opposed to an encoder or muxer problem. */
const DAMAGED_INPUT =
  /Invalid data found|moov atom not found|Error while decoding|decode_frame\(\) failed|ended prematurely|partial file|Truncat|corrupt|Header missing|invalid residual|Input buffer exhausted|Invalid PCM packet|error reading header|Invalid NAL|could not find codec parameters/i;

/** Time limit for one ffmpeg run: generous, proportional to the media's length (slow presets run ~2-10× real time). */
export function ffmpegTimeoutMs(durationSec: number, factor = 30): number {
  return Math.min(6 * 3600_000, Math.max(10 * 60_000, Math.ceil(durationSec * factor * 1000)));
}

/**
 * Runs ffmpeg with `-progress pipe:1`, reporting `out_time_us / duration` as it goes. Arguments must not include
 * the global flags added here. Returns ffmpeg's stderr lines (with `-v error` they are the errors it met).
 */
export async function runFfmpeg(
  runner: FfmpegRunner,
  args: readonly string[],
  options: FfmpegOptions = {},
): Promise<{ outTimeSec: number; errors: string[] }> {
  let outTimeSec = 0;
  const errors: string[] = [];
  const { durationSec, onFraction } = options;
  try {
    await runner.runProcess('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-progress', 'pipe:1', ...args], {
      signal: runner.signal,
      timeoutMs: options.timeoutMs ?? ffmpegTimeoutMs(durationSec ?? 60),
      onStdoutLine: (line) => {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (!match?.[1]) return;
        outTimeSec = Number(match[1]) / 1e6;
        if (durationSec && onFraction) onFraction(Math.max(0, Math.min(1, outTimeSec / durationSec)));
      },
      onStderrLine: (line) => {
        if (line.trim() && errors.length < 200) errors.push(line);
      },
    });
  } catch (err) {
    if (
      options.readsUserInput &&
      err instanceof EngineError &&
      err.kind === 'failed' &&
      DAMAGED_INPUT.test(err.stderrTail ?? '')
    ) {
      throw new EngineError('invalid-input', 'The media file is damaged or truncated and cannot be decoded', err.stderrTail, {
        cause: err,
      });
    }
    throw err;
  }
  return { outTimeSec, errors };
}

/**
 * runFfmpeg for an encode, which keeps a core busy: it waits for a slot of the process-wide CPU budget, as every
 * job's encodes do (a cancelled caller leaves the queue at once).
 */
export function runFfmpegInBudget(
  runner: FfmpegRunner,
  args: readonly string[],
  options: FfmpegOptions = {},
): Promise<{ outTimeSec: number; errors: string[] }> {
  return cpuBudget().run(() => runFfmpeg(runner, args, options), runner.signal);
}

/**
 * Messages that mean the file ends before its own structure says it should, logged even when ffmpeg finishes.
 * Deliberately narrower than DAMAGED_INPUT: many real files log a harmless decoder complaint or two.
 */
const CUT_SHORT =
  /ended prematurely|partial file|moov atom not found|Invalid data found when processing input|error reading header/i;

/** True when ffmpeg's error lines say the input it read is cut short or unreadable. */
export function reportsDamage(errors: readonly string[]): boolean {
  return errors.some((line) => CUT_SHORT.test(line));
}

/**
 * How much of a file can actually be read, in seconds: `decode` decodes every audio stream (cheap for audio,
 * and it catches damaged frames via -xerror); `decode-all` decodes every picture and sound, bearing a decoder's
 * passing complaint as players do; `demux` only reads the packets of all streams (fast for big videos). Either way
 * a decoder or demuxer failure means the file is damaged: EngineError('invalid-input').
 */
export async function readableDuration(
  runner: FfmpegRunner,
  file: string,
  mode: 'decode' | 'decode-all' | 'demux',
  durationSec: number,
  onFraction?: (f: number) => void,
): Promise<number> {
  const args = {
    decode: ['-xerror', '-i', file, '-map', '0:a', '-f', 'null', '-'],
    'decode-all': ['-i', file, '-map', '0:v?', '-map', '0:a?', '-f', 'null', '-'],
    demux: ['-i', file, '-map', '0', '-c', 'copy', '-f', 'null', '-'],
  }[mode];
  const { outTimeSec, errors } = await runFfmpeg(runner, args, {
    durationSec,
    onFraction,
    readsUserInput: true,
    timeoutMs: ffmpegTimeoutMs(durationSec, 2),
  }).catch((err: unknown) => {
    // This run only reads the user's file into nothing: whatever stops it (any decoder complaint under -xerror,
    // worded as each decoder likes) is the file's fault, not ours.
    if (err instanceof EngineError && err.kind === 'failed') {
      throw new EngineError('invalid-input', 'The media file is damaged or truncated and cannot be decoded', err.stderrTail, {
        cause: err,
      });
    }
    throw err;
  });
  if (reportsDamage(errors)) {
    throw new EngineError(
      'invalid-input',
      'The media file is damaged or truncated and cannot be decoded',
      errors.slice(-5).join('\n'),
    );
  }
  return outTimeSec;
}

/**
 * Throws EngineError('invalid-input') when the container promises more media than can be read: the classic
 * sign of a truncated download. Skipped when the declared duration was itself only estimated from the bitrate.
 */
export function assertNotTruncated(declaredSec: number, readableSec: number, declaredIsEstimate: boolean): void {
  if (declaredIsEstimate) return;
  const shortfall = declaredSec - readableSec;
  if (shortfall > Math.max(0.5, declaredSec * 0.05)) {
    throw new EngineError(
      'invalid-input',
      `The media file seems truncated: it declares ${declaredSec.toFixed(1)} s but only ${readableSec.toFixed(1)} s can be read`,
    );
  }
}

/**
 * MD5 of the decoded audio of every audio stream as 32-bit PCM: equal hashes prove a lossless conversion
 * (WAV → FLAC, FLAC → FLAC) kept every sample.
 */
export async function decodedAudioMd5(runner: FfmpegRunner, file: string, durationSec: number): Promise<string> {
  const { stdout } = await runner.runProcess(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-v', 'error', '-i', file, '-map', '0:a', '-c:a', 'pcm_s32le', '-f', 'md5', '-'],
    { signal: runner.signal, captureStdout: true, timeoutMs: ffmpegTimeoutMs(durationSec, 2) },
  );
  const match = /MD5=([0-9a-f]{32})/.exec(stdout);
  if (!match?.[1]) throw new EngineError('failed', 'Could not check the decoded audio');
  return match[1];
}
