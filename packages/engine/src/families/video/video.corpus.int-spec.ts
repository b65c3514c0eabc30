import { expect, it } from 'vitest';
import { corpusCases, corpusFiles, describeCorpus, expectTruncatedRefused } from '../../corpus.test-support.js';
import { corpusLevels } from '../../corpus-ladder.test-support.js';
import { runProcess } from '../../process/run-process.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import { checkLadder, describeLadder, frameSsimByTime, LEVELS, mean, windowMeans } from '../../tools/media/media.test-support.js';
import type { CompressionLevel } from '../../types.js';

/**
 * What breaks the level's floor in one pairing of the frames: the first 10 s, the worst 2-s window, or a reported
 * SSIM (the worst window as the engine measured it) more than 0.005 away from this independent measure.
 */
function floorCheck(figures: readonly number[], fps: number, level: CompressionLevel, reported = 0): string[] {
  const windows = windowMeans(figures, fps);
  const floor = SSIM_FLOOR[level];
  const first = mean(figures.slice(0, Math.round(10 * fps)));
  const worst = Math.min(...windows);
  return [
    ...(first >= floor ? [] : [`first 10 s ${first.toFixed(4)} under ${floor}`]),
    ...(worst >= floor ? [] : [`worst window ${worst.toFixed(4)} under ${floor}`]),
    ...(Math.abs(reported - worst) <= 0.005 ? [] : [`reported ${reported} against measured ${worst.toFixed(4)}`]),
  ];
}

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
    // No sampled SSIM check in checkLadder: every frame is measured below.
    const r = await checkLadder(file, dir(), {
      kinds: ['video', 'audio', 'subtitle'],
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
      // a wrong pairing only lowers the figures, so the second pairing is measured only when the first falls short.
      const problems = (pairBy: 'time' | 'position') =>
        frameSsimByTime(file, r[level].output, pairBy).then((figures) => floorCheck(figures, fps, level, r[level].metrics.ssim));
      const byTime = await problems('time');
      expect(byTime.length === 0 ? byTime : await problems('position'), `${name} ${level}`).toEqual([]);
    }
  });

  it('truncated copies of the real files are invalid-input', () => expectTruncatedRefused(files, dir()));
});
