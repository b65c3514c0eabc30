import type { Comparison, CompressionLevel, MetadataChoice } from '@shrinkly/contract';
import type { EngineErrorKind } from '@shrinkly/engine';

/** One file to compress on this machine. */
/** The options beside the level (see the engine's CompressOptions). */
export interface LocalCompressionOptions {
  targetBytes?: number | undefined;
  maxDimension?: number | undefined;
  maxImagePpi?: number | undefined;
  belowFloor?: boolean | undefined;
  metadata?: MetadataChoice | undefined;
}

export interface LocalCompressionRequest extends LocalCompressionOptions {
  input: string;
  level: CompressionLevel;
  /** A private folder for the engine's work and its result; the caller removes it. */
  tmpDir: string;
}

/** The engine's answer, as far as the desktop needs it. */
export interface LocalCompressionResult {
  /** The result file inside tmpDir, or the input itself when unchanged. */
  output: string;
  format: string;
  originalSize: number;
  compressedSize: number;
  recipe: string;
  notes: string[];
  unchanged: boolean;
  /** The engine's quality score (CompressResult.score). */
  score: number | null;
  /** Before/after renditions (pictures as data: URLs), or null when the engine made none. */
  comparison: Comparison | null;
}

/** A compression that did not finish: the engine's kind of failure and its message. */
export class LocalCompressionError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LocalCompressionError';
  }
}

/** Runs the engine's compress() for the desktop, off the main thread. */
export interface LocalCompressor {
  /** Aborting the signal cancels the engine's call (it removes its work folder); the promise then rejects with kind 'cancelled'. */
  compress(
    request: LocalCompressionRequest,
    options: { signal: AbortSignal; onProgress: (percent: number) => void },
  ): Promise<LocalCompressionResult>;
  close(): Promise<void>;
}
