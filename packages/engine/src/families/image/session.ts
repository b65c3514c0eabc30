import path from 'node:path';
import { madeOnce } from '../../tools/call-memo.js';
import { ledgerFor } from '../../tools/image/trial-ledger.js';
import type { CompressContext, LadderContext } from '../../types.js';
import type { ImageSource } from './image-io.js';
import { Measurer, type Reference } from './measurer.js';
import { type ImageJob, type Prepared, prepareJob } from './prepare.js';
import { SAMPLE_ABOVE_PIXELS, writeSample } from './sample.js';
import type { Track, Trial } from './search.js';

/** A picture made ready for its search: the job, its references, and its trials, each made once. */
export interface PictureWork {
  job: ImageJob;
  measurer: Measurer;
  fullRef: Reference;
  /** Whether the search runs on a mosaic sample (large pictures of block codecs, sample.ts). */
  sampled: boolean;
  /** A trial of the picture the search encodes: the sample when sampled, else the picture itself. */
  measure(track: Track, knob: number): Promise<Trial>;
  /** A trial of the whole picture. */
  full(track: Track, knob: number): Promise<Trial>;
  /**
   * Settles once every trial started so far has (a run that returns leaves no encoder writing into its folder: a
   * trial started ahead, `SessionOptions.anchorFirst`, may be one the run never asked for).
   */
  idle(): Promise<void>;
}

export type PictureSession = { keep: string } | { work: PictureWork };

/**
 * The picture's preparation (a HEIC's decoding included), references, sample and trials, shared by every run of one
 * engine call (ctx.memo): a target's level run, its lighter levels and its sizing reuse each other's instead of
 * decoding and encoding again. A setting's trial is the same whichever run made it (the search asks in the same
 * order), so sharing changes no pick; the shared measurer also keeps every trial's file name its own. Without a memo
 * (a family called on its own), a session of its own. `expectedTrials` sizes the progress of the first run.
 */
export function pictureSession(
  input: string,
  ext: string,
  ctx: LadderContext | CompressContext,
  expectedTrials: (job: ImageJob) => number,
  options: SessionOptions = {},
): Promise<PictureSession> {
  return madeOnce(ctx.memo, `image:${input}`, () => openSession(input, ext, ctx, expectedTrials, options));
}

export interface SessionOptions {
  /**
   * Balanced's search will run: the standard setting's full-size file (the anchor) is started while the picture is
   * still being decoded. A picture searched at full size measures it first anyway; a sampled one's balanced pick
   * is most often that very setting (run.ts), made at full size after the search otherwise.
   */
  anchorFirst?: boolean;
}

async function openSession(
  input: string,
  ext: string,
  ctx: LadderContext | CompressContext,
  expectedTrials: (job: ImageJob) => number,
  options: SessionOptions,
): Promise<PictureSession> {
  const prepared: Prepared = await prepareJob(input, ext, ctx);
  if ('keep' in prepared) return prepared;
  const { job } = prepared;
  const measurer = new Measurer(job, ctx, expectedTrials(job));
  const reference = measurer.reference(job.source, job.alpha);
  // Awaited below, where its failure (an unreadable picture) is the call's answer.
  reference.catch(() => undefined);
  // Trials an earlier run of the call made of the same picture (an Office document's, tools/image/trial-ledger.ts) are taken as made.
  const ledger = await ledgerFor(ctx.memo, input);
  const made = new Map<string, Promise<Trial>>();
  const once = (key: string, track: Track, make: () => Promise<Trial>): Promise<Trial> => {
    let trial = made.get(key);
    if (!trial) {
      // A kept trial was made with the earlier run's track object: the same track, named as this run's.
      trial = ledger ? ledger.trial(key, make).then((kept) => ({ ...kept, track })) : make();
      made.set(key, trial);
    }
    return trial;
  };
  const full = (track: Track, knob: number) =>
    once(`full:${track.id}@${knob}`, track, () => measurer.trial(track, knob, job.source, reference));
  const idle = async () => {
    await Promise.allSettled([...made.values()]);
  };
  // Awaited by the search or its confirmation; a failure (a cancelled call) must not surface before it is.
  if (options.anchorFirst && job.anchor) full(job.anchor.track, job.anchor.knob).catch(() => undefined);
  try {
    const fullRef = await reference;
    ctx.onProgress(5);
    let searchSource: ImageSource = job.source;
    let searchRef = fullRef;
    const samplePath = path.join(ctx.workDir, 'sample.png');
    // An opaque still's reference holds exactly the pixels the sample is cut from (sRGB, 8 bits, oriented alike).
    const decoded =
      !job.alpha && fullRef.pages === 1
        ? { data: fullRef.data, info: { width: fullRef.width, height: fullRef.pageHeight, channels: 3 } }
        : undefined;
    const sampled =
      job.sampleable && job.pixels > SAMPLE_ABOVE_PIXELS && (await writeSample(job.source, samplePath, {}, decoded));
    if (sampled) {
      searchSource = { path: samplePath, animated: false, autoOrient: false };
      searchRef = await measurer.reference(searchSource, job.alpha);
    }
    const measure = sampled
      ? (track: Track, knob: number) =>
          once(`sample:${track.id}@${knob}`, track, () => measurer.trial(track, knob, searchSource, searchRef))
      : full;
    return { work: { job, measurer, fullRef, sampled, measure, full, idle } };
  } catch (err) {
    // An unreadable picture or a cancelled call: a trial started ahead is done with before the call answers.
    await idle();
    throw err;
  }
}
