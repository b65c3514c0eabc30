import path from 'node:path';
import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { allSettledOrThrow, mapLimited } from '../../tools/concurrent.js';
import type { DetectedType, FamilyCompressor, FamilyOutput, LadderContext, LadderOutput } from '../../types.js';
import { assertNotTruncated, type FfmpegRunner, readableDuration } from '../media/ffmpeg.js';
import { encodeChecked } from './encode.js';
import { estimateAudio } from './estimate.js';
import { type EncodePlan, planLevel } from './plan.js';
import { recipeFor } from './recipes.js';
import { readAudioSource } from './source.js';

/** Encodes run at once when several levels are asked (the preview): one per core. */
const ENCODES_AT_ONCE = 2;

function keep(input: string, type: DetectedType, recipe: string, note: string): FamilyOutput {
  return { path: input, format: type.ext, recipe, notes: [note] };
}

/**
 * The asked levels from one read of the input: one probe and one packet listing (at the same time), then one
 * encode per distinct setting (a lossless recipe is the same at every level, so it answers all three) beside one
 * strict decode of the input (damaged frames and files cut short are refused), and each output read back and
 * checked while it is probed.
 */
async function ladderAudio(input: string, type: DetectedType, ctx: LadderContext): Promise<Partial<LadderOutput>> {
  const source = await readAudioSource({ runProcess: ctx.runProcess, signal: ctx.signal }, input, ctx.deadline);
  const { info } = source;
  ctx.onProgress(5);
  const recipe = recipeFor(type.ext, source.audio);
  const levels = recipe.kind === 'keep' || recipe.kind === 'lossless' ? COMPRESSION_LEVELS : (ctx.levels ?? COMPRESSION_LEVELS);
  const plans = new Map(recipe.kind === 'keep' ? [] : levels.map((level) => [level, planLevel(recipe, source, level)] as const));
  const settings = [...new Set([...plans.values()].flatMap((p) => ('args' in p ? [p.args.join(' ')] : [])))];
  // Encodes stop as soon as the decode check finds the input damaged.
  const stop = new AbortController();
  const runner: FfmpegRunner = { runProcess: ctx.runProcess, signal: AbortSignal.any([ctx.signal, stop.signal]) };
  const decoded = readableDuration(runner, input, 'decode', info.durationSec, settings.length === 0 ? (f) => ctx.onProgress(5 + 90 * f) : undefined)
    .then((seconds) => {
      assertNotTruncated(info.durationSec, seconds, info.durationEstimated);
      return seconds;
    });
  decoded.catch(() => stop.abort());
  const fractions = settings.map(() => 0);
  const encoded = mapLimited(settings, ENCODES_AT_ONCE, async (setting, i) => {
    const plan = [...plans.values()].find((p) => 'args' in p && p.args.join(' ') === setting) as Extract<EncodePlan, { args: string[] }>;
    if (recipe.kind === 'keep') throw new Error('nothing to encode');
    return encodeChecked(runner, {
      input, inputExt: type.ext, source, recipe, args: plan.args, label: plan.label, stem: path.join(ctx.workDir, `audio-${i}`), decodedSec: decoded,
      onFraction: (f) => {
        fractions[i] = f;
        ctx.onProgress(5 + (85 * fractions.reduce((a, b) => a + b, 0)) / fractions.length);
      },
    });
  });
  const [, outputs] = await allSettledOrThrow<[number, FamilyOutput[]]>(decoded, encoded);
  const out: Partial<LadderOutput> = {};
  for (const level of levels) {
    const plan = plans.get(level);
    if (!plan) out[level] = keep(input, type, 're-encoding', recipe.kind === 'keep' ? recipe.why : '');
    else out[level] = 'keep' in plan ? keep(input, type, plan.label, plan.keep) : outputs[settings.indexOf(plan.args.join(' '))];
  }
  ctx.onProgress(99);
  return out;
}

/** Audio: re-encoded in its own format at a bitrate per level (never above its own), FLAC at the top level, WAV → FLAC. */
export const audioFamily: FamilyCompressor = {
  family: 'audio',
  formats: ['mp3', 'aac', 'm4a', 'ogg', 'opus', 'flac', 'wav'],
  tools: ['ffmpeg', 'ffprobe'],
  async compress(input, type, ctx) {
    const out = (await ladderAudio(input, type, { ...ctx, levels: [ctx.level] }))[ctx.level];
    if (!out) throw new Error(`no ${ctx.level} output`);
    return out;
  },
  ladder: ladderAudio,
  estimate: estimateAudio,
};
