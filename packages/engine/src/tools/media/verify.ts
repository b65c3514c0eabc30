import { EngineError } from '../../errors.js';
import type { FfmpegRunner } from './ffmpeg.js';
import { type MediaInfo, mainVideoStream, probeMedia, streamCounts } from './probe.js';

/** The tolerance: an output keeps the original's duration within ±0.2 s. */
export const DURATION_TOLERANCE_SEC = 0.2;

/**
 * How long a file plays, in seconds. FLV's duration (its onMetaData) counts from zero, while an encode with B-frames
 * starts the file at the encoder's delay (FLV stores no negative decoding times): at 4 frames a second that is half a
 * second of duration no one hears or sees. Other containers report their span.
 */
export function playingSeconds(info: MediaInfo): number {
  return info.formatName === 'flv' ? info.durationSec - info.startTime : info.durationSec;
}

/** A failed check carries the output's probe when the output could be read. */
export type VerifyResult = { ok: true; info: MediaInfo } | { ok: false; reason: string; info?: MediaInfo };

export interface VerifyExpectations {
  /** The duration the output must have (the original's `playingSeconds`), in seconds. */
  durationSec: number;
  /** Measured output duration, when the container's own value cannot be trusted (raw ADTS). */
  measuredOutputSec?: number;
  /** Stream kinds whose counts must match the original's. */
  kinds: readonly MediaInfo['streams'][number]['type'][];
}

/**
 * Probes a candidate output again and compares it with the original: it must open, last as long (±0.2 s), keep
 * the same number of streams of each listed kind and, for video, the same picture size and rotation.
 * A candidate that does not pass is never returned; the caller tries a safer recipe or keeps the original.
 */
export async function verifyMediaOutput(
  runner: FfmpegRunner,
  original: MediaInfo,
  output: string,
  expect: VerifyExpectations,
): Promise<VerifyResult> {
  let info: MediaInfo;
  try {
    info = await probeMedia(runner.runProcess, output, runner.signal);
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'invalid-input')
      return { ok: false, reason: 'the output could not be read back' };
    throw err;
  }
  const duration = expect.measuredOutputSec ?? playingSeconds(info);
  if (Math.abs(duration - expect.durationSec) > DURATION_TOLERANCE_SEC) {
    return { ok: false, reason: `the output lasts ${duration.toFixed(2)} s instead of ${expect.durationSec.toFixed(2)} s`, info };
  }
  const want = streamCounts(original, expect.kinds);
  const got = streamCounts(info, expect.kinds);
  for (const kind of expect.kinds) {
    if (want[kind] !== got[kind])
      return { ok: false, reason: `the output has ${got[kind]} ${kind} streams instead of ${want[kind]}`, info };
  }
  const before = mainVideoStream(original);
  const after = mainVideoStream(info);
  if (
    before &&
    (!after || after.width !== before.width || after.height !== before.height || after.rotation !== before.rotation)
  ) {
    return { ok: false, reason: 'the output picture size or rotation differs from the original', info };
  }
  return { ok: true, info };
}
