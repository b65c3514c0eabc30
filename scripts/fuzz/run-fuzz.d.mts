/** Upload routes the fuzzer sends mutated files through, in turn. */
export declare const ROUTES: readonly string[];

/** Corpus files (paths) no larger than `maxBytes`. */
export declare function corpusFiles(dir: string, maxBytes?: number): Promise<string[]>;

export interface FuzzOptions {
  baseUrl: string;
  dataDir: string;
  corpusDir: string;
  count?: number;
  seed?: number;
  maxFileBytes?: number;
  requestBudgetMs?: number;
  log?: (line: string) => void;
}

export interface FuzzResult {
  seed: number;
  /** Per route, the count of each answer status (or outcome). */
  histogram: Record<string, Record<string, number>>;
  /** What went wrong: route, file, mutation and the problem. */
  failures: string[];
  /** Every mutated file sent: its route, source, mutation, answer and time. */
  cases: Array<{ route: string; source: string; kind: string; status: string | number; ms: number }>;
}

/** Runs `count` mutated files, spread over every route in turn. */
export declare function runFuzz(options: FuzzOptions): Promise<FuzzResult>;

/** The histogram as aligned text lines. */
export declare function formatHistogram(histogram: FuzzResult['histogram']): string[];
