import { GB, MB } from '@shrinkly/contract';

/** Sizes as the product writes them, base 1024 and without a space: "100MB", "5GB", "2.5GB". */
export function formatBytes(bytes: number): string {
  const [unit, name] = bytes >= GB ? [GB, 'GB'] : [MB, 'MB'];
  // Number(...) drops trailing zeros: 100.00 → 100, 2.50 → 2.5.
  return `${Number((bytes / unit).toFixed(2))}${name}`;
}
