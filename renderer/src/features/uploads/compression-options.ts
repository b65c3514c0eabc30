import type { MetadataChoice } from '@shrinkly/contract';
import { useState } from 'react';

/** "Make it fit", "Resize pictures" and "Photo data" for a queue of uploads: the defaults until chosen. */
export function useCompressionOptions() {
  const [targetBytes, setTargetBytes] = useState<number | null>(null);
  const [maxDimension, setMaxDimension] = useState<number | null>(null);
  const [metadata, setMetadata] = useState<MetadataChoice>('strip');
  return { targetBytes, setTargetBytes, maxDimension, setMaxDimension, metadata, setMetadata };
}

export type CompressionOptions = ReturnType<typeof useCompressionOptions>;
