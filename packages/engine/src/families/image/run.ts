import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { measureSsim } from '../../quality/ssim.js';
import type { CompressContext, FamilyOutput } from '../../types.js';
import { decodeToRaw, rawVideoArgs, readError, throwIfAborted, type ImageSource, type PixelReference } from './image-io.js';
import { prepareJob, type ImageJob } from './prepare.js';
import { SAMPLE_ABOVE_PIXELS, writeSample } from './sample.js';
import { anchoredBars, colourShift, QUALITY_BAR } from './quality.js';
import { expectedTrials, meets, passingTrials, runLadder, type Trial, type Track } from './search.js';

/** Below this many pixels a side, SSIM's 8×8 windows do not fit: only exact (lossless) results are accepted. */
const MIN_SSIM_SIDE = 16;
/** Full-size confirmations tried after a sampled search before giving up and keeping the original. */
const CONFIRMATIONS = 3;

/** Errors that end the whole call; any other failure of one encode only rules that setting out. */
function isFatal(err: unknown): boolean {
  return err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'tool-missing');
}

export class Measurer {
  private count = 0;
  private done = 0;

  constructor(
    private readonly job: ImageJob,
    private readonly ctx: CompressContext,
    private readonly expected: number,
  ) {}

  /** Decodes the original (or the sample) once: the SSIM reference, and the proof that the input is readable. */
  async reference(source: ImageSource, name: string, alpha: boolean): Promise<PixelReference> {
    const rawPath = path.join(this.ctx.workDir, `${name}.rgb`);
    try {
      return { rawPath, alpha, ...(await decodeToRaw(source, rawPath, alpha)) };
    } catch (err) {
      throw readError(err, this.ctx.signal);
    }
  }

  /** SSIM and colour shift of an output after decoding it again; SSIM -1 when it does not decode to the same shape. */
  private async measure(file: string, ref: PixelReference): Promise<{ ssim: number; shift: number }> {
    const failed = { ssim: -1, shift: 255 };
    const rawPath = `${file}.rgb`;
    try {
      const readable = this.job.readable ? await this.job.readable(file) : file;
      const g = await decodeToRaw({ path: readable, animated: ref.pages > 1, autoOrient: false }, rawPath, ref.alpha);
      if (g.width !== ref.width || g.pageHeight !== ref.pageHeight || g.pages !== ref.pages) return failed;
      if (this.job.verify && !(await this.job.verify(readable))) return failed;
      const [a, b] = await Promise.all([readFile(ref.rawPath), readFile(rawPath)]);
      if (ref.width < MIN_SSIM_SIDE || ref.pageHeight < MIN_SSIM_SIDE) return a.equals(b) ? { ssim: 1, shift: 0 } : failed;
      const shift = colourShift(a, b, ref.width);
      const args = rawVideoArgs(ref);
      const ssim = await measureSsim(this.ctx.runProcess, ref.rawPath, rawPath, { signal: this.ctx.signal, referenceArgs: args, distortedArgs: args });
      return { ssim, shift };
    } catch (err) {
      if (isFatal(err)) throw err;
      return failed;
    } finally {
      await rm(rawPath, { force: true });
    }
  }

  /** Encodes `source` with one setting and measures it. */
  async trial(track: Track, knob: number, source: ImageSource, ref: PixelReference): Promise<Trial> {
    throwIfAborted(this.ctx.signal);
    const out = path.join(this.ctx.workDir, `t${this.count++}-${track.id}-${knob}.${this.job.ext}`);
    let result: Trial = { track, knob, path: out, size: Infinity, ssim: -1, shift: 255 };
    try {
      await track.encode(source, knob, out);
      result = { ...result, size: (await stat(out)).size, ...(await this.measure(out, ref)) };
    } catch (err) {
      if (isFatal(err) || this.ctx.signal.aborted) throw readError(err, this.ctx.signal);
    }
    this.done++;
    this.ctx.onProgress(5 + (90 * Math.min(1, this.done / this.expected)));
    return result;
  }
}

function describe(trial: Trial, kept: string): string {
  const quality = trial.ssim >= 0.99995 && trial.shift === 0 ? 'pixels unchanged' : `SSIM ${trial.ssim.toFixed(4)}`;
  return `${trial.track.describe(trial.knob)} (${quality}), ${kept}`;
}

/**
 * Compresses one image at `ctx.level`: the level's searches (see search.ts) on the picture or, for large pictures
 * with block codecs, on a mosaic sample; then the smallest result at or above the level's SSIM floor, decoded
 * again and checked. Returns the input itself when no setting keeps the floor.
 */
export async function compressImageFile(input: string, ext: string, ctx: CompressContext): Promise<FamilyOutput> {
  throwIfAborted(ctx.signal);
  ctx.onProgress(1);
  const prepared = await prepareJob(input, ext, ctx);
  if ('keep' in prepared) return { path: input, format: ext, recipe: prepared.keep };
  const { job } = prepared;
  const measurer = new Measurer(job, ctx, expectedTrials(job.tracks, ctx.level) + (job.anchor ? 2 : 1));
  const fullRef = await measurer.reference(job.source, 'reference', job.alpha);
  ctx.onProgress(5);

  let searchSource = job.source;
  let searchRef = fullRef;
  const samplePath = path.join(ctx.workDir, 'sample.png');
  const sampled = job.sampleable && job.pixels > SAMPLE_ABOVE_PIXELS && (await writeSample(job.source, samplePath));
  if (sampled) {
    searchSource = { path: samplePath, animated: false, autoOrient: false };
    searchRef = await measurer.reference(searchSource, 'sample-reference', job.alpha);
  }

  const evaluate = (track: Track, knob: number): Promise<Trial> => measurer.trial(track, knob, searchSource, searchRef);
  // The standard tool's encoding of the same pixels (sample included): its SSIM raises the light and balanced bars,
  // and it is a candidate itself. Every level makes it, so each level's run still repeats the stricter levels' runs.
  const anchor = job.anchor ? await evaluate(job.anchor.track, job.anchor.knob) : undefined;
  const bars = anchoredBars(anchor?.ssim);
  const bar = bars[ctx.level];
  const trials = await runLadder(job.tracks, ctx.level, evaluate, bars, anchor ? [anchor] : []);
  // PNG's light is lossless only: an anchor whose track light does not search is a candidate from balanced on.
  const anchorCounts = ctx.level !== 'light' || job.anchor?.track.stages.light !== undefined;
  const candidates = passingTrials(anchorCounts ? trials : trials.filter((t) => t !== anchor), bar);
  // The anchor was measured on the sample: at full size only the level's own floor is checked again.
  const fullBar = QUALITY_BAR[ctx.level];
  let chosen: Trial | undefined;
  if (!sampled) chosen = candidates[0];
  else {
    for (const candidate of candidates.slice(0, CONFIRMATIONS)) {
      const full = await measurer.trial(candidate.track, candidate.knob, job.source, fullRef);
      if (meets(full, fullBar)) {
        chosen = full;
        break;
      }
    }
  }
  if (!chosen) return { path: input, format: ext, recipe: `no ${job.ext.toUpperCase()} setting kept the quality floor (SSIM ${Number(bar.ssim.toFixed(4))})` };
  return {
    path: chosen.path,
    format: job.ext,
    recipe: describe(chosen, job.kept),
    metrics: { ssim: Number(chosen.ssim.toFixed(5)), colourShift: Number(chosen.shift.toFixed(2)) },
  };
}
