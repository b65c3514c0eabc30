/** The sizes of a finished compression, as every answer and screen states them. */
export interface SizeSaving {
  originalSize: number;
  compressedSize: number;
  /** Percent of the original saved, 0-100, one decimal. */
  spaceSaved: number;
}

/** Percent of the original saved, with one decimal; 0 for an empty original, never negative. */
export function spaceSavedPercent(originalSize: number, compressedSize: number): number {
  if (originalSize <= 0) return 0;
  return Math.max(0, Math.round((1 - compressedSize / originalSize) * 1000) / 10);
}

export function sizeSaving(originalSize: number, compressedSize: number): SizeSaving {
  return { originalSize, compressedSize, spaceSaved: spaceSavedPercent(originalSize, compressedSize) };
}
