import { MB } from '@shrinkly/contract';

/** A size as the converter rows write it: megabytes (base 1024) with two decimals, "1.50 MB", "0.01 MB". */
export function formatMegabytes(bytes: number): string {
  return `${(Math.max(0, bytes) / MB).toFixed(2)} MB`;
}
