import type { CompressionLevel } from '../../types.js';
import { type AudioRecipe, LOSSLESS_ARGS, levelKbps } from './recipes.js';
import type { AudioSource } from './source.js';

/** A lossy re-encode must save at least 10 % of the bits to be worth a generation of loss. */
export const MIN_GAIN = 0.9;

/** Output flags that make the bytes a function of the input alone: no random Ogg serial, no encoder-version tag, C DSP. */
export const BITEXACT_ARGS: readonly string[] = ['-fflags', '+bitexact', '-flags:a', '+bitexact'];

export type EncodePlan = { args: string[]; label: string } | { keep: string; label: string };

/** Encoder arguments for one level of a recipe, or the reason to keep the original. Levels with the same arguments share one encode. */
export function planLevel(recipe: Exclude<AudioRecipe, { kind: 'keep' }>, source: AudioSource, level: CompressionLevel): EncodePlan {
  if (recipe.kind === 'lossless') return { args: [...LOSSLESS_ARGS], label: recipe.label };
  const { audio, info } = source;
  const kbps = levelKbps(recipe, audio, level);
  const label = `${recipe.label} ${kbps}k`;
  const sourceBps = audio.bitRate ?? info.bitRate;
  if (sourceBps && kbps * 1000 >= sourceBps * MIN_GAIN) {
    return { keep: `The audio is already ${Math.round(sourceBps / 1000)} kb/s: re-encoding it at ${kbps} kb/s would not make it smaller`, label };
  }
  return { args: ['-c:a', recipe.encoder, '-b:a', `${kbps}k`, ...recipe.extra], label: sourceBps ? `${label} (from ${Math.round(sourceBps / 1000)}k)` : label };
}
