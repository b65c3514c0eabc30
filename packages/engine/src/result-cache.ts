import type { CompressionLevel } from '@shrinkly/contract';

/**
 * Bumped whenever a recipe, a quality bar or the search changes what a level gives for a file, so that results
 * computed by an older engine are never served by a newer one.
 */
export const ENGINE_VERSION = 'engine-2026.12.07b';

/** One level's result for one content, as the engine returns it (the output's bytes, or "kept the original"). */
export interface CachedResult {
  /** The output's bytes; undefined when the original is kept. */
  bytes?: Buffer;
  format: string;
  recipe: string;
  metrics: Record<string, number>;
  score: number | null;
  notes: string[];
}

export interface ResultCacheOptions {
  /** Total bytes of outputs kept; the least recently used go first. */
  maxBytes?: number;
  /** Part of every key: entries of another version are never returned. */
  version?: string;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The results of recent compressions in memory, keyed by (content hash, level, engine version): the preview's run
 * serves the compression that follows it, and a visitor who tries light, then maximum, pays for one search. Bounded
 * by bytes, least recently used first; an output larger than a quarter of the bound is not kept.
 */
export class ResultCache {
  private readonly entries = new Map<string, CachedResult>();
  private bytes = 0;
  /** Lookups answered and not answered since the cache was made. */
  hits = 0;
  misses = 0;
  readonly maxBytes: number;
  readonly version: string;

  constructor(options: ResultCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.version = options.version ?? ENGINE_VERSION;
  }

  private key(contentHash: string, level: CompressionLevel): string {
    return `${this.version}\0${contentHash}\0${level}`;
  }

  get(contentHash: string, level: CompressionLevel): CachedResult | undefined {
    const key = this.key(contentHash, level);
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(contentHash: string, level: CompressionLevel, result: CachedResult): void {
    const size = result.bytes?.length ?? 0;
    if (this.maxBytes === 0 || size > this.maxBytes / 4) return;
    const key = this.key(contentHash, level);
    this.remove(key);
    this.entries.set(key, result);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry = this.entries.get(key)): void {
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes?.length ?? 0;
  }
}

let shared = new ResultCache();

/** The cache every `compress` and `estimate` call of this process shares. */
export function resultCache(): ResultCache {
  return shared;
}

/** Sets the shared cache's size (0 turns it off); the server sets it from its configuration. */
export function configureResultCache(options: ResultCacheOptions): void {
  shared = new ResultCache(options);
}
