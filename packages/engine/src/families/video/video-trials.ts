import { stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { madeOnce } from '../../tools/call-memo.js';
import { reportsDamage } from '../../tools/media/ffmpeg.js';
import { type MediaInfo, mainVideoStream } from '../../tools/media/probe.js';
import { DURATION_TOLERANCE_SEC, playingSeconds, verifyMediaOutput } from '../../tools/media/verify.js';
import type { CompressionLevel, DetectedType, LadderContext } from '../../types.js';
import { type AudioDecision, planAudio } from './audio-plan.js';
import { carriedStreams, encodeFinal, encodeTrial, type StreamPlan, type VideoSettings } from './encode.js';
import { measurePicture, type PictureQuality } from './quality.js';
import { prepareVideo, type VideoJob } from './video-job.js';

const VERIFY_KINDS = ['video', 'audio', 'subtitle', 'attachment'] as const;

/** A written output that passed the stream checks (duration, tracks, picture size and rotation). */
export interface VerifiedOutput {
  path: string;
  bytes: number;
  info: MediaInfo;
  /** Its picture's SSIM against the source, on the frames the job checks (absent when the picture was copied). */
  quality?: PictureQuality;
  /** How the audio was written, for the recipe. */
  audioText: string;
  notes: string[];
}

/** How one level writes the streams other than the picture; a muxer's or encoder's refusal changes it for good. */
interface LevelStreams {
  plan: StreamPlan;
  audioText: string;
  notes: string[];
}

/** Switches a level's re-encoded audio tracks to copies; false when every track is copied already. */
function copyAudio(streams: LevelStreams): boolean {
  if (![...streams.plan.audio.values()].some((d) => d.encode)) return false;
  streams.plan.audio = new Map([...streams.plan.audio].map(([i]) => [i, { label: 'copied' }]));
  streams.audioText = 'audio copied';
  return true;
}

/** An output that cannot be made for this file (after every fallback): the level keeps the original. */
export class OutputRejected extends Error {}

/**
 * Every encode and measurement of one file, each made once: the levels of a ladder run (and the trials of one
 * search) share them. Outputs are keyed by knob value and stream plan; a picture's SSIM by knob value alone,
 * since the audio does not change the picture's bits.
 */
export class VideoTrials {
  /** Whole outputs by stream plan, then knob value (undefined: the picture copied). */
  private readonly outputs = new Map<string, Map<number | undefined, Promise<VerifiedOutput>>>();
  private readonly pictures = new Map<number, Promise<PictureQuality>>();
  private readonly samples = new Map<number, Promise<{ ssim: number; bytes: number }>>();
  private readonly streams = new Map<CompressionLevel, LevelStreams>();
  /** Set once an output's picture ends early: every output from then on holds the last frame (see VideoSettings). */
  private holdLastFrame = false;
  private files = 0;
  private progress: number;

  /** Files encoded so far (whole outputs and sample trials): the search's cost, reported with the result. */
  get encodes(): number {
    return this.files;
  }

  constructor(
    private readonly job: VideoJob,
    private readonly onProgress: (percent: number) => void,
    startPercent: number,
  ) {
    this.progress = startPercent;
  }

  /** Each encode or measurement takes a share of the progress still left (below 95 %). */
  private step(): (fraction: number) => void {
    const from = this.progress;
    const to = from + (95 - from) / 4;
    this.progress = to;
    return (fraction) => this.onProgress(from + (to - from) * fraction);
  }

  private levelStreams(level: CompressionLevel): LevelStreams {
    let streams = this.streams.get(level);
    if (!streams) {
      const { info, container } = this.job;
      const audio = new Map<number, AudioDecision>();
      for (const s of info.streams) if (s.type === 'audio') audio.set(s.index, planAudio(s, container, level));
      const audioText = [...new Set([...audio.values()].map((d) => d.label))].join(', ');
      streams = { plan: { audio, keepData: info.streams.some((s) => s.type === 'data') }, audioText, notes: [] };
      this.streams.set(level, streams);
    }
    return streams;
  }

  private settings(value: number): VideoSettings {
    const picture = this.job.picture;
    if (!picture) throw new Error('This video has no picture to re-encode');
    return {
      codec: this.job.codec,
      value,
      speed: picture.speed,
      pixFmt: picture.pixFmt,
      video: picture.video,
      holdLastFrame: this.holdLastFrame,
    };
  }

  /** The outputs written with a stream plan, by knob value. */
  private outputsOf(streams: LevelStreams): Map<number | undefined, Promise<VerifiedOutput>> {
    const plan = JSON.stringify([[...streams.plan.audio], streams.plan.keepData]);
    let outputs = this.outputs.get(plan);
    if (!outputs) {
      outputs = new Map();
      this.outputs.set(plan, outputs);
    }
    return outputs;
  }

  /** The whole file at `value` (the picture copied when undefined) with the level's streams, written and checked once. */
  output(value: number | undefined, level: CompressionLevel): Promise<VerifiedOutput> {
    const streams = this.levelStreams(level);
    // Holding the last frame needs no key: it is decided by the first output, before any output is returned.
    const outputs = this.outputsOf(streams);
    let output = outputs.get(value);
    if (!output) {
      output = this.writeOutput(value, streams);
      outputs.set(value, output);
    }
    return output;
  }

  /**
   * The whole outputs with a re-encoded picture already written and checked with the level's streams, by knob value:
   * the levels' searches leave sizes a sizing search can start from.
   */
  async written(level: CompressionLevel): Promise<Map<number, VerifiedOutput>> {
    const made = [...this.outputsOf(this.levelStreams(level))].filter(
      (entry): entry is [number, Promise<VerifiedOutput>] => entry[0] !== undefined,
    );
    const settled = await Promise.allSettled(made.map(([, output]) => output));
    return new Map(
      made.flatMap(([value], i) => {
        const result = settled[i];
        return result?.status === 'fulfilled' ? [[value, result.value] as const] : [];
      }),
    );
  }

  /**
   * Writes and checks the final file; its picture is measured while its streams are checked. A muxer that refuses
   * data tracks gets a retry without them; a re-encoded audio track that changes the duration gets a retry with
   * audio copied (once the source is known to be whole); anything else failing rejects the output.
   */
  private async writeOutput(value: number | undefined, streams: LevelStreams): Promise<VerifiedOutput> {
    const { runner, info, container, input, workDir } = this.job;
    let failure = 'no attempt';
    for (let attempt = 0; attempt < 4; attempt++) {
      const settings = value === undefined ? undefined : this.settings(value);
      const out = path.join(workDir, `output-${++this.files}.${container}`);
      try {
        const errors = await encodeFinal(runner, input, info, settings, streams.plan, container, out, this.step());
        if (reportsDamage(errors)) await this.job.assertReadable();
      } catch (err) {
        const refusal = await this.afterFailedWrite(err, streams);
        if (refusal === undefined) continue;
        failure = refusal;
        break;
      }
      const fresh = value !== undefined && !this.pictures.has(value);
      const measuring = value === undefined ? undefined : this.measure(value, out, streams);
      const check = await verifyMediaOutput(runner, info, out, { durationSec: playingSeconds(info), kinds: VERIFY_KINDS });
      if (settings && !settings.holdLastFrame && check.info && this.pictureEndsEarly(check.info)) {
        measuring?.catch(() => undefined);
        // A truncated source ends early too: that is the file's fault, found before encoding again.
        await this.job.assertReadable();
        this.holdLastFrame = true;
        this.pictures.clear();
        continue;
      }
      if (check.ok) {
        const quality = await measuring;
        return {
          path: out,
          bytes: (await stat(out)).size,
          info: check.info,
          quality,
          audioText: streams.audioText,
          notes: [...streams.notes],
        };
      }
      // This output is dropped: its measurement (if it fails) must not surface.
      measuring?.catch(() => undefined);
      if (fresh) this.pictures.delete(value);
      await this.job.assertReadable();
      failure = check.reason;
      if (!copyAudio(streams)) break;
    }
    throw new OutputRejected(`the re-encoded file did not pass its check (${failure})`);
  }

  /**
   * After ffmpeg failed to write an output, what the next attempt changes: data tracks dropped first, then re-encoded
   * audio copied instead (an encoder that refuses a rate or bitrate). A failure worded like a damaged source is first
   * checked against the source alone, which throws when the source is damaged: an encoder's or muxer's refusal is never
   * reported as a damaged file. Returns the reason when nothing is left to change.
   */
  private async afterFailedWrite(err: unknown, streams: LevelStreams): Promise<string | undefined> {
    if (!(err instanceof EngineError) || (err.kind !== 'failed' && err.kind !== 'invalid-input')) throw err;
    if (err.kind === 'invalid-input') await this.job.assertDecodable();
    if (streams.plan.keepData) {
      streams.plan.keepData = false;
      streams.notes.push('Data tracks (timecode or telemetry) could not be copied into the new file and were dropped');
      return undefined;
    }
    if (copyAudio(streams)) return undefined;
    return 'ffmpeg could not write the file with these settings';
  }

  /** True when an output's picture stops more than the duration tolerance before the source's does. */
  private pictureEndsEarly(output: MediaInfo): boolean {
    const end = (info: MediaInfo, stream: MediaInfo['streams'][number] | undefined) =>
      stream?.durationSec === undefined ? undefined : stream.startTime - info.startTime + stream.durationSec;
    const source = end(this.job.info, this.job.picture?.video);
    const written = end(output, mainVideoStream(output));
    return source !== undefined && written !== undefined && source - written > DURATION_TOLERANCE_SEC;
  }

  /** The picture's SSIM at `value` (one measurement per value: the audio does not change the picture's bits). */
  private measure(value: number, out: string, streams: LevelStreams): Promise<PictureQuality> {
    let quality = this.pictures.get(value);
    if (!quality) {
      const { picture, runner, workDir, info } = this.job;
      if (!picture) throw new Error('This video has no picture to measure');
      const outIndex = carriedStreams(info, streams.plan).findIndex((s) => s.index === picture.video.index);
      const onFraction = this.step();
      quality = measurePicture(
        runner,
        workDir,
        picture.reference,
        { path: out, args: ['-noautorotate'], stream: `1:${outIndex}` },
        picture.check,
        info.durationSec,
      );
      quality.then(
        () => onFraction(1),
        () => undefined,
      );
      this.pictures.set(value, quality);
    }
    return quality;
  }

  /** A search trial on the whole file: the level's output at `value`, judged on every frame. */
  async wholeTrial(value: number, level: CompressionLevel): Promise<{ ssim: number; bytes: number }> {
    const output = await this.output(value, level);
    return { ssim: output.quality?.worst ?? 0, bytes: output.bytes };
  }

  /** A search trial on a longer file's sample: its picture alone at `value`, judged against the lossless sample. */
  sampleTrial(value: number): Promise<{ ssim: number; bytes: number }> {
    let trial = this.samples.get(value);
    if (!trial) {
      trial = this.measureSample(value);
      this.samples.set(value, trial);
    }
    return trial;
  }

  private async measureSample(value: number): Promise<{ ssim: number; bytes: number }> {
    const { picture, runner, workDir, container } = this.job;
    if (picture?.search.kind !== 'sample') throw new Error('This video is searched on whole encodes');
    const { clip } = picture.search;
    const out = path.join(workDir, `sample-${++this.files}.${container}`);
    await encodeTrial(runner, clip, this.settings(value), container, out, this.step());
    const quality = await measurePicture(
      runner,
      workDir,
      { path: clip.path, args: clip.inputArgs, stream: '0:0' },
      { path: out, args: [], stream: '1:v:0' },
      { perWindow: picture.check.perWindow },
      clip.durationSec,
    );
    return { ssim: quality.worst, bytes: (await stat(out)).size };
  }
}

/**
 * The file's job and trials, shared by every run of one engine call (ctx.memo): a target's level run, its lighter
 * levels and its sizing reuse each other's reading, sample and encodes. A value's output is the same whichever run
 * made it, so sharing changes no pick. Without a memo (a family called on its own), a job of its own.
 */
export function callTrials(
  input: string,
  type: DetectedType,
  ctx: LadderContext,
): Promise<{ job: VideoJob; trials: VideoTrials }> {
  const make = async () => {
    const job = await prepareVideo(input, type, ctx);
    return { job, trials: new VideoTrials(job, ctx.onProgress, 8) };
  };
  return madeOnce(ctx.memo, `video:${input}`, make);
}
