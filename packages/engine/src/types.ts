import type { CompressionLevel, MetadataChoice, TargetOutcome } from '@shrinkly/contract';
import type { Deadline } from './budget.js';
import type { ComparePair } from './compare.js';
import type { EngineCallOptions } from './engine-call.js';
import type { RunProcess } from './process/run-process.js';

export type { CompressionLevel };

/** The kinds of file the engine knows; each is handled by one family module. */
export type Family = 'image' | 'pdf' | 'office' | 'video' | 'audio' | 'archive' | 'text';

/** A file's real type, read from its content. */
export interface DetectedType {
  /** Canonical lower-case extension without the dot: 'jpg', 'png', 'docx', 'mp4', ... */
  ext: string;
  mime: string;
  family: Family;
}

/** What a family gets for one compression. */
export interface CompressContext {
  level: CompressionLevel;
  /** Aborting kills running tools; the call fails with kind 'cancelled'. */
  signal: AbortSignal;
  /** Progress of this file, 0-100. */
  onProgress: (percent: number) => void;
  /** A private, empty folder for this call: removed afterwards, whatever happens. */
  workDir: string;
  runProcess: RunProcess;
  /** The call's time limit (budget.ts); media families extend it by the content's length once they know it. */
  deadline?: Deadline;
  /**
   * The engine itself, for files that hold other files (archive members, pictures inside Office documents). Absent
   * when a family is called on its own: the files inside are then kept as they are.
   */
  nested?: NestedEngine;
  /**
   * "Make it fit" through the files inside (archive members), at this call's level; absent for a level's own run.
   */
  memberTargets?: MemberTargets;
  /** What the call asked of its pictures, PDFs and videos, for the same files inside an archive (its members). */
  memberChoices?: MemberChoices;
  /**
   * Work one engine call's runs share: a target runs the level asked for, then the lighter ones, then a sized
   * setting, each a family call of its own; a family may keep what they have in common here (a video's reading
   * and encodes) under a key of its own. What it holds may name files in any run's work folder: those folders are
   * removed only with the call's own (engine-call.ts). Absent when a family is called on its own.
   */
  memo?: CallMemo;
  /**
   * Levels this call may ask for next, of the same file (a target's lighter levels, the preview's other levels): a
   * family whose one search gives several levels may make them now and keep them in `memo` (Office pictures).
   */
  nextLevels?: readonly CompressionLevel[];
  /**
   * The setting the level gave the full-size picture this file is a smaller copy of (tools/image/fit-by-side.ts): the
   * copy is tried there first and kept when it holds the level's floor, instead of being searched afresh.
   */
  startAt?: PictureSetting;
}

export type CallMemo = Map<string, Promise<unknown>>;

/**
 * Each member's target, `position` (0-1) of the way along its own range: between its result at the level and its
 * own size, or, with the user's consent to go below the level's quality (`belowFloor`), that share of its result.
 */
export interface MemberTargets {
  position: number;
  belowFloor: boolean;
}

/**
 * What the engine offers a family for the files inside its file. It is handed over with every call, so no family
 * imports the engine's entry points or the family registry (which imports every family).
 */
export interface NestedEngine {
  /** The family that compresses `type`, if one is registered. */
  familyFor(type: DetectedType): FamilyCompressor | undefined;
  /** Compresses a contained file exactly as `compress()` does: its real type, its family's checks and floors. */
  compress(file: string, options: CompressOptions & { nameHint: string; tmpDir: string }): Promise<CompressResult>;
}

/** A family's answer: a candidate output in the work folder. The engine compares sizes and picks the result. */
export interface FamilyOutput {
  path: string;
  /** Extension of the output (differs from the input's only when the family changes format, e.g. wav → flac). */
  format: string;
  /** Short description of what was done, e.g. "mozjpeg q78, metadata stripped". */
  recipe: string;
  /** Measurements of the output against the original, e.g. { ssim: 0.981 }. */
  metrics?: Record<string, number>;
  /**
   * How close the output is to the original on SSIM's scale (see `CompressResult.score`): 1 when the family knows
   * the content is kept exactly (a lossless repack whose samples or parts were checked), null when it made a lossy
   * change it does not measure this way (audio at a lower bitrate). Absent: the measured `metrics.ssim`, if any.
   */
  score?: number | null;
  /** Things the user should know, e.g. "The PDF's digital signature was removed". */
  notes?: string[];
  /** The encoder setting a picture's result was made with: a smaller copy of the picture may start there (`startAt`). */
  setting?: PictureSetting;
}

/** One encoder setting of a picture: its track (image/search.ts) and the track's knob. */
export interface PictureSetting {
  track: string;
  knob: number;
}

/** The picks of every level from one run of a family's search, each already checked like `compress`'s output. */
export type LadderOutput = Record<CompressionLevel, FamilyOutput>;

/** What a family gets for a run that picks every level at once (`ladder`). */
export type LadderContext = Omit<CompressContext, 'level'> & {
  /** The levels whose outputs the caller needs (default: all three); a family may return more. */
  levels?: readonly CompressionLevel[];
};

/** A level's result as "make it fit" knows it: its size and metrics (the family's own setting is `metrics.setting`). */
export interface KnownResult {
  size: number;
  metrics: Record<string, number>;
}

