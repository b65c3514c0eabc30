import { COMPRESSION_LEVELS, type CompressionLevel, type PreviewItem } from '@shrinkly/contract';
import { formatBytes } from '../../format/format-bytes';
import { LEVEL_LABELS } from './level-labels';

/**
 * What the preview's estimates say about a target size before the upload: already under it, expected to fit at the
 * lightest level up to the chosen one, or expected not to fit within the chosen level's quality — then, for a file
 * that can be sized below it (`sizable`), what allowing lower quality does.
 */
export function targetHint(
  target: number,
  level: CompressionLevel,
  originalSize: number,
  previews: readonly PreviewItem[],
  below: { sizable: boolean; allowed: boolean } = { sizable: false, allowed: false },
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
  const label = LEVEL_LABELS[level].label;
  if (below.sizable && below.allowed) {
    const levelSize = smallest === undefined ? '' : ` (${label}: about ${formatBytes(smallest)})`;
    return { fits: true, text: `Expected to go below ${label} quality to fit under ${size}, as you allowed${levelSize}.` };
  }
  const allow = below.sizable ? ' Allow lower quality to make it fit.' : '';
  return {
    fits: false,
    text: `Expected not to fit under ${size} at ${label} quality: you will get the smallest result that keeps it${about}.${allow}`,
  };
}
