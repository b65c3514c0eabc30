import { stat } from 'node:fs/promises';
import path from 'node:path';
import { cpuBudget } from '../../cpu-budget.js';
import { EngineError } from '../../errors.js';
import { SsimReference } from '../../quality/pixel-ssim.js';
import { framesAsShown, isOneToOne } from '../../tools/image/animation-timing.js';
import type { LadderContext } from '../../types.js';
import { decodeOpaque, decodePixels, type ImageSource, type Pixels, readError, throwIfAborted } from './image-io.js';
import type { ImageJob } from './prepare.js';
import { colourShift } from './quality.js';
import type { Track, Trial } from './search.js';

/** Below this many pixels a side, SSIM's 8×8 windows do not fit: only exact (lossless) results are accepted. */
const MIN_SSIM_SIDE = 16;

/**
 * Decoded output frames laid out as the original's (`framesShown`): unchanged when nothing was merged, or when the
 * output's frame count does not fit the timing (the geometry check then fails it).
 */
function asShown(decoded: Pixels, shown: readonly number[] | undefined, sets: number): Pixels {
  const frameBytes = decoded.width * decoded.pageHeight * 3;
  const outputFrames = decoded.pages / sets;
  if (!shown || isOneToOne(shown) || outputFrames !== Math.max(...shown) + 1) return decoded;
  return { ...decoded, pages: shown.length * sets, data: framesAsShown(decoded.data, frameBytes, shown, sets) };
}

/** Errors that end the whole call; any other failure of one encode only rules that setting out. */
function isFatal(err: unknown): boolean {
  return (
    err instanceof EngineError &&
    (err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'tool-missing' || err.kind === 'over-budget')
  );
}

/** The decoded pixels an output is measured against: the original, or the search's sample. */
export interface Reference extends Pixels {
  /** Measured as two flattenings, over black and over white (`decodePixels`): the picture has see-through pixels. */
  alpha: boolean;
  /**
   * The picture has an alpha channel that leaves every pixel opaque: it and its opaque outputs are measured as colour
   * only; an output with see-through pixels is flattened over black and over white and both are measured against it.
   */
  opaque: boolean;
  /** Its SSIM reference, converted once for every trial measured against it. */
  ssim: SsimReference;
}

/**
 * Encodes and measures trials. The reference is decoded once and kept in memory; each output is decoded and
 * measured in process (SSIM as ffmpeg computes it, and the colour shift), so a trial costs one encode and one
 * decode: no ffmpeg and no raw pixel files.
 */
export class Measurer {
  private count = 0;
  private done = 0;

  /** Encodes made so far (each measured): the search's cost, reported with the result. */
  get trials(): number {
    return this.count;
  }

  constructor(
    private readonly job: ImageJob,
    private readonly ctx: LadderContext,
    private readonly expected: number,
  ) {}

  /** Decodes the original (or the sample) once: the SSIM reference, and the proof that the input is readable. */
  async reference(source: ImageSource, alpha: boolean): Promise<Reference> {
    try {
      const opaque = alpha ? await decodeOpaque(source) : null;
      const pixels = opaque ?? (await decodePixels(source, alpha));
      return { alpha: alpha && !opaque, opaque: opaque !== null, ...pixels, ssim: new SsimReference(pixels.data, pixels) };
    } catch (err) {
      throw readError(err, this.ctx.signal);
    }
  }

  /** SSIM and colour shift of an output after decoding it again; SSIM -1 when it does not decode to the same shape. */
  private async measure(file: string, ref: Reference): Promise<{ ssim: number; shift: number }> {
    const failed = { ssim: -1, shift: 255 };
    try {
      const readable = this.job.readable ? await this.job.readable(file) : file;
      const frames = ref.alpha ? ref.pages / 2 : ref.pages;
      // An animation's output may merge equal neighbouring frames: each original frame is compared with the output
      // frame seen at its time.
      const shown = this.job.framesShown ? await this.job.framesShown(readable) : undefined;
      if (this.job.framesShown && !shown) return failed;
      const output: ImageSource = { path: readable, animated: frames > 1, autoOrient: false };
      const opaque = ref.opaque ? await decodeOpaque(output) : null;
      // An opaque picture's output that gained see-through pixels (an encoder coding alpha with loss) is measured as
      // both pictures flattened over black and over white would be: the mean of the two SSIMs, the larger shift.
      const flattened = ref.opaque && !opaque;
      const sets = ref.alpha || flattened ? 2 : 1;
      const decoded = asShown(opaque ?? (await decodePixels(output, ref.alpha || flattened)), shown, sets);
      const copies = flattened ? 2 : 1;
      if (decoded.width !== ref.width || decoded.pageHeight !== ref.pageHeight || decoded.pages !== copies * ref.pages)
        return failed;
      throwIfAborted(this.ctx.signal);
      // Too small for SSIM's windows: only the exact pixels pass (never a flattened output of an opaque picture).
      if (ref.width < MIN_SSIM_SIDE || ref.pageHeight < MIN_SSIM_SIDE)
        return ref.data.equals(decoded.data) ? { ssim: 1, shift: 0 } : failed;
      const outputs = flattened
        ? [decoded.data.subarray(0, ref.data.length), decoded.data.subarray(ref.data.length)]
        : [decoded.data];
      return {
        ssim: outputs.reduce((sum, pixels) => sum + ref.ssim.against(pixels), 0) / outputs.length,
        shift: Math.max(...outputs.map((pixels) => colourShift(ref.data, pixels, ref.width))),
      };
    } catch (err) {
      if (isFatal(err)) throw err;
      return failed;
    }
  }

  /** Encodes `source` with one setting and measures it (against `ref`, which may still be being decoded). */
  async trial(track: Track, knob: number, source: ImageSource, ref: Reference | Promise<Reference>): Promise<Trial> {
    throwIfAborted(this.ctx.signal);
    const out = path.join(this.ctx.workDir, `t${this.count++}-${track.id}-${knob}.${this.job.ext}`);
    let result: Trial = { track, knob, path: out, size: Infinity, ssim: -1, shift: 255 };
    try {
      // One encode and its measurement hold one of the process's CPU slots (cpu-budget.ts).
      result = await cpuBudget().run(async () => {
        const encoding = track.encode(source, knob, out);
        // Awaited below, once the reference is in hand; its failure is the call's (reported where it is decoded), and
        // the encoder is let finish first, so that nothing writes into the work folder after the call has answered.
        encoding.catch(() => undefined);
        const reference = await Promise.resolve(ref).catch(async (err: unknown) => {
          await encoding.catch(() => undefined);
          throw err;
        });
        // The encoders work in threads of their own: the reference's SSIM planes are made meanwhile, not after.
        reference.ssim.prepare();
        await encoding;
        return { ...result, size: (await stat(out)).size, ...(await this.measure(out, reference)) };
      }, this.ctx.signal);
    } catch (err) {
      if (isFatal(err) || this.ctx.signal.aborted) throw readError(err, this.ctx.signal);
    }
    this.done++;
    this.ctx.onProgress(5 + 90 * Math.min(1, this.done / this.expected));
    return result;
  }
}
