import type { CompressionLevel } from '@shrinkly/contract';

/** The level picker's words (SPEC section 3, the slider labels). */
export const LEVEL_OPTIONS: Record<CompressionLevel, { label: string; description: string }> = {
  light: { label: 'Light', description: '20-40% reduction, highest quality' },
  balanced: { label: 'Balanced', description: '50-70% reduction, good quality' },
  maximum: { label: 'Maximum', description: '70-85% reduction, smaller files, slower' },
};
