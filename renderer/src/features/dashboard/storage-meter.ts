import { STORAGE_DANGER_RATIO, STORAGE_WARNING_RATIO } from '@shrinkly/contract';

/** The storage bar's colour (docs/product/SPEC.md §9): green under 50% of the limit, yellow under 80%, red from 80%. */
export function storageBarColor(ratio: number): 'green' | 'yellow' | 'red' {
  if (ratio < STORAGE_WARNING_RATIO) return 'green';
  if (ratio < STORAGE_DANGER_RATIO) return 'yellow';
  return 'red';
}

/** Used / limit as 0-1; 0 when there is no limit to measure against. */
export function storageRatio(used: number, limit: number): number {
  return limit > 0 ? Math.min(1, Math.max(0, used / limit)) : 0;
}
