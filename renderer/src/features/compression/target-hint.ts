import { COMPRESSION_LEVELS, type CompressionLevel, type PreviewItem } from '@shrinkly/contract';
import { formatBytes } from '../../format/format-bytes';
import { LEVEL_LABELS } from './level-labels';

/**
 * What the preview's estimates say about a target size before the upload: already under it, expected to fit at the
 * lightest level up to the chosen one, or expected not to fit within the chosen level's quality.
 */
export function targetHint(
  target: number,
  level: CompressionLevel,
  originalSize: number,
  previews: readonly PreviewItem[],
): { fits: boolean; text: string } {
  const size = formatBytes(target);
  if (originalSize <= target) return { fits: true, text: `This file is already under ${size}, so it will be kept as it is.` };
  const allowed = COMPRESSION_LEVELS.slice(0, COMPRESSION_LEVELS.indexOf(level) + 1);
  const estimates = allowed.map((l) => ({ level: l, size: previews.find((p) => p.level === l)?.estimatedSize }));
  const fitting = estimates.find((e) => e.size !== undefined && e.size <= target);
  if (fitting) {
    return {
      fits: true,
      text: `Expected to fit under ${size} at ${LEVEL_LABELS[fitting.level].label} (about ${formatBytes(fitting.size ?? 0)}), the best quality that does.`,
    };
  }
  const smallest = estimates.at(-1)?.size;
  const about = smallest === undefined ? '' : ` (about ${formatBytes(smallest)})`;
  return {
    fits: false,
    text: `Expected not to fit under ${size} at ${LEVEL_LABELS[level].label} quality: you will get the smallest result that keeps it${about}.`,
  };
}
