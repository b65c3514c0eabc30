import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { framesAsShown, framesShown, isOneToOne } from './animation-timing.js';

/** An animation's frames in runs: each run merged into one output frame of its summed duration. */
const runsOfFrames = fc.array(fc.array(fc.integer({ min: 20, max: 2000 }), { minLength: 1, maxLength: 4 }), {
  minLength: 1,
  maxLength: 12,
});

const merged = (runs: number[][]) => runs.map((run) => run.reduce((a, b) => a + b, 0));
const expectedShown = (runs: number[][]) => runs.flatMap((run, frame) => run.map(() => frame));

describe('framesShown', () => {
  it('maps every original frame to the output frame covering its time when runs of frames are merged', () => {
    fc.assert(
      fc.property(runsOfFrames, fc.nat(), (runs, loop) => {
        const original = { delay: runs.flat(), loop };
        expect(framesShown(original, { delay: merged(runs), loop })).toEqual(expectedShown(runs));
        expect(framesShown(original, original)).toEqual(original.delay.map((_, i) => i));
      }),
    );
  });

  it('refuses an output whose frames do not last as long as runs of the original', () => {
    fc.assert(
      fc.property(runsOfFrames, fc.nat(), fc.integer({ min: -10, max: 10 }).filter(Boolean), (runs, at, change) => {
        const delay = merged(runs);
        const i = at % delay.length;
        delay[i] = (delay[i] as number) + change;
        expect(framesShown({ delay: runs.flat(), loop: 0 }, { delay, loop: 0 })).toBeUndefined();
      }),
    );
  });

  it('refuses a changed loop count, missing or extra frames, and merged frames a browser shows for longer', () => {
    const original = { delay: [100, 100, 100], loop: 0 };
    expect(framesShown(original, { delay: [100, 200], loop: 0 })).toEqual([0, 1, 1]);
    expect(framesShown(original, { delay: [100, 200], loop: 3 })).toBeUndefined();
    expect(framesShown(original, { delay: [100, 100], loop: 0 })).toBeUndefined();
    expect(framesShown(original, { delay: [100, 100, 100, 100], loop: 0 })).toBeUndefined();
    // A 10-ms frame plays for 100 ms in browsers: merged into its neighbour it would shorten the animation.
    expect(framesShown({ delay: [10, 100], loop: 0 }, { delay: [110], loop: 0 })).toBeUndefined();
    expect(framesShown({ delay: [10, 100], loop: 0 }, { delay: [10, 100], loop: 0 })).toEqual([0, 1]);
    // Pages without delays (a TIFF's) have no timing: nothing can be said to play the same.
    expect(framesShown({ delay: [], loop: 0 }, { delay: [], loop: 0 })).toBeUndefined();
  });
});

describe('framesAsShown', () => {
  it('lays the output frames out as the original plays them, in each set of frames', () => {
    const frame = (value: number) => Buffer.alloc(6, value);
    // Two sets (over black and over white) of two output frames.
    const pixels = Buffer.concat([frame(1), frame(2), frame(11), frame(12)]);
    const shown = [0, 0, 1];
    expect(isOneToOne(shown)).toBe(false);
    expect(framesAsShown(pixels, 6, shown, 2)).toEqual(
      Buffer.concat([frame(1), frame(1), frame(2), frame(11), frame(11), frame(12)]),
    );
    expect(isOneToOne([0, 1, 2])).toBe(true);
  });
});
