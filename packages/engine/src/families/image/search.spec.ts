import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompressionLevel } from '../../types.js';
import { LEVEL_ORDER, passingTrials, type QualityBar, runLadder, type Track, type Trial } from './search.js';

/** A made-up encoder: SSIM and size grow with the knob along the given curves (what the search assumes of real ones). */
function curveTrack(id: string, ssim: (knob: number) => number, size: (knob: number) => number, stages?: Track['stages']): Track {
  const track: Track = {
    id,
    stages: stages ?? {
      light: { min: 70, max: 95, start: 85 },
      balanced: { min: 50, max: 90, start: 75 },
      maximum: { min: 35, max: 85, start: 60 },
    },
    precision: 2,
    encode: async () => {},
    describe: (knob) => `${id} q${knob}`,
  };
  curves.set(track, { ssim, size });
  return track;
}

const curves = new WeakMap<Track, { ssim: (knob: number) => number; size: (knob: number) => number }>();

/** Measures a made-up trial and counts it. */
function measured() {
  const made: Array<{ track: string; knob: number }> = [];
  const evaluate = async (track: Track, knob: number): Promise<Trial> => {
    made.push({ track: track.id, knob });
    const curve = curves.get(track);
    if (!curve) throw new Error('no curve');
    return { track, knob, path: `${track.id}-${knob}`, size: curve.size(knob), ssim: curve.ssim(knob), shift: 0 };
  };
  return { made, evaluate };
}

const bars = (light: number, balanced: number, maximum: number): Record<CompressionLevel, QualityBar> => ({
  light: { ssim: light, shift: 16 },
  balanced: { ssim: balanced, shift: 24 },
  maximum: { ssim: maximum, shift: 32 },
});

/** A JPEG-like curve: the SSIM deficit halves every `halving` knob steps. */
const jpegLike = (deficitAt50: number, halving: number) => (knob: number) => 1 - deficitAt50 * 2 ** (-(knob - 50) / halving);

describe('image settings search', () => {
  it('stops at the standard setting when the bar is its own SSIM: nothing lower on its track can meet it', async () => {
    const ssim = jpegLike(0.03, 20);
    const track = curveTrack('jpeg', ssim, (k) => 1000 + 50 * k);
    const { made, evaluate } = measured();
    const anchor = await evaluate(track, 75);
    made.length = 0;
    const trials = await runLadder([track], evaluate, bars(anchor.ssim, anchor.ssim, 0.94), [anchor], 'balanced');
    // Light and balanced both have the anchor in their range at exactly their bar: no encode at all.
    expect(made).toEqual([]);
    expect(passingTrials(trials.through('balanced'), { ssim: anchor.ssim, shift: 24 })[0]?.knob).toBe(75);
  });

  it('leaves a track whose smallest file so far cannot beat a result the level already has', async () => {
    const lossless = curveTrack(
      'lossless',
      () => 1,
      () => 500,
      { light: { min: 100, max: 100, start: 100 } },
    );
    const palette = curveTrack('palette', jpegLike(0.03, 20), (k) => 4000 + k, {
      balanced: { min: 30, max: 100, start: 80 },
    });
    const { made, evaluate } = measured();
    await runLadder([lossless, palette], evaluate, bars(0.99, 0.97, 0.94), [], 'balanced');
    // The lossless 500 bytes pass every bar; the palette's start (4080 bytes) and one bracket are all it gets.
    expect(made.filter((t) => t.track === 'palette').length).toBeLessThanOrEqual(3);
  });

  it('leaves a track whose next files could not be smaller than the original, a result every level has in hand', async () => {
    // Light's bar is met at 85 and missed at 70, whose file (2700 bytes) is already larger than the original: every
    // knob left between them would give a larger file still, so the bracket is not narrowed.
    const track = () => curveTrack('jpeg', jpegLike(0.04, 15), (k) => 2000 + 10 * k);
    const search = async (inHand?: number) => {
      const { made, evaluate } = measured();
      await runLadder([track()], evaluate, bars(0.99, 0.97, 0.94), [], 'light', inHand);
      return made.map((t) => t.knob);
    };
    expect(await search(2500)).toEqual([85, 83, 70]);
    expect((await search()).length).toBeGreaterThan(3);
  });

  it('gives up on a track at once when a setting above every knob left has failed the bar', async () => {
    // Nothing this track makes keeps even maximum's floor: light tries its start and its top, and then no
    // level tries anything under a knob that has already failed.
    const track = curveTrack(
      'hopeless',
      () => 0.9,
      (k) => 100 * k,
    );
    const { made, evaluate } = measured();
    await runLadder([track], evaluate, bars(0.99, 0.97, 0.94), [], 'maximum');
    expect(made.map((t) => t.knob)).toEqual([85, 95]);
  });

  it('each level lands within the precision of its lowest passing knob, in at most five encodes', async () => {
    const track = curveTrack('webp', jpegLike(0.04, 15), (k) => 100 * k);
    const { made, evaluate } = measured();
    const trials = await runLadder([track], evaluate, bars(0.99, 0.97, 0.94), [], 'maximum');
    const lowest = (bar: number) => passingTrials(trials.all, { ssim: bar, shift: 99 })[0]?.knob ?? Infinity;
    // The true answers: the lowest knob of each level's range whose SSIM meets its bar.
    for (const [bar, min] of [
      [0.99, 70],
      [0.97, 50],
      [0.94, 35],
    ] as const) {
      let truth = min;
      while (jpegLike(0.04, 15)(truth) < bar) truth++;
      expect(lowest(bar) - truth).toBeLessThanOrEqual(2);
    }
    expect(made.length).toBeLessThanOrEqual(15);
  });

  it('on any increasing curves: each level meets its bar, the ladder is monotonic, and a level finds the same whichever level is asked', async () => {
    const curve = fc.record({
      deficit: fc.double({ min: 0.005, max: 0.2, noNaN: true }),
      halving: fc.double({ min: 4, max: 60, noNaN: true }),
      bytesPerStep: fc.integer({ min: 1, max: 500 }),
      base: fc.integer({ min: 100, max: 100_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(curve, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 0.995, noNaN: true }),
        fc.option(fc.integer({ min: 100, max: 200_000 }), { nil: undefined }),
        async (shapes, anchorSsim, originalSize) => {
          const make = () =>
            shapes.map((c, i) => curveTrack(`t${i}`, jpegLike(c.deficit, c.halving), (k) => c.base + c.bytesPerStep * k));
          const levelBars = bars(Math.max(0.99, anchorSsim), Math.max(0.97, anchorSsim), 0.94);
          const picks = async (last: CompressionLevel) => {
            const { evaluate } = measured();
            const trials = await runLadder(make(), evaluate, levelBars, [], last, originalSize);
            return LEVEL_ORDER.slice(0, LEVEL_ORDER.indexOf(last) + 1).map((level) => {
              const best = passingTrials(trials.through(level), levelBars[level])[0];
              return best && { level, knob: best.knob, track: best.track.id, size: best.size, ssim: best.ssim };
            });
          };
          const full = await picks('maximum');
          for (const [i, pick] of full.entries()) {
            const level = LEVEL_ORDER[i] as CompressionLevel;
            if (pick) expect(pick.ssim).toBeGreaterThanOrEqual(levelBars[level].ssim);
            const lighter = full[i - 1];
            if (pick && lighter) expect(pick.size).toBeLessThanOrEqual(lighter.size);
          }
          expect(await picks('light')).toEqual(full.slice(0, 1));
          expect(await picks('balanced')).toEqual(full.slice(0, 2));
        },
      ),
      { numRuns: 200 },
    );
  });
});
