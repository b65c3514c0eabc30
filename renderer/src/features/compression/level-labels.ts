import type { CompressionLevel } from '@shrinkly/contract';

/**
 * How each compression level is named and described wherever a level is chosen or shown: SPEC's slider labels,
 * word for word (REQUIREMENTS CONST-31).
 */
export const LEVEL_LABELS: Record<CompressionLevel, { label: string; description: string }> = {
  light: { label: 'Light', description: '20-40% reduction, highest quality' },
  balanced: { label: 'Balanced', description: '50-70%, good quality' },
  maximum: { label: 'Maximum', description: '70-85%, smaller files, slower' },
};
