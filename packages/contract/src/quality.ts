import { z } from 'zod';

/**
 * How a result's quality score reads. The score is the engine's SSIM of the result against its original (1 = the
 * same picture); each band starts at its `min`. The bands follow the levels' floors: light keeps 0.99 ("Visually
 * identical"), balanced about 0.97, maximum 0.94, so a result below 0.94 would show its differences.
 */
export const QUALITY_BANDS = [
  { min: 0.99, label: 'Visually identical' },
  { min: 0.97, label: 'Very close' },
  { min: 0.94, label: 'Close' },
  { min: 0, label: 'Visible differences' },
] as const;

export type QualityLabel = (typeof QUALITY_BANDS)[number]['label'];

/** The plain label of a quality score. */
export function qualityLabel(score: number): QualityLabel {
  return QUALITY_BANDS.find((b) => score >= b.min)?.label ?? 'Visible differences';
}

/** A result's score as answers carry it; null when the change was not measured on this scale (audio bitrates). */
export const qualityScoreSchema = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .describe("the engine's SSIM of the result against the original, 1 = identical; null when not measured (audio)");

export const qualityLabelSchema = z
  .enum(QUALITY_BANDS.map((b) => b.label) as [QualityLabel, ...QualityLabel[]])
  .nullable()
  .describe('the score in words (QUALITY_BANDS); null without a score');

/** The quality fields of a result's answer: its score and the score's label. */
export interface QualityFields {
  qualityScore: number | null;
  qualityLabel: QualityLabel | null;
}

export function qualityFields(score: number | null): QualityFields {
  return { qualityScore: score, qualityLabel: score === null ? null : qualityLabel(score) };
}
