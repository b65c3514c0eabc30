import { expect, it } from 'vitest';
import { corpusCases, corpusFiles, describeCorpus, expectTruncatedRefused } from '../../corpus.test-support.js';
import { corpusLevels } from '../../corpus-ladder.test-support.js';
import { runProcess } from '../../process/run-process.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import { checkLadder, describeLadder, frameSsimByTime, LEVELS } from '../../tools/media/media.test-support.js';

const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/** Frames per second of a file's first video stream. */
async function framesPerSecond(file: string): Promise<number> {
  const { stdout } = await runProcess(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=avg_frame_rate', '-of', 'csv=p=0', file],
    { captureStdout: true },
  );
  const [num, den] = stdout.trim().split('/').map(Number);
  return num && den ? num / den : 25;
}

const files = corpusFiles(['mp4', 'mov', 'avi', 'mkv', 'webm', 'wmv', 'flv']);

describeCorpus('video family on the shared corpus', files, (dir) => {
  it.each(corpusCases(files))('%s: each level valid, not larger, above its floor, monotonic', async (name, file) => {
    const r = await checkLadder(file, dir(), {
      kinds: ['video', 'audio', 'subtitle'],
      ssim: true,
      durationBy: 'probe',
      made: await corpusLevels(file),
    });
    console.log(describeLadder(name, r), `| ${r.balanced.recipe}`);
    // Every frame a viewer sees first, and every 2-s window, keeps the level's floor; the reported SSIM is the
    // worst window as measured here, independently of the engine.
    const fps = await framesPerSecond(file);
    for (const level of LEVELS) {
      if (r[level].unchanged) continue;
      // Frames paired by time, or by position where a source's irregular timestamps pair neighbours by time (FLV):
      // a wrong pairing only lowers the figure, so the better-aligned one is what a viewer sees.
      const pairings = await Promise.all([
        frameSsimByTime(file, r[level].output, 'time'),
        frameSsimByTime(file, r[level].output, 'position'),
      ]);
      const figures = pairings.sort((a, b) => mean(b) - mean(a))[0] ?? [];
      const size = Math.max(1, Math.round(2 * fps));
      const count = Math.max(1, Math.round(figures.length / size));
      const windows = Array.from({ length: count }, (_, k) =>
        mean(figures.slice(k * size, k === count - 1 ? figures.length : (k + 1) * size)),
      );
      expect(mean(figures.slice(0, Math.round(10 * fps))), `${name} ${level} first 10 s`).toBeGreaterThanOrEqual(
        SSIM_FLOOR[level],
      );
      expect(Math.min(...windows), `${name} ${level} worst window`).toBeGreaterThanOrEqual(SSIM_FLOOR[level]);
      expect(
        Math.abs((r[level].metrics.ssim ?? 0) - Math.min(...windows)),
        `${name} ${level} reported against measured`,
      ).toBeLessThanOrEqual(0.005);
    }
  });

  it('truncated copies of the real files are invalid-input', () => expectTruncatedRefused(files, dir()));
});
