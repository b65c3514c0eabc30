import type { MediaStream } from '../../tools/media/probe.js';
import type { CompressionLevel } from '../../types.js';
import type { Encode, EncodingRecipe } from './encode.js';
import { LOSSLESS_ARGS, type LossyRecipe, levelKbps, recipeFor } from './recipes.js';
import type { Layout } from './sniff.js';

/** A lossy re-encode must save at least 10 % of the bits to be worth a generation of loss. */
export const MIN_GAIN = 0.9;

/** Output flags that make the bytes a function of the input alone: no random Ogg serial, no encoder-version tag, C DSP. */
export const BITEXACT_ARGS: readonly string[] = ['-fflags', '+bitexact', '-flags:a', '+bitexact'];

/** What a level's plan needs to know about the input's audio: its layout and its measured bitrate. */
export type AudioTraits = Pick<MediaStream, 'channels' | 'sampleRate' | 'bitRate'>;

export type EncodePlan = Encode | { keep: string; label: string };

/** The encode of one level of a recipe, or the reason to keep the original. Levels with the same encode share it. */
export function planLevel(recipe: EncodingRecipe, audio: AudioTraits, level: CompressionLevel): EncodePlan {
  if (recipe.kind === 'lossless') return { recipe, args: [...LOSSLESS_ARGS], label: recipe.label };
  const kbps = levelKbps(recipe, audio, level);
  const label = `${recipe.label} ${kbps}k`;
  const sourceBps = audio.bitRate;
  if (sourceBps && kbps * 1000 >= sourceBps * MIN_GAIN) {
    return {
      keep: `The audio is already ${Math.round(sourceBps / 1000)} kb/s: re-encoding it at ${kbps} kb/s would not make it smaller`,
      label,
    };
  }
  return encodeAt(recipe, kbps, sourceBps ? `${label} (from ${Math.round(sourceBps / 1000)}k)` : label);
}

/** The recipe's encode at a bitrate. */
export function encodeAt(recipe: LossyRecipe, kbps: number, label: string): Encode {
  return { recipe, args: ['-c:a', recipe.encoder, '-b:a', `${kbps}k`, ...recipe.extra], label, kbps };
}

/**
 * An encode at a bitrate sized to a target. A constant-bitrate MP3 takes only the bitrates of MPEG-1 Layer III (LAME
 * writes the nearest under the one asked, 128 for 150), which leaves a target between two of them up to a fifth
 * short: a sized MP3 is written in LAME's average-bitrate mode, which takes any rate. Its average strays from the rate
 * asked on some content (a tone asked at 104 kb/s averages 87), so the size search measures each trial instead of
 * trusting the rate.
 */
export function sizedEncode(recipe: LossyRecipe, kbps: number): Encode {
  if (recipe.encoder !== 'libmp3lame') return encodeAt(recipe, kbps, `${recipe.label} ${kbps}k, sized to the target`);
  const encode = encodeAt(recipe, kbps, `${recipe.label} ${kbps}k average (LAME ABR), sized to the target`);
  return { ...encode, args: [...encode.args, '-abr', '1'] };
}
/** The codec a file with this extension almost always holds. */
const USUAL_CODEC: Readonly<Record<string, string>> = {
  mp3: 'mp3',
  aac: 'aac',
  m4a: 'aac',
  ogg: 'vorbis',
  opus: 'opus',
  flac: 'flac',
  wav: 'pcm_s16le',
};

/**
 * The encode a level most likely needs before the probe: the file type's usual codec, in the layout its first
 * frame header states (`sniffed`) or else stereo at 44.1 kHz or more. The family starts it while it probes, and
 * keeps it only when the probe asks for the very same encode.
 */
export function likelyEncode(ext: string, level: CompressionLevel, sniffed?: Layout): Encode | undefined {
  const codec = USUAL_CODEC[ext];
  if (!codec) return undefined;
  const recipe = recipeFor(ext, { codec });
  if (recipe.kind === 'keep') return undefined;
  const plan = planLevel(recipe, sniffed ?? { channels: 2, sampleRate: 44_100 }, level);
  return 'args' in plan ? plan : undefined;
}
