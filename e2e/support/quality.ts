import { qualityLabel } from '@shrinkly/contract';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The result's quality badge inside `container`: the label of its score's band, at or above `floor`, and the score
 * itself in words for screen readers and, on hover, in the tooltip.
 */
export async function expectQualityBadge(container: Locator, floor: number): Promise<number> {
  const badge = container.getByTestId('quality-badge');
  await badge.waitFor();
  const score = Number(await badge.getAttribute('data-score'));
  expect(score).toBeGreaterThanOrEqual(floor);
  expect(score).toBeLessThanOrEqual(1);
  expect((await badge.innerText()).trim()).toBe(qualityLabel(score));
  expect(await badge.getAttribute('aria-label')).toBe(`Quality: ${qualityLabel(score)}, SSIM ${score.toFixed(3)}`);
  await badge.hover();
  await container
    .page()
    .getByRole('tooltip')
    .getByText(`SSIM ${score.toFixed(3)} against the original`)
    .waitFor();
  return score;
}
