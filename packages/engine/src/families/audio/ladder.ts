import path from 'node:path';
import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { allSettledOrThrow, mapLimited } from '../../tools/concurrent.js';
import { assertNotTruncated, type FfmpegRunner, readableDuration } from '../../tools/media/ffmpeg.js';
import type { CompressContext, CompressionLevel, DetectedType, FamilyOutput, LadderContext, LadderOutput } from '../../types.js';
import { checkedOutput, type Encode, type Encoded, type EncodingRecipe, encodeKey, LONGEST_SEC, runEncode } from './encode.js';
import { type EncodePlan, likelyEncode, planLevel, sizedEncode } from './plan.js';
import { type AudioRecipe, recipeFor } from './recipes.js';
import { sniffLayout } from './sniff.js';
import { type AudioSource, readAudioSource } from './source.js';

/** Encodes run at once when several levels are asked (the preview): one per core. */
const ENCODES_AT_ONCE = 2;
const EARLY = 'audio-early';

/** Each level's plan, and the distinct encodes they need (levels with the same settings share one). */
interface LevelPlans {
  recipe: AudioRecipe;
  levels: readonly CompressionLevel[];
  plans: Map<CompressionLevel, EncodePlan>;
  encodes: Encode[];
}

/** Each asked level's plan; `kbps`, when given, is the bitrate of every lossy level's encode (a sized result). */
function planLevels(
  type: DetectedType,
  source: AudioSource,
  asked: readonly CompressionLevel[] | undefined,
  kbps: number | undefined,
): LevelPlans {
  const recipe = recipeFor(type.ext, source.audio);
  // A recipe that does not depend on the level answers all three for the price of one.
  const levels = recipe.kind === 'keep' || recipe.kind === 'lossless' ? COMPRESSION_LEVELS : (asked ?? COMPRESSION_LEVELS);
  const traits = { ...source.audio, bitRate: source.audio.bitRate ?? source.info.bitRate };
  const plan = (r: EncodingRecipe, level: CompressionLevel): EncodePlan =>
    kbps !== undefined && r.kind === 'lossy' ? sizedEncode(r, kbps) : planLevel(r, traits, level);
  const plans = new Map(recipe.kind === 'keep' ? [] : levels.map((level) => [level, plan(recipe, level)] as const));
  const encodes = [...new Map([...plans.values()].flatMap((p) => ('args' in p ? [[encodeKey(p), p] as const] : []))).values()];
  return { recipe, levels, plans, encodes };
}

/** Each level's answer: its encode's checked output, or the original with the reason it is kept. */
function answers(
  planned: LevelPlans,
  outputs: readonly FamilyOutput[],
  original: { path: string; format: string },
): Partial<LadderOutput> {
  const { recipe, levels, plans, encodes } = planned;
  const out: Partial<LadderOutput> = {};
  for (const level of levels) {
    const plan = plans.get(level);
    if (!plan) {
      const why = recipe.kind === 'keep' ? recipe.why : undefined;
      out[level] = { ...original, recipe: why ? `kept the original: ${why}` : 'kept the original', notes: why ? [why] : [] };
    } else if ('keep' in plan)
      out[level] = { ...original, recipe: `kept the original: ${plan.label} would not make it smaller`, notes: [plan.keep] };
    else out[level] = outputs[encodes.findIndex((e) => encodeKey(e) === encodeKey(plan))];
  }
  return out;
}

/**
 * One run of the audio family over the asked levels. What needs nothing from the probe starts at once, beside it:
 * the strict decode of the input (damaged frames, files cut short), and for a one-level call the encode its file
 * type most likely needs, kept only when the probe asks for that very encode.
 */
class AudioRun {
  private readonly damaged = new AbortController();
  private readonly dropEarly = new AbortController();
  private readonly runner: FfmpegRunner;
  private readonly written = new Map<string, number>();
  private durationSec: number | undefined;
  private decodeOnly = false;
  private likely: Encode | undefined;
  private early: Promise<Encoded> | undefined;
  private readonly decodedRaw: Promise<number>;

  constructor(
    private readonly input: string,
    private readonly type: DetectedType,
    private readonly ctx: LadderContext,
    /** A sized result's bitrate (see `encodeAudioAt`). */
    private readonly kbps?: number,
  ) {
    this.runner = this.runnerFor(this.damaged);
    // When nothing is encoded, the decode's progress is the call's.
    this.decodedRaw = readableDuration(this.runner, input, 'decode', LONGEST_SEC, (f) => {
      if (this.decodeOnly && this.durationSec) ctx.onProgress(5 + 90 * Math.min(1, (f * LONGEST_SEC) / this.durationSec));
    });
    this.decodedRaw.catch(() => this.damaged.abort());
  }

