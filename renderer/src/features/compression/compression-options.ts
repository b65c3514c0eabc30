import type { MetadataChoice } from '@shrinkly/contract';
import { useMemo, useState } from 'react';

/** What a compression is asked beside its level: every surface (landing, My Files, desktop) sends the same. */
export interface CompressionChoices {
  /** "Make it fit": bytes to fit under, or null for none. */
  targetBytes: number | null;
  /** With a target: consent to go below the level's quality when nothing within it fits (audio and video). */
  belowFloor: boolean;
  /** Pictures: the longest side in pixels, or null for full size. */
  maxDimension: number | null;
  /** PDFs: the highest resolution their pictures keep (pixels per inch), or null for their own. */
  maxImagePpi: number | null;
  /** Pictures: what the result keeps of the original's metadata. */
  metadata: MetadataChoice;
}

export const DEFAULT_CHOICES: CompressionChoices = {
  targetBytes: null,
  belowFloor: false,
  maxDimension: null,
  maxImagePpi: null,
  metadata: 'strip',
};

/** The choices as a request's fields, those left at "none" omitted (the consent only with a target). */
export function choiceFields(choices: CompressionChoices) {
  const { targetBytes, belowFloor, maxDimension, maxImagePpi, metadata } = choices;
  return {
    targetBytes: targetBytes ?? undefined,
    belowFloor: targetBytes !== null && belowFloor ? true : undefined,
    maxDimension: maxDimension ?? undefined,
    maxImagePpi: maxImagePpi ?? undefined,
    metadata,
  };
}

/**
 * "Make it fit", "Resize pictures", "PDF pictures" and "Photo data" for a compression or a queue of them: the defaults until chosen.
 * `savedPhotoData` is the user's saved choice (account settings, desktop settings), which may arrive later.
 */
export function useCompressionOptions(savedPhotoData?: MetadataChoice) {
  const [targetBytes, setTargetBytes] = useState<number | null>(null);
  const [belowFloor, setBelowFloor] = useState(false);
  const [maxDimension, setMaxDimension] = useState<number | null>(null);
  const [maxImagePpi, setMaxImagePpi] = useState<number | null>(null);
  const [chosenPhotoData, setMetadata] = useState<MetadataChoice | null>(null);
  const metadata = chosenPhotoData ?? savedPhotoData ?? DEFAULT_CHOICES.metadata;
  const choices: CompressionChoices = useMemo(
    () => ({ targetBytes, belowFloor, maxDimension, maxImagePpi, metadata }),
    [targetBytes, belowFloor, maxDimension, maxImagePpi, metadata],
  );
  return { ...choices, choices, setTargetBytes, setBelowFloor, setMaxDimension, setMaxImagePpi, setMetadata };
}

export type CompressionOptions = ReturnType<typeof useCompressionOptions>;
