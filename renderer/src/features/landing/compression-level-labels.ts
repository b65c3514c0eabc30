import type { CompressionLevel } from '@shrinkly/contract';

/** How each compression level is described to people (SPEC section 3, slider labels). */
export const COMPRESSION_LEVEL_LABELS: Record<CompressionLevel, { name: string; reduction: string; trade: string }> = {
  light: { name: 'Light', reduction: '20–40% smaller', trade: 'Highest quality' },
  balanced: { name: 'Balanced', reduction: '50–70% smaller', trade: 'Good quality' },
  maximum: { name: 'Maximum', reduction: '70–85% smaller', trade: 'Smaller files, slower' },
};