  private runnerFor(...stoppers: AbortController[]): FfmpegRunner {
    return { runProcess: this.ctx.runProcess, signal: AbortSignal.any([this.ctx.signal, ...stoppers.map((s) => s.signal)]) };
  }

  private onOutTime(stem: string): (seconds: number) => void {
    return (seconds) => {
      if (stem === EARLY && this.dropEarly.signal.aborted) return;
      this.written.set(stem, seconds);
      const total = this.durationSec;
      if (!total) return;
      const done = [...this.written.values()].reduce((sum, s) => sum + Math.min(1, s / total), 0);
      this.ctx.onProgress(5 + (85 * done) / this.written.size);
    };
  }

  private encodeTo(encode: Encode, name: string, runner: FfmpegRunner): Promise<Encoded> {
    return runEncode(runner, this.input, encode, path.join(this.ctx.workDir, name), {
      durationSec: this.durationSec,
      onOutTime: this.onOutTime(name),
    });
  }

  /** Settles the early work before failing: no process of this call may outlive it. */
  private async stopEarlyWork(err: unknown): Promise<never> {
    this.dropEarly.abort();
    this.damaged.abort();
    await Promise.allSettled([this.early, this.decodedRaw]);
    throw err;
  }

  /** For a one-level call, starts the encode the file most likely needs (see `likelyEncode`). */
  private async startEarly(): Promise<void> {
    const only = this.ctx.levels?.length === 1 ? this.ctx.levels[0] : undefined;
    if (!only || this.kbps !== undefined) return;
    this.likely = likelyEncode(this.type.ext, only, await sniffLayout(this.input, this.type.ext));
    this.early = this.likely ? this.encodeTo(this.likely, EARLY, this.runnerFor(this.damaged, this.dropEarly)) : undefined;
    this.early?.catch(() => {});
  }

  async run(): Promise<Partial<LadderOutput>> {
    const { input, type, ctx } = this;
    await this.startEarly();
    const source = await readAudioSource({ runProcess: ctx.runProcess, signal: ctx.signal }, input, ctx.deadline).catch(
      (err: unknown) => this.stopEarlyWork(err),
    );
    this.durationSec = source.info.durationSec;
    ctx.onProgress(5);
    const planned = planLevels(type, source, ctx.levels, this.kbps);
    const { encodes } = planned;
    const likely = this.likely;
    const keepsEarly = likely !== undefined && encodes.some((e) => encodeKey(e) === encodeKey(likely));
    if (!keepsEarly) {
      this.dropEarly.abort();
      this.written.delete(EARLY);
    }
    this.decodeOnly = encodes.length === 0;
    const { info } = source;
    const decoded = this.decodedRaw.then((seconds) => {
      assertNotTruncated(info.durationSec, seconds, info.durationEstimated);
      return seconds;
    });
    decoded.catch(() => {});
    const outputs = mapLimited(encodes, ENCODES_AT_ONCE, async (encode, i) => {
      const reuse = keepsEarly && this.early && likely && encodeKey(encode) === encodeKey(likely);
      const encoded: Encoded =
        reuse && this.early ? { ...(await this.early), encode } : await this.encodeTo(encode, `audio-${i}`, this.runner);
      return checkedOutput(this.runner, encoded, source, decoded, { path: input, format: type.ext });
    });
    const earlySettled =
      this.early?.then(
        () => undefined,
        () => undefined,
      ) ?? Promise.resolve(undefined);
    // The input's damage first: an encode it stopped fails only because of it.
    const [, results] = await allSettledOrThrow<[number, FamilyOutput[], undefined]>(decoded, outputs, earlySettled);
    ctx.onProgress(99);
    return answers(planned, results, { path: input, format: type.ext });
  }
}

/**
 * The asked levels from one read of the input: one probe and one packet listing (its real bitrate) at once, one
 * encode per distinct setting (two at a time), one strict decode of the input beside them, and each output read
 * back and checked while it is probed.
 */
export function ladderAudio(input: string, type: DetectedType, ctx: LadderContext): Promise<Partial<LadderOutput>> {
  return new AudioRun(input, type, ctx).run();
}

/** The file re-encoded at `kbps` (lossy formats; others give the level's usual answer), checked like a level's output. */
export async function encodeAudioAt(
  input: string,
  type: DetectedType,
  ctx: CompressContext,
  kbps: number,
): Promise<FamilyOutput> {
  const out = (await new AudioRun(input, type, { ...ctx, levels: [ctx.level] }, kbps).run())[ctx.level];
  if (!out) throw new Error(`no ${ctx.level} output`);
  return out;
}
