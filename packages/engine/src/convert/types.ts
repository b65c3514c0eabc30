import type { Deadline } from '../budget.js';
import type { EngineCallOptions } from '../engine-call.js';
import type { RunProcess } from '../process/run-process.js';
import type { DetectedType } from '../types.js';

/** What a converter gets for one conversion. */
export interface ConvertContext {
  /** Lower-case extension to produce: 'pdf', 'png', 'mp3', ... (one of `targets(from)`). */
  target: string;
  /** Aborting kills running tools; the call fails with kind 'cancelled'. */
  signal: AbortSignal;
  /** Progress of this file, 0-100. */
  onProgress: (percent: number) => void;
  /** A private, empty folder for this call: removed afterwards, whatever happens. */
  workDir: string;
  runProcess: RunProcess;
  /** The call's time limit (budget.ts); media converters extend it by the content's length once they know it. */
  deadline?: Deadline;
}

/** A converter's answer: the output in the work folder, already opened again and checked. */
export interface ConverterOutput {
  path: string;
  /** Extension of the file produced: the target, or 'zip' when a multi-page document became one picture per page. */
  format: string;
  /** What the check saw, e.g. { pages: 3 } or { durationSeconds: 12.4 } or { width: 800, height: 600 }. */
  checks: Record<string, number>;
}

/** One family of conversions: which targets each input type has, and how to produce them. */
export interface FamilyConverter {
  id: string;
  /** The targets for an input extension (as `DetectedType.ext`); empty when this converter does not take it. */
  targets(from: string): readonly string[];
  /** External commands it needs (see external-tools.json). */
  tools: readonly string[];
  /**
   * Converts `input` to `ctx.target` and checks the result opens (pages, frames, duration) before returning it.
   * Throws EngineError('invalid-input') for a damaged input, EngineError('unsupported') for a pair it does not do.
   */
  convert(input: string, type: DetectedType, ctx: ConvertContext): Promise<ConverterOutput>;
}

export interface ConvertOptions extends EngineCallOptions {
  target: string;
}

export interface ConvertResult {
  /** The converted file, in a folder of its own that the caller moves or deletes. */
  output: string;
  format: string;
  /** The input's real type, as read from its content. */
  from: string;
  originalSize: number;
  convertedSize: number;
  checks: Record<string, number>;
}
