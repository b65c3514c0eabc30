import { useState } from 'react';

/** "Make it fit" and "Resize pictures" for a queue of uploads: none of either until chosen. */
export function useCompressionOptions() {
  const [targetBytes, setTargetBytes] = useState<number | null>(null);
  const [maxDimension, setMaxDimension] = useState<number | null>(null);
  return { targetBytes, setTargetBytes, maxDimension, setMaxDimension };
}

export type CompressionOptions = ReturnType<typeof useCompressionOptions>;
