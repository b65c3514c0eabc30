import { spaceSavedPercent } from '@shrinkly/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { platform } from '../../platform';
import type { CompressedFile } from './outcome';

/** Where this browser's compressions are tallied (the platform's storage: localStorage on the web). */
export const VISITOR_STATS_KEY = 'shrinkly.visitor-stats';
/** Results remembered by key, so that showing one result again (a reload of a paid result's page) counts it once. */
const REMEMBERED_RESULTS = 200;

/**
 * The landing page's derived stats (STAT-04): every compression this browser finished, the ones that came out
 * smaller, the average percent saved per file, and the total sizes before and after.
 */
export interface VisitorStats {
  totalFiles: number;
  compressedFiles: number;
  averageSavedPercent: number;
  totalOriginalBytes: number;
  totalCompressedBytes: number;
}

interface Tally {
  files: number;
  smaller: number;
  savedPercentSum: number;
  originalBytes: number;
  compressedBytes: number;
  keys: string[];
}

const EMPTY: Tally = { files: 0, smaller: 0, savedPercentSum: 0, originalBytes: 0, compressedBytes: 0, keys: [] };

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** The stored tally, or an empty one when nothing (or something unreadable) is stored. */
function readTally(raw: string | null): Tally {
  try {
    const t = JSON.parse(raw ?? 'null') as Partial<Tally> | null;
    if (!t || ![t.files, t.smaller, t.savedPercentSum, t.originalBytes, t.compressedBytes].every(isCount)) return EMPTY;
    return { ...(t as Tally), keys: Array.isArray(t.keys) ? t.keys.filter((k) => typeof k === 'string') : [] };
  } catch {
    return EMPTY;
  }
}

/** The stats a tally gives. */
export function statsOf(tally: Pick<Tally, Exclude<keyof Tally, 'keys'>>): VisitorStats {
  return {
    totalFiles: tally.files,
    compressedFiles: tally.smaller,
    averageSavedPercent: tally.files > 0 ? Math.round((tally.savedPercentSum / tally.files) * 10) / 10 : 0,
    totalOriginalBytes: tally.originalBytes,
    totalCompressedBytes: tally.compressedBytes,
  };
}

/** Adds one finished compression, once per `key` (its job's id). */
export function recordCompression(key: string, originalSize: number, compressedSize: number): void {
  const tally = readTally(platform.storage.get(VISITOR_STATS_KEY));
  if (tally.keys.includes(key)) return;
  const next: Tally = {
    files: tally.files + 1,
    smaller: tally.smaller + (compressedSize < originalSize ? 1 : 0),
    savedPercentSum: tally.savedPercentSum + spaceSavedPercent(originalSize, compressedSize),
    originalBytes: tally.originalBytes + originalSize,
    compressedBytes: tally.compressedBytes + Math.min(compressedSize, originalSize),
    keys: [...tally.keys, key].slice(-REMEMBERED_RESULTS),
  };
  platform.storage.set(VISITOR_STATS_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Other tabs' compressions arrive through the storage's own change events.
  const stop = platform.storage.subscribe(VISITOR_STATS_KEY, listener);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

/** This browser's stats, following new compressions here and in other tabs. */
export function useVisitorStats(): VisitorStats {
  const raw = useSyncExternalStore(subscribe, () => platform.storage.get(VISITOR_STATS_KEY));
  return statsOf(readTally(raw));
}

/** Counts a result once it shows (STAT-04): a landing result, or a paid file's result page; each job once. */
export function useRecordCompression(file: CompressedFile | null): void {
  useEffect(() => {
    if (file) recordCompression(file.jobId, file.originalSize, file.compressedSize);
  }, [file]);
}
