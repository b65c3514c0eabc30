import { stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import type { CompressContext, DetectedType, FamilyCompressor, FamilyOutput } from '../../types.js';
import { type FfmpegRunner, assertNotTruncated, readableDuration } from '../media/ffmpeg.js';
import { budgetVideo } from '../media/media-budget.js';
import { type MediaInfo, fillAudioBitrates, mainVideoStream, probeMedia } from '../media/probe.js';
import { verifyMediaOutput } from '../media/verify.js';
import { type AudioDecision, planAudio } from './audio-plan.js';
import { VIDEO_CODECS, pickPixFmt, speedClass } from './codecs.js';
import { estimateVideo } from './estimate.js';
import { type StreamPlan, type VideoSettings, encodeFinal, encodeTrial, prepareClip } from './encode.js';
import { pictureSsim } from './quality.js';
import { searchQuality } from './search.js';

const VERIFY_KINDS = ['video', 'audio', 'subtitle', 'attachment'] as const;

/** Maps a fraction of one step onto the overall 0-100 progress. */
const phase = (ctx: CompressContext, from: number, to: number) => (f: number) => ctx.onProgress(from + (to - from) * f);

/** Bytes the source spends on its main picture (its bitrate, or what the other streams leave of the file). */
function sourceVideoBytes(info: MediaInfo, fileSize: number, videoIndex: number): number {
  const video = info.streams.find((s) => s.index === videoIndex);
  if (video?.bitRate) return (video.bitRate * info.durationSec) / 8;
  const others = info.streams.filter((s) => s.index !== videoIndex).reduce((sum, s) => sum + ((s.bitRate ?? 0) * info.durationSec) / 8, 0);
  return Math.max(0, fileSize - others);
}

/** Bytes the audio plan saves against the source's own tracks (unknown source bitrates count as no saving). */
function audioSavings(info: MediaInfo, audio: Map<number, AudioDecision>): number {
  let saved = 0;
  for (const [index, decision] of audio) {
    const stream = info.streams.find((s) => s.index === index);
    if (decision.encode && stream?.bitRate) saved += Math.max(0, ((stream.bitRate - decision.encode.kbps * 1000) * info.durationSec) / 8);
  }
  return saved;
}

function original(input: string, type: DetectedType, recipe: string, notes: string[] = []): FamilyOutput {
  return { path: input, format: type.ext, recipe, notes };
}

async function compressVideo(input: string, type: DetectedType, ctx: CompressContext): Promise<FamilyOutput> {
  const runner: FfmpegRunner = { runProcess: ctx.runProcess, signal: ctx.signal };
  const container = type.ext;
  const codec = VIDEO_CODECS[container];
  if (!codec) throw new EngineError('unsupported', `${container.toUpperCase()} video cannot be compressed`);
  const floor = SSIM_FLOOR[ctx.level];
  const info = await probeMedia(ctx.runProcess, input, ctx.signal);
  budgetVideo(info, ctx.deadline);
  const fileSize = (await stat(input)).size;
  // Reading every packet once (no decoding) finds truncated downloads before any encoding starts.
  assertNotTruncated(info.durationSec, await readableDuration(runner, input, 'demux', info.durationSec, phase(ctx, 0, 3)), info.durationEstimated);
  // A cut AVI reports the length of what is left, but its header still counts every frame.
  const video = mainVideoStream(info);
  if (video?.declaredFrames && video.fps) assertNotTruncated(video.declaredFrames / video.fps, info.durationSec, false);

  await fillAudioBitrates(ctx.runProcess, input, info, ctx.signal);
  const audio = new Map<number, AudioDecision>();
  for (const s of info.streams) if (s.type === 'audio') audio.set(s.index, planAudio(s, container, ctx.level));
  const audioLabel = [...new Set([...audio.values()].map((d) => d.label))].join(', ');
  const pixFmt = video && pickPixFmt(codec, video);
  if (video && !pixFmt) {
    return original(input, type, `${codec.label} re-encoding`, ['10-bit or HDR video is kept as it is: re-encoding it to 8-bit would lose colour depth']);
  }

  let settings: VideoSettings | undefined;
  if (video && pixFmt) {
    const speed = speedClass((video.width ?? 0) * (video.height ?? 0) * (video.fps ?? 25) * info.durationSec);
    const clip = await prepareClip(runner, input, info, video, ctx.workDir, phase(ctx, 3, 8));
    const reference = { path: clip.path, info: clip.whole ? info : await probeMedia(ctx.runProcess, clip.path, ctx.signal), args: clip.inputArgs };
    let trialNo = 0;
    const outcome = await searchQuality({
      values: codec.values, level: codec.levels[ctx.level], floor, slope: codec.slope, maxTrials: 6,
      // Maximum trades quality for size by design: it keeps its floor only.
      anchor: ctx.level === 'maximum' ? undefined : codec.anchor,
      evaluate: async (value) => {
        const out = path.join(ctx.workDir, `trial-${value}.${container}`);
        const base = 8 + trialNo++ * 6;
        await encodeTrial(runner, clip, { codec, value, speed, pixFmt, video }, container, out, phase(ctx, base, base + 5));
        const result = { ssim: await pictureSsim(ctx, reference, out), bytes: (await stat(out)).size };
        ctx.onProgress(base + 6);
        return result;
      },
    });
    const label = `${codec.label} (${codec.speedLabel(speed)})`;
    const target = outcome.target > floor ? `SSIM ≥ ${outcome.target.toFixed(3)} (${codec.knob} ${codec.anchor} reference)` : `SSIM ≥ ${floor}`;
    if (!outcome.best) return original(input, type, `${label} at ${target}`);
    const predictedVideo = (outcome.best.bytes * info.durationSec) / clip.durationSec;
    const predictedTotal = fileSize - sourceVideoBytes(info, fileSize, video.index) + predictedVideo - audioSavings(info, audio);
    // Samples start on a keyframe each, so they overstate the bitrate of calm video: only a clear loss skips the final encode.
    if (predictedTotal >= fileSize * 1.3) return original(input, type, `${label} ${codec.knob} ${outcome.best.value} at ${target}`);
    settings = { codec, value: outcome.best.value, speed, pixFmt, video };
  }
  return finish(input, type, ctx, runner, info, settings, audio, audioLabel);
}

/**
 * Writes the final file and checks it: probes again (duration ±0.2 s, every track, size and rotation) and
 * measures its SSIM against the source. A muxer that refuses data tracks gets a retry without them; a
 * re-encoded audio track that changes the duration gets a retry with audio copied; a picture below the floor
 * gets one retry two steps better. Anything still failing returns the original.
 */
async function finish(input: string, type: DetectedType, ctx: CompressContext, runner: FfmpegRunner, info: MediaInfo, first: VideoSettings | undefined, audio: Map<number, AudioDecision>, audioLabel: string): Promise<FamilyOutput> {
  const floor = SSIM_FLOOR[ctx.level];
  const container = type.ext;
  const notes: string[] = [];
  const plan: StreamPlan = { audio, keepData: info.streams.some((s) => s.type === 'data') };
  let settings = first;
  let audioText = audioLabel;
  let failure = 'no attempt';
  for (let attempt = 0; attempt < 4; attempt++) {
    const out = path.join(ctx.workDir, `final-${attempt}.${container}`);
    try {
      await encodeFinal(runner, input, info, settings, plan, container, out, phase(ctx, 45, 85));
    } catch (err) {
      if (!(err instanceof EngineError && err.kind === 'failed' && plan.keepData)) throw err;
      plan.keepData = false;
      notes.push('Data tracks (timecode or telemetry) could not be copied into the new file and were dropped');
      continue;
    }
    const check = await verifyMediaOutput(runner, info, out, { durationSec: info.durationSec, kinds: VERIFY_KINDS });
    if (!check.ok) {
      failure = check.reason;
      if (![...plan.audio.values()].some((d) => d.encode)) break;
      plan.audio = new Map([...plan.audio].map(([i, d]) => [i, { label: 'copied' }]));
      audioText = 'audio copied';
      continue;
    }
    ctx.onProgress(88);
    let ssim: number | undefined;
    if (settings) {
      ssim = await pictureSsim(ctx, { path: input, info, args: ['-noautorotate'] }, out, check.info);
      if (ssim < floor) {
        failure = `SSIM ${ssim.toFixed(3)} below ${floor}`;
        const index = settings.codec.values.indexOf(settings.value);
        if (index <= 0 || attempt >= 3) break;
        settings = { ...settings, value: settings.codec.values[Math.max(0, index - 2)] as number };
        continue;
      }
    }
    ctx.onProgress(97);
    const picture = settings ? `${settings.codec.label} ${settings.codec.knob} ${settings.value} (${settings.codec.speedLabel(settings.speed)}), SSIM ${ssim?.toFixed(3)}` : 'no picture';
    const parts = [picture, audioText && `audio: ${audioText}`, container === 'mp4' || container === 'mov' ? 'fast start' : ''].filter(Boolean);
    return { path: out, format: container, recipe: parts.join('; '), metrics: ssim === undefined ? {} : { ssim }, notes };
  }
  return original(input, type, `re-encoding (${failure})`, notes);
}

/** Video: re-encoded in the container the user gave, at the smallest quality setting that keeps the level's SSIM floor. */
export const videoFamily: FamilyCompressor = {
  family: 'video',
  formats: Object.keys(VIDEO_CODECS),
  tools: ['ffmpeg', 'ffprobe'],
  compress: compressVideo,
  estimate: estimateVideo,
};