/** What `sizeTo` is asked for: a result just under `targetBytes`, between two known results or past one. */
export interface SizeRequest {
  targetBytes: number;
  /** A result over the target (a lighter level's, or the strongest level's). */
  tooLarge: KnownResult;
  /**
   * A result under the target (the context's level): the answer must be larger than it and keep the level's
   * quality floor. Absent: the user agreed to go below the floor, and the answer goes past `tooLarge`.
   */
  fits?: KnownResult;
}

/** One family of file types: what it handles and how it shrinks and checks them. */
export interface FamilyCompressor {
  family: Family;
  /** Extensions (as `DetectedType.ext`) this module compresses. */
  formats: readonly string[];
  /** External commands it needs (see external-tools.json); missing ones make it fail with 'tool-missing'. */
  tools: readonly string[];
  /**
   * Produces the smallest output that keeps the level's quality floor, already decoded again and checked
   * (dimensions, pages, duration). Throws EngineError('invalid-input') for corrupt input.
   */
  compress(input: string, type: DetectedType, ctx: CompressContext): Promise<FamilyOutput>;
  /**
   * One search that returns the pick of every level (light, balanced, maximum), for families whose levels share
   * their work. The engine then makes each level's result a deterministic function of (content, level, engine
   * version), keeps the ladder monotonic across separate calls (a level's result is never larger than a lighter
   * level's), caches the run for the next call, and answers the preview with it. The outputs may be the same file.
   * It returns at least the levels in `ctx.levels`, and the same output for a level whichever levels are asked.
   */
  ladder?(input: string, type: DetectedType, ctx: LadderContext): Promise<Partial<LadderOutput>>;
  /**
   * Its runs within one engine call share their encodes and measurements (`ctx.memo`), so a level asked for alone
   * costs no more than in a ladder run with the others: "make it fit" asks for the lighter levels one at a time and
   * stops at the first that does not fit, instead of searching them all at once.
   */
  sharesTrials?: boolean;
  /**
   * "Make it fit" between the levels' own settings, or below the floor with the user's consent (target-size.ts):
   * the output at the family's setting whose size lands at or just under `size.targetBytes` (a bitrate, a quality
   * knob), checked like `compress`'s, its setting in `metrics.setting`; undefined when no setting in range gives one.
   * `ctx.level` is the level whose streams (and, with `fits`, floor) the result keeps.
   */
  sizeTo?(input: string, type: DetectedType, ctx: CompressContext & { size: SizeRequest }): Promise<FamilyOutput | undefined>;
  /** Expected output size in bytes per level, quickly (sampling for big files). */
  estimate?(input: string, type: DetectedType, ctx: Omit<CompressContext, 'level'>): Promise<Record<CompressionLevel, number>>;
}

/** The choices of a call that its archive's members follow as they would alone: longest side, PDF resolution, metadata. */
export type MemberChoices = Pick<CompressOptions, 'maxDimension' | 'maxImagePpi' | 'metadata'>;

export interface CompressOptions extends EngineCallOptions {
  level?: CompressionLevel;
  /**
   * The best-quality result at or under this many bytes, among `level` and the lighter levels (`level`'s floor is
   * the lowest quality accepted): see target-size.ts.
   */
  targetBytes?: number;
  /**
   * With `targetBytes`: when no level up to `level` fits, a result under the target below `level`'s quality floor
   * (for families that can size a result: photos, audio and video). The user's explicit consent; default false.
   */
  belowFloor?: boolean;
  /** Pictures: a longest side in pixels, never enlarged; the result's quality is measured against the smaller copy. */
  maxDimension?: number;
  /**
   * PDFs: pictures drawn above this many pixels per inch are resampled to it (never enlarged); the result's quality
   * is measured against that copy.
   */
  maxImagePpi?: number;
  /** Pictures: what the result keeps of the original's metadata (default 'strip': only the colour profile). */
  metadata?: MetadataChoice;
  /** Also make small before/after renditions of the result (`CompressResult.compare`, compare.ts). */
  compare?: boolean;
}

export interface CompressResult {
  /** The result file: a new file in tmpDir (the caller moves or deletes it), or the input itself when unchanged. */
  output: string;
  /** Extension of the result. */
  format: string;
  originalSize: number;
  compressedSize: number;
  recipe: string;
  /** Every result has been decoded again and checked before it is returned. */
  verified: true;
  metrics: Record<string, number>;
  /**
   * How close the result is to the original, on SSIM's scale (1 = the same picture, sound or content): the lowest
   * SSIM measured on the result (pictures, video frames, PDF pages, the pictures inside documents and archives), 1
   * for a result that keeps the content exactly (the original itself, a lossless repack), or null when the change
   * is lossy and not measured this way (audio, whose floors are bitrates).
   */
  score: number | null;
  notes: string[];
  /** How the call's target size went; null without one. */
  target: TargetOutcome;
  /** True when nothing was gained and the original is returned. */
  unchanged: boolean;
  /** With `compare`: before/after renditions (pictures, PDF pages, a video still); none for other kinds. */
  compare?: ComparePair[];
}
