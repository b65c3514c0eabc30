import { MB, type PreviewItem } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { targetHint } from './target-hint';

const preview = (level: PreviewItem['level'], estimatedSize: number): PreviewItem => ({
  level,
  estimatedSize,
  spaceSaved: 0,
  compressionRatio: 1,
  quality: 80,
  sizeMB: estimatedSize / MB,
  savedMB: 0,
});
const previews = [preview('light', 12 * MB), preview('balanced', 8 * MB), preview('maximum', 4 * MB)];

describe('target hint', () => {
  it('names the lightest level up to the chosen one whose estimate fits', () => {
    expect(targetHint(10 * MB, 'maximum', 20 * MB, previews)).toEqual({
      fits: true,
      text: 'Expected to fit under 10MB at Balanced (about 8MB), the best quality that does.',
    });
    expect(targetHint(15 * MB, 'maximum', 20 * MB, previews).text).toMatch(/at Light \(about 12MB\)/);
  });

  it('says when the chosen level cannot reach it, and when the file already fits', () => {
    expect(targetHint(10 * MB, 'light', 20 * MB, previews)).toEqual({
      fits: false,
      text: 'Expected not to fit under 10MB at Light quality: you will get the smallest result that keeps it (about 12MB).',
    });
    expect(targetHint(2 * MB, 'maximum', 20 * MB, previews).fits).toBe(false);
    expect(targetHint(25 * MB, 'light', 20 * MB, previews).text).toBe(
      'This file is already under 25MB, so it will be kept as it is.',
    );
  });

  it('offers lower quality for a file that can be sized below its level, and says what the consent does', () => {
    expect(targetHint(2 * MB, 'maximum', 20 * MB, previews, { sizable: true, allowed: false }).text).toBe(
      'Expected not to fit under 2MB at Maximum quality: you will get the smallest result that keeps it (about 4MB). Allow lower quality to make it fit.',
    );
    expect(targetHint(2 * MB, 'maximum', 20 * MB, previews, { sizable: true, allowed: true })).toEqual({
      fits: true,
      text: 'Expected to go below Maximum quality to fit under 2MB, as you allowed (Maximum: about 4MB).',
    });
    // A type that cannot go below its levels says nothing of it.
    expect(targetHint(2 * MB, 'maximum', 20 * MB, previews, { sizable: false, allowed: true }).fits).toBe(false);
  });
});
