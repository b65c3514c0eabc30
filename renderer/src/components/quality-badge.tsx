import { Badge, type BadgeProps, Tooltip } from '@mantine/core';
import type { QualityFields, QualityLabel } from '@shrinkly/contract';

const COLORS: Record<QualityLabel, string> = {
  'Visually identical': 'green',
  'Very close': 'teal',
  Close: 'yellow',
  'Visible differences': 'orange',
};

/** The measured score to three places, as the tooltip and screen readers give it. */
export function scoreText(score: number): string {
  return `SSIM ${score.toFixed(3)}`;
}

/**
 * A result's quality in words ("Very close"), with the measured score on hover or focus. Nothing for a result
 * without a score (audio, whose floors are bitrates).
 */
export function QualityBadge({ qualityScore, qualityLabel, size = 'sm' }: QualityFields & Pick<BadgeProps, 'size'>) {
  if (qualityScore === null || qualityLabel === null) return null;
  const score = scoreText(qualityScore);
  return (
    <Tooltip
      label={`${score} against the original (1.000 = identical)`}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        variant="light"
        color={COLORS[qualityLabel]}
        size={size}
        tt="none"
        // Focusable so that keyboard users reach the score too.
        tabIndex={0}
        aria-label={`Quality: ${qualityLabel}, ${score}`}
        data-testid="quality-badge"
        data-score={qualityScore}
      >
        {qualityLabel}
      </Badge>
    </Tooltip>
  );
}
