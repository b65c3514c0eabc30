import { MB } from '@shrinkly/contract';
import { formatBytes } from './format-bytes';

const KB = 1024;

/**
 * A stored file's size, readable at every scale: "512B", "12.5KB", then formatBytes from a megabyte up ("3.2MB",
 * "1.5GB"). formatBytes alone would write a 12KB file as "0.01MB".
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return formatBytes(bytes);
  if (bytes >= KB) return `${Number((bytes / KB).toFixed(1))}KB`;
  return `${Math.max(0, Math.round(bytes))}B`;
}
