import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import type { MediaInfo } from '../../tools/media/probe.js';
import type {
  CompressContext,
  CompressionLevel,
  DetectedType,
  FamilyCompressor,
  FamilyOutput,
  LadderContext,
  LadderOutput,
} from '../../types.js';
import { planAudio } from './audio-plan.js';
import { VIDEO_CODECS } from './codecs.js';
import { describe, original } from './describe.js';
import { estimateVideo } from './estimate.js';
import { lossOf, type SearchOutcome, searchQuality } from './search.js';
import { sizeVideo } from './size-to.js';
import type { VideoJob } from './video-job.js';
import { callTrials, OutputRejected, type VideoTrials } from './video-trials.js';

/** Full encodes a longer file's result may take when its check finds a window below the floor. */
const FINAL_ATTEMPTS = 3;

/** Bytes the source spends on its main picture (its bitrate, or what the other streams leave of the file). */
function sourceVideoBytes(info: MediaInfo, fileSize: number, videoIndex: number): number {
  const video = info.streams.find((s) => s.index === videoIndex);
  if (video?.bitRate) return (video.bitRate * info.durationSec) / 8;
  const others = info.streams
    .filter((s) => s.index !== videoIndex)
    .reduce((sum, s) => sum + ((s.bitRate ?? 0) * info.durationSec) / 8, 0);
  return Math.max(0, fileSize - others);
}

/** Bytes the level's audio plan saves against the source's own tracks (unknown source bitrates count as no saving). */
function audioSavings(info: MediaInfo, container: string, level: CompressionLevel): number {
  let saved = 0;
  for (const stream of info.streams) {
    const decision = stream.type === 'audio' ? planAudio(stream, container, level) : undefined;
    if (decision?.encode && stream.bitRate)
      saved += Math.max(0, ((stream.bitRate - decision.encode.kbps * 1000) * info.durationSec) / 8);
  }
  return saved;
}

/**
 * The largest sample trial worth a final encode: samples start on a keyframe each, so they overstate the bitrate
 * of calm video, and only a predicted file 30 % larger than the original skips it.
 */
function sampleBytesLimit(job: VideoJob, level: CompressionLevel, clipSec: number, videoIndex: number): number {
  const { info, fileSize, container } = job;
  return (
    ((0.3 * fileSize + sourceVideoBytes(info, fileSize, videoIndex) + audioSavings(info, container, level)) * clipSec) /
    info.durationSec
  );
}

/** The knob value whose quality the search's slope predicts reaches `target` from `worst` at `value` (one step at least); undefined past the best. */
function betterValue(job: VideoJob, outcome: SearchOutcome, value: number, worst: number, target: number): number | undefined {
  const index = job.codec.values.indexOf(value);
  if (index <= 0) return undefined;
  const steps = Math.max(1, Math.ceil((lossOf(worst) - lossOf(target)) / outcome.slope));
  return job.codec.values[Math.max(0, index - steps)];
}

/**
 * One level's result: the search for the highest knob value whose worst window keeps the level's target, then the
 * output at that value. A longer file's output is encoded after a search on its sample and checked again; a window
 * below the floor sends it to better quality (a few times at most), else the original is kept.
 */
async function pickLevel(job: VideoJob, trials: VideoTrials, level: CompressionLevel): Promise<FamilyOutput> {
  const { codec, picture } = job;
  const floor = SSIM_FLOOR[level];
  if (!picture) {
    const output = await trials.output(undefined, level);
    return describe(job, output, undefined, undefined, trials.encodes);
  }
  const whole = picture.search.kind === 'whole';
  const clipSec = picture.search.kind === 'sample' ? picture.search.clip.durationSec : job.info.durationSec;
  const outcome = await searchQuality({
    values: codec.values,
    level: codec.levels[level],
    floor,
    slope: codec.slope,
    maxTrials: 6,
    // Maximum trades quality for size by design: it keeps its floor only.
    anchor: level === 'maximum' ? undefined : codec.anchor,
    bytesLimit: whole ? job.fileSize : sampleBytesLimit(job, level, clipSec, picture.video.index),
    evaluate: (value) => (whole ? trials.wholeTrial(value, level) : trials.sampleTrial(value)),
    // A tiny picture's encode and check keep one core busy at most: two values of a bracket are measured at once.
    probesAtOnce: picture.speed === 'tiny' ? 2 : 1,
  });
  const label = `${codec.label} (${codec.speedLabel(picture.speed)})`;
  const target =
    outcome.target > floor ? `SSIM ≥ ${outcome.target.toFixed(3)} (${codec.knob} ${codec.anchor} reference)` : `SSIM ≥ ${floor}`;
  if (!outcome.best) return original(job, `no ${label} setting at ${target} is smaller`);

  let value: number | undefined = outcome.best.value;
  for (let attempt = 0; attempt < FINAL_ATTEMPTS && value !== undefined; attempt++) {
    const output = await trials.output(value, level);
    const worst = output.quality?.worst ?? 0;
    // A whole-file trial was judged exactly so; a sampled search's result is judged now, against the floor.
    if (whole || worst >= floor) return describe(job, output, value, output.quality, trials.encodes);
    value = betterValue(job, outcome, value, worst, floor);
  }
  return original(job, `${label} at ${target}: a checked window stayed below ${floor}`);
}

/** The level's pick, or the original when the output could not be made as the file requires. */
async function pickOrKeep(job: VideoJob, trials: VideoTrials, level: CompressionLevel): Promise<FamilyOutput> {
  try {
    return await pickLevel(job, trials, level);
  } catch (err) {
    if (err instanceof OutputRejected) return original(job, err.message);
    throw err;
  }
}

async function compressVideo(input: string, type: DetectedType, ctx: CompressContext): Promise<FamilyOutput> {
  const { job, trials } = await callTrials(input, type, ctx);
  return pickOrKeep(job, trials, ctx.level);
}

/**
 * The asked levels (all three by default) from one run: they share the file's reading, its sample, and every
 * encode and measurement (a value two levels try is encoded once). Each level's pick depends on nothing but the
 * content and the level, so it is the same whichever levels are asked, and the same as `compress` at that level;
 * stronger levels are never larger because every level searches the same deterministic curve for its own exact
 * threshold (search.ts).
 */
async function ladderVideo(input: string, type: DetectedType, ctx: LadderContext): Promise<Partial<LadderOutput>> {
  const { job, trials } = await callTrials(input, type, ctx);
  const picks: Partial<LadderOutput> = {};
  for (const level of ctx.levels ?? COMPRESSION_LEVELS) picks[level] = await pickOrKeep(job, trials, level);
  return picks;
}

/**
 * Video: re-encoded in the container the user gave, at the smallest quality setting whose worst 2-second window
 * keeps the level's SSIM floor (every frame of short files; the start, busiest spans and end of long ones).
 */
export const videoFamily: FamilyCompressor = {
  family: 'video',
  formats: Object.keys(VIDEO_CODECS),
  tools: ['ffmpeg', 'ffprobe'],
  compress: compressVideo,
  ladder: ladderVideo,
  sharesTrials: true,
  sizeTo: sizeVideo,
  estimate: estimateVideo,
};
