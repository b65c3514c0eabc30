import type { MediaStream } from '../../tools/media/probe.js';
import type { CompressionLevel } from '../../types.js';

/** How one audio format is rewritten: a lossy encoder at a bitrate per level, or a lossless one. */
export type AudioRecipe =
  | {
      kind: 'lossy';
      label: string;
      encoder: string;
      /** ffmpeg muxer for the output (work files are named by us). */
      muxer: string;
      /** Bitrate per level for stereo at 44.1 kHz or more, kb/s; mono gets half, narrow-band audio less. */
      kbpsPerPair: Record<CompressionLevel, number>;
      /** Below this an encoder stops being useful whatever the source. */
      minKbps: number;
      extra: string[];
      /** Whether the muxer can carry cover art (an attached picture stream). */
      coverArt: boolean;
      /** Output extension. */
      format: string;
    }
  | { kind: 'lossless'; label: string; muxer: string; format: string; coverArt: boolean }
  | { kind: 'keep'; why: string };

/**
 * FLAC at the encoder's highest effort: the same samples in fewer bytes. Exact Rice parameters cost little time;
 * multi-dimensional quantisation was left out (minutes per file for a few hundred bytes).
 */
const FLAC_ARGS = ['-c:a', 'flac', '-compression_level', '12', '-exact_rice_parameters', '1'];
export const LOSSLESS_ARGS: readonly string[] = FLAC_ARGS;

const lossy = (
  label: string,
  encoder: string,
  muxer: string,
  format: string,
  kbpsPerPair: Record<CompressionLevel, number>,
  minKbps: number,
  coverArt: boolean,
  extra: string[] = [],
): AudioRecipe => ({ kind: 'lossy', label, encoder, muxer, format, kbpsPerPair, minKbps, extra, coverArt });

// Levels follow each codec's efficiency: AAC and Vorbis need fewer bits than MP3 for the same quality, Opus fewer still.
// LAME's own algorithm quality (-q 3): -q 2 doubled the encode (1.16 s against 0.62 s for a 68-s song) for the same
// bytes at a constant bitrate and no better a signal-to-noise ratio on music and speech (23.5 against 24.6 dB, 16.8
// against 18.9 dB, 25.8 against 26.0 dB at 128 kb/s).
const MP3 = lossy('MP3', 'libmp3lame', 'mp3', 'mp3', { light: 160, balanced: 128, maximum: 96 }, 32, true);
const AAC_ADTS = lossy('AAC', 'aac', 'adts', 'aac', { light: 128, balanced: 96, maximum: 64 }, 24, false);
const AAC_M4A = lossy('AAC', 'aac', 'ipod', 'm4a', { light: 128, balanced: 96, maximum: 64 }, 24, true, [
  '-movflags',
  '+faststart',
]);
const VORBIS = lossy('Vorbis', 'libvorbis', 'ogg', 'ogg', { light: 128, balanced: 96, maximum: 64 }, 32, false);
const OPUS_IN_OGG = lossy('Opus', 'libopus', 'ogg', 'ogg', { light: 96, balanced: 64, maximum: 48 }, 16, false);
const OPUS = lossy('Opus', 'libopus', 'opus', 'opus', { light: 96, balanced: 64, maximum: 48 }, 16, false);

/** PCM that FLAC stores bit for bit (FLAC has no floating-point samples). */
const FLAC_PCM = /^pcm_(s16le|s16be|s24le|s24be|s32le|s32be|u8|s8)$/;

/**
 * The recipe for a file of format `ext` whose first audio stream is `audio`. The output keeps the input's format,
 * except WAV, which nothing in its own format can shrink: it becomes FLAC, losslessly.
 */
export function recipeFor(ext: string, audio: Pick<MediaStream, 'codec'>): AudioRecipe {
  const codec = audio.codec;
  switch (ext) {
    case 'mp3':
      return codec === 'mp3' ? MP3 : { kind: 'keep', why: `${codec} audio in an MP3 file is kept as it is` };
    case 'aac':
      return codec === 'aac' ? AAC_ADTS : { kind: 'keep', why: `${codec} audio is kept as it is` };
    case 'm4a':
      return codec === 'aac'
        ? AAC_M4A
        : { kind: 'keep', why: `${codec === 'alac' ? 'Apple Lossless' : codec} audio in M4A is kept as it is` };
    case 'ogg':
      if (codec === 'vorbis') return VORBIS;
      if (codec === 'opus') return OPUS_IN_OGG;
      if (codec === 'flac')
        return { kind: 'lossless', label: 'FLAC level 12 in Ogg', muxer: 'ogg', format: 'ogg', coverArt: false };
      return { kind: 'keep', why: `${codec} audio in Ogg is kept as it is` };
    case 'opus':
      return codec === 'opus' ? OPUS : { kind: 'keep', why: `${codec} audio is kept as it is` };
    case 'flac':
      return { kind: 'lossless', label: 'FLAC level 12', muxer: 'flac', format: 'flac', coverArt: true };
    case 'wav':
      if (FLAC_PCM.test(codec))
        return { kind: 'lossless', label: 'WAV → FLAC level 12, lossless', muxer: 'flac', format: 'flac', coverArt: true };
      return {
        kind: 'keep',
        why: codec.startsWith('pcm_f')
          ? 'FLAC cannot store floating-point samples, so this WAV is kept'
          : `WAV holding ${codec} is already compressed`,
      };
    default:
      return { kind: 'keep', why: `${ext.toUpperCase()} audio is kept as it is` };
  }
}

export type LossyRecipe = Extract<AudioRecipe, { kind: 'lossy' }>;

/** The level's bitrate for this stream: per channel pair, scaled down for narrow-band (speech-rate) audio. */
export function levelKbps(
  recipe: LossyRecipe,
  audio: Pick<MediaStream, 'channels' | 'sampleRate'>,
  level: CompressionLevel,
): number {
  const channels = Math.max(1, audio.channels ?? 2);
  const bandwidth = Math.min(1, (audio.sampleRate ?? 44_100) / 44_100);
  return Math.max(recipe.minKbps, Math.round((recipe.kbpsPerPair[level] * channels * Math.max(0.5, bandwidth)) / 2));
}
