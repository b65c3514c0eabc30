import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompressionLevel } from '../../types.js';
import {
  LEVEL_ORDER,
  ladderCandidates,
  losslessStages,
  passingTrials,
  type QualityBar,
  runLadder,
  type Track,
  type Trial,
} from './search.js';

/** A made-up encoder: SSIM and size grow with the knob along the given curves (what the search assumes of real ones). */
function curveTrack(
  id: string,
  ssim: (knob: number) => number,
  size: (knob: number) => number,
  stages?: Track['stages'],
  halving?: number,
): Track {
  const track: Track = {
    halving,
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
    const trials = await runLadder([track], evaluate, bars(anchor.ssim, anchor.ssim, 0.94), {
      seed: [anchor],
      levels: ['light', 'balanced'],
    });
    // Light and balanced both have the anchor in their range at exactly their bar: no encode at all.
    expect(made).toEqual([]);
    expect(passingTrials(trials.through('balanced'), { ssim: anchor.ssim, shift: 24 })[0]?.knob).toBe(75);
  });

  it("does not search a level's range when a setting under it already meets the bar: every knob there would be larger", async () => {
    // HEIC's standard setting (q50) lies under light's range (55-95); on a picture where it keeps light's bar, light
    // has its pick at once.
    const track = curveTrack('heic', jpegLike(0.002, 20), (k) => 100 * k, {
      light: { min: 55, max: 95, start: 75 },
      balanced: { min: 35, max: 95, start: 55 },
    });
    const { made, evaluate } = measured();
    const anchor = await evaluate(track, 50);
    made.length = 0;
    const trials = await runLadder([track], evaluate, bars(0.99, 0.97, 0.94), { seed: [anchor], levels: ['light'] });
    expect(made.filter((t) => t.knob >= 55)).toEqual([]);
    expect(passingTrials(trials.through('light'), { ssim: 0.99, shift: 16 })[0]?.knob).toBeLessThanOrEqual(50);
  });

  it('tries a lossless candidate beyond light only when the lossy files passing are not under its size floor', async () => {
    const source = { path: 'picture.png', animated: false, autoOrient: false };
    const made = async (paletteBytes: number) => {
      const lossless = curveTrack(
        'lossless',
        () => 1,
        () => 1000,
        losslessStages(),
      );
      lossless.sizeFloor = async () => 800;
      const palette = curveTrack('palette', jpegLike(0.02, 20), () => paletteBytes, {
        balanced: { min: 30, max: 100, start: 80 },
      });
      const { made, evaluate } = measured();
      const trials = await runLadder([lossless, palette], evaluate, bars(0.99, 0.97, 0.94), { floorSource: source });
      return { lossless: made.filter((t) => t.track === 'lossless').length, trials };
    };
    // Balanced's palette file (300 bytes) is under the floor: the lossless file is made for light alone.
    const cheap = await made(300);
    expect(cheap.lossless).toBe(1);
    expect(cheap.trials.through('balanced').some((t) => t.track.id === 'lossless')).toBe(false);
    expect(cheap.trials.through('light').some((t) => t.track.id === 'lossless')).toBe(true);
    // A palette file over the floor (and over the lossless file): balanced tries the lossless one too, and picks it.
    const dear = await made(1200);
    expect(passingTrials(dear.trials.through('balanced'), { ssim: 0.97, shift: 24 })[0]?.track.id).toBe('lossless');
  });

  it('leaves a track whose smallest file so far cannot beat a result the level already has', async () => {
    const lossless = curveTrack(
      'lossless',
      () => 1,
      () => 500,
      losslessStages(),
    );
    const palette = () =>
      curveTrack('palette', jpegLike(0.03, 20), (k) => 4000 + k, {
        balanced: { min: 30, max: 100, start: 80 },
        maximum: { min: 10, max: 100, start: 60 },
      });
    const count = async (levels: CompressionLevel[]) => {
      const { made, evaluate } = measured();
      await runLadder([lossless, palette()], evaluate, bars(0.99, 0.97, 0.94), { levels });
      return made.filter((t) => t.track === 'palette').length;
    };
    // Balanced measured the lossless 500 bytes, which pass every bar: maximum's search does not try a single palette.
    expect(await count(['balanced'])).toBeGreaterThan(0);
    expect(await count(['maximum'])).toBe(await count(['balanced']));
  });

  it('leaves a track whose next files could not be smaller than the original, a result every level has in hand', async () => {
    // Balanced's bar is met at 75 and missed at 50, whose file (2500 bytes) is already no smaller than the original:
    // every knob left between them would give a larger file still, so the bracket is not narrowed.
    const track = () => curveTrack('jpeg', jpegLike(0.04, 15), (k) => 2000 + 10 * k);
    const search = async (inHand?: number) => {
      const { made, evaluate } = measured();
      await runLadder([track()], evaluate, bars(0.99, 0.97, 0.94), { levels: ['balanced'], inHand });
      return made.map((t) => t.knob);
    };
    expect(await search(2500)).toEqual([75, 73, 50]);
    expect((await search()).length).toBeGreaterThan(3);
  });

  it("leaves a track as soon as another track's passing file, found in an earlier round, is smaller than any it could make", async () => {
    // 'small' fails at its start and passes at its top (1050 bytes) in the first round; 'large' passes at 75 and
    // fails at 50 (2500 bytes) in that same round: every knob left between them gives a file over 1050 bytes.
    const small = curveTrack(
      'small',
      (k) => (k >= 85 ? 0.98 : 0.96),
      (k) => 150 + 10 * k,
    );
    const large = curveTrack('large', jpegLike(0.04, 15), (k) => 2000 + 10 * k);
    const { made, evaluate } = measured();
    await runLadder([small, large], evaluate, bars(0.99, 0.97, 0.94), { levels: ['balanced'] });
    expect(made.filter((t) => t.track === 'large').map((t) => t.knob)).toEqual([75, 73, 50]);
    // Alone, it narrows its bracket on.
    const alone = measured();
    await runLadder([large], alone.evaluate, bars(0.99, 0.97, 0.94), { levels: ['balanced'] });
    expect(alone.made.length).toBeGreaterThan(3);
  });

  it("lets a trailing track's probes wait while the leader's fill the round: the leader's files may leave it nothing to win", async () => {
    // An animated GIF's frame differencing (leading) beside gifsicle's lossy LZW (trailing, 483 against 363 bytes at
    // their starts): the leader's round reaches its lowest knob, 110 bytes, which even the lossy track's steepest
    // growth could not come down to. Measured side by side, the lossy track spent two encodes (14 and 9) on it.
    const lead = curveTrack(
      'frames',
      (k) => (k >= 8 ? 0.9766 + ((k - 8) * 0.017) / 16 : 0.9),
      (k) => 110 + (k - 8) * 15.8,
      { balanced: { min: 8, max: 32, start: 24 } },
      6,
    );
    const gif = curveTrack(
      'lossy',
      (k) => 1 - 0.018 * 2 ** (-(k - 16) / 6),
      (k) => 483 * Math.exp(0.026 * (k - 16)),
      { balanced: { min: 4, max: 20, start: 16 } },
      6,
    );
    gif.sizing = { lowest: 0, highest: 20, slope: 0.026 };
    const { made, evaluate } = measured();
    const trials = await runLadder([lead, gif], evaluate, bars(0.99, 0.97, 0.94), { levels: ['balanced'] });
    expect(made.filter((t) => t.track === 'lossy').map((t) => t.knob)).toEqual([16]);
    expect(passingTrials(trials.through('balanced'), { ssim: 0.97, shift: 24 })[0]?.size).toBe(110);
  });

  it('searches a trailing track that can still win once it has waited, to the pick it makes alone', async () => {
    // The leader's files go no lower than 420 bytes; the trailing track's fall 5 % a step and keep the bar down to knob
    // 12, at 395 bytes.
    const ssim = (k: number) => 1 - 0.018 * 2 ** (-(k - 16) / 6);
    const size = (k: number) => 483 * Math.exp(0.05 * (k - 16));
    const lossy = () => {
      const track = curveTrack('lossy', ssim, size, { balanced: { min: 4, max: 20, start: 16 } }, 6);
      track.sizing = { lowest: 0, highest: 20, slope: 0.026 };
      return track;
    };
    const lead = curveTrack(
      'frames',
      (k) => (k >= 8 ? 0.9766 + ((k - 8) * 0.017) / 16 : 0.9),
      (k) => 420 + (k - 8),
      { balanced: { min: 8, max: 32, start: 24 } },
      6,
    );
    const pick = async (tracks: Track[]) => {
      const { evaluate } = measured();
      const trials = await runLadder(tracks, evaluate, bars(0.99, 0.97, 0.94), { levels: ['balanced'] });
      const best = passingTrials(trials.through('balanced'), { ssim: 0.97, shift: 24 })[0];
      return best && `${best.track.id}@${best.knob}`;
    };
    const alone = await pick([lossy()]);
    expect(alone).toMatch(/^lossy@/);
    expect(await pick([lead, lossy()])).toBe(alone);
  });

  it("does not cut light's search short for a file light may not keep: one under balanced's pick", async () => {
    // 'tiny' searches light only and passes with 1000 bytes, under balanced's pick: light may not keep it
    // (`ladderCandidates`), so the JPEG-like track must still find its own light setting, as it does alone.
    const all = bars(0.99, 0.97, 0.94);
    const lightPick = async (tracks: Track[]) => {
      const { evaluate } = measured();
      const trials = await runLadder(tracks, evaluate, all, { levels: ['light'] });
      const candidates = ladderCandidates((level) => passingTrials(trials.through(level), all[level]));
      const pick = candidates('light')[0];
      return pick && `${pick.track.id}@${pick.knob}`;
    };
    const jpeg = () => curveTrack('jpeg', jpegLike(0.04, 15), (k) => 2000 + 10 * k);
    const tiny = curveTrack(
      'tiny',
      () => 1,
      () => 1000,
      { light: { min: 90, max: 90, start: 90 } },
    );
    const alone = await lightPick([jpeg()]);
    expect(alone).toMatch(/^jpeg@/);
    expect(await lightPick([jpeg(), tiny])).toBe(alone);
  });

  it('gives up on a track at once when a setting above every knob left has failed the bar', async () => {
    // Nothing this track makes keeps even maximum's floor: balanced tries its start and its top, and then no
    // level tries anything under a knob that has already failed.
    const track = curveTrack(
      'hopeless',
      () => 0.9,
      (k) => 100 * k,
    );
    const { made, evaluate } = measured();
    await runLadder([track], evaluate, bars(0.99, 0.97, 0.94));
    expect(made.map((t) => t.knob)).toEqual([75, 90, 95]);
  });

  it('leaves a track once even its lowest knob the prior allows would not beat the file the level holds', async () => {
    // A 4:4:4 track beside the standard 4:2:0 setting: it keeps the bar down to q66, where its file is still larger
    // than the standard one by more than the prior's last steps could take off at the growth measured above it.
    const bar = 0.995;
    const standard = curveTrack(
      'standard',
      () => bar,
      () => 10_000,
    );
    const wide = curveTrack(
      'wide',
      (k) => (k >= 66 ? bar + 0.00005 + 0.0001 * (k - 66) : bar - 0.001),
      (k) => 10_700 * Math.exp(0.02 * (k - 66)),
      undefined,
      20,
    );
    const { made, evaluate } = measured();
    const anchor = await evaluate(standard, 75);
    made.length = 0;
    await runLadder([wide], evaluate, bars(bar, bar, 0.94), { seed: [anchor], levels: ['balanced'] });
    // The start and one round under it, both passing; no third round (q64 and q62, which could not win).
    expect(made.map((t) => t.knob)).toEqual([75, 72, 66]);
  });

  it('measures a second knob beside the first when a coarse track has one side of its bracket left', async () => {
    // A palette-like track (precision 8, no prior) whose start loses a colour (its SSIM is fine, its colour shift
    // is not) while the top keeps it: with [80, 100] bracketed, 90 is measured beside 85, the knob the next round
    // needs when 90 passes: one round less on two cores.
    const track = curveTrack(
      'palette',
      () => 0.99,
      (k) => 1000 * k,
      { balanced: { min: 30, max: 100, start: 80 } },
    );
    track.precision = 8;
    const rounds: number[][] = [];
    let round: number[] = [];
    const { evaluate } = measured();
    const batched = async (t: Track, knob: number): Promise<Trial> => {
      round.push(knob);
      if (round.length === 1) queueMicrotask(() => rounds.push(round));
      const trial = await evaluate(t, knob);
      round = [];
      return { ...trial, shift: knob >= 84 ? 10 : 60 };
    };
    const trials = await runLadder([track], batched, bars(0.99, 0.97, 0.94), { levels: ['balanced'] });
    expect(rounds).toEqual([[80], [100], [90, 85]]);
    expect(passingTrials(trials.through('balanced'), { ssim: 0.97, shift: 24 })[0]?.knob).toBe(85);
  });

  it('each level lands within the precision of its lowest passing knob, in at most four encodes', async () => {
    const track = curveTrack('webp', jpegLike(0.04, 15), (k) => 100 * k, undefined, 20);
    const { made, evaluate } = measured();
    const trials = await runLadder([track], evaluate, bars(0.99, 0.97, 0.94));
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
    expect(made.length).toBeLessThanOrEqual(12);
  });

  it('a balanced call searches balanced only; light and maximum continue from its trials', async () => {
    const run = async (levels: readonly CompressionLevel[]) => {
      const { made, evaluate } = measured();
      const track = curveTrack('jpeg', jpegLike(0.04, 18), (k) => 100 * k, undefined, 20);
      await runLadder([track], evaluate, bars(0.99, 0.97, 0.94), { levels });
      return made.map((t) => t.knob);
    };
    const balanced = await run(['balanced']);
    // Balanced's own start, and no trial above its answer but the pair that brackets it.
    expect(balanced[0]).toBe(75);
    expect(balanced.length).toBeLessThanOrEqual(5);
    const all = await run(LEVEL_ORDER);
    expect(all.slice(0, balanced.length)).toEqual(balanced);
    expect(all.length).toBeGreaterThan(balanced.length);
  });

  it("light's candidates are never smaller than balanced's pick, which never saw light's own trials", () => {
    const track = curveTrack(
      'any',
      () => 1,
      () => 0,
    );
    const trial = (size: number): Trial => ({ track, knob: size, path: String(size), size, ssim: 0.995, shift: 0 });
    const passing = (level: CompressionLevel): Trial[] =>
      level === 'balanced' ? [trial(500), trial(900)] : [trial(400), trial(600)];
    const candidates = ladderCandidates(passing, 1000);
    expect(candidates('light').map((t) => t.size)).toEqual([600]);
    expect(candidates('balanced').map((t) => t.size)).toEqual([500, 900]);
    // With no balanced pick the original (1000 bytes) is balanced's result: light keeps it too.
    expect(ladderCandidates((level) => (level === 'balanced' ? [] : [trial(400)]), 1000)('light')).toEqual([]);
  });

  it('on any increasing curves: each level meets its bar, the ladder is monotonic, and a level finds the same whichever level is asked', async () => {
    const curve = fc.record({
      deficit: fc.double({ min: 0.005, max: 0.2, noNaN: true }),
      halving: fc.double({ min: 4, max: 60, noNaN: true }),
      bytesPerStep: fc.integer({ min: 1, max: 500 }),
      base: fc.integer({ min: 100, max: 100_000 }),
      // The sizing slope a track declares (the growth its searches bound themselves with), true to its files or not.
      sizingSlope: fc.option(fc.double({ min: 0.001, max: 0.1, noNaN: true }), { nil: undefined }),
      // The halving a track declares as its search's prior, close to its curve's or not.
      prior: fc.option(fc.integer({ min: 4, max: 40 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(curve, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 0.995, noNaN: true }),
        fc.option(fc.integer({ min: 100, max: 200_000 }), { nil: undefined }),
        async (shapes, anchorSsim, originalSize) => {
          const make = () =>
            shapes.map((c, i) => {
              const size = (k: number) => c.base + c.bytesPerStep * k;
              const track = curveTrack(`t${i}`, jpegLike(c.deficit, c.halving), size, undefined, c.prior);
              if (c.sizingSlope !== undefined) track.sizing = { lowest: 0, highest: 100, slope: c.sizingSlope };
              return track;
            });
          const levelBars = bars(Math.max(0.99, anchorSsim), Math.max(0.97, anchorSsim), 0.94);
          const picks = async (levels: readonly CompressionLevel[]) => {
            const { evaluate } = measured();
            const trials = await runLadder(make(), evaluate, levelBars, { levels, inHand: originalSize });
            const candidates = ladderCandidates((level) => passingTrials(trials.through(level), levelBars[level]), originalSize);
            return levels.map((level) => {
              const best = candidates(level)[0];
              return best && { level, knob: best.knob, track: best.track.id, size: best.size, ssim: best.ssim };
            });
          };
          const full = await picks(LEVEL_ORDER);
          // A pick no smaller than the original is not used: the original is kept (compress.ts).
          const size = (i: number) =>
            Math.min(full[i]?.size ?? Number.POSITIVE_INFINITY, originalSize ?? Number.POSITIVE_INFINITY);
          for (const [i, pick] of full.entries()) {
            const level = LEVEL_ORDER[i] as CompressionLevel;
            if (pick) expect(pick.ssim).toBeGreaterThanOrEqual(levelBars[level].ssim);
            if (i > 0) expect(size(i)).toBeLessThanOrEqual(size(i - 1));
          }
          for (const [i, level] of LEVEL_ORDER.entries()) expect(await picks([level])).toEqual([full[i]]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
