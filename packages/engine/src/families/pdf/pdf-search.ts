import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { EngineError } from '../../errors.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import { allSettledOrThrow } from '../../tools/concurrent.js';
import type { CompressionLevel, LadderContext } from '../../types.js';
import { checkCandidate, type PdfReference, prepareReference } from './pdf-check.js';
import type { PdfFacts } from './pdf-facts.js';
import { qpdfArgs } from './pdf-presets.js';

/** A checked candidate output. */
export interface Candidate {
  path: string;
  size: number;
  /** Lowest SSIM of its sampled rendered pages against the original's (exact when at or above the run's lowest floor). */
  ssim: number;
  recipe: string;
  facts: PdfFacts;
  viaGhostscript: boolean;
  /** The levels whose search makes it, the only ones that may take it: light never takes a resampled picture. */
  levels: readonly CompressionLevel[];
  imagesRecoded?: number;
  /** The resolution its pictures were resampled to, when an image pass resampled them. */
  ppi?: number;
}

/** A made and checked candidate, or none and whether its rendered pages were all that missed (the run's lowest floor). */
export interface Outcome {
  candidate?: Candidate;
  belowFloor: boolean;
}

export type Tools = Pick<LadderContext, 'runProcess' | 'signal'>;
export interface Made {
  path: string;
  recipe: string;
  /** The resolution its pictures were resampled to, when an image pass resampled them. */
  ppi?: number;
}

/** The levels up to `level`, lightest first: what one level's search covers. */
export function levelsUpTo(level: CompressionLevel): CompressionLevel[] {
  return COMPRESSION_LEVELS.slice(0, COMPRESSION_LEVELS.indexOf(level) + 1);
}

export function fromLevel(levels: readonly CompressionLevel[], level: CompressionLevel): CompressionLevel[] {
  return levels.filter((l) => COMPRESSION_LEVELS.indexOf(l) >= COMPRESSION_LEVELS.indexOf(level));
}

/** The smallest candidate `level` may take; on equal sizes the one made first (the order of making is fixed). */
export function pickFor(level: CompressionLevel, candidates: ReadonlyArray<Candidate | undefined>): Candidate | undefined {
  let best: Candidate | undefined;
  for (const c of candidates) {
    if (c?.levels.includes(level) && c.ssim >= SSIM_FLOOR[level] && (!best || c.size < best.size)) best = c;
  }
  return best;
}

export function isStop(err: unknown): boolean {
  return err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'tool-missing');
}

/** One search's shared state: the original, its reference renders and the options every rewrite uses. */
export class Search {
  readonly structure: string[];
  /** The lowest floor of the levels searched: a candidate below it is of no use to any of them. */
  readonly threshold: number;
  private original: PdfReference | undefined;
  private readonly ahead: Array<Promise<void>> = [];

  constructor(
    readonly source: string,
    readonly originalSize: number,
    readonly facts: PdfFacts,
    readonly levels: readonly CompressionLevel[],
    readonly ctx: LadderContext,
    readonly tools: Tools,
    threshold?: number,
  ) {
    this.structure = qpdfArgs({ removeSignatureRestrictions: facts.signed, encrypted: facts.encrypted });
    this.threshold = threshold ?? Math.min(...levels.map((l) => SSIM_FLOOR[l]));
  }

  /** Work started ahead for a later step (its results land in the reference's scores); the search waits for it. */
  alongside(work: () => Promise<void>): void {
    const started = work().catch((err: unknown) => {
      if (isStop(err) || this.ctx.signal.aborted) throw err;
    });
    started.catch(() => undefined); // awaited by `finish`; meanwhile a failure must not count as unhandled
    this.ahead.push(started);
  }

  /** Waits for the work started ahead, so no tool outlives the search. */
  async finish(): Promise<void> {
    await allSettledOrThrow(...this.ahead);
  }

  /** The original's renders and text, started on first use. */
  get reference(): PdfReference {
    this.original ??= prepareReference(this.source, this.facts, path.join(this.ctx.workDir, 'ref'), this.tools);
    return this.original;
  }

  /** Makes a candidate and checks it; no candidate when making it fails or it does not keep the document. */
  async attempt(
    produce: () => Promise<Made>,
    viaGhostscript: boolean,
    levels: readonly CompressionLevel[],
    imagesRecoded?: number,
  ): Promise<Outcome> {
    let made: Made;
    try {
      made = await produce();
    } catch (err) {
      if (isStop(err) || this.ctx.signal.aborted) throw err;
      return { belowFloor: false };
    }
    const dir = await mkdtemp(path.join(this.ctx.workDir, 'check-'));
    try {
      const check = await checkCandidate(this.reference, made.path, this.threshold, dir, this.tools);
      if (!check.ok) return { belowFloor: check.retry };
      const size = (await stat(made.path)).size;
      const candidate = {
        ...made,
        size,
        ssim: check.ssim,
        facts: check.facts,
        viaGhostscript,
        levels,
        ...(imagesRecoded ? { imagesRecoded } : {}),
      };
      return { candidate, belowFloor: false };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
