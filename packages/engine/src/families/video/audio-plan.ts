import type { MediaStream } from '../../tools/media/probe.js';
import type { CompressionLevel } from '../../types.js';

/** Audio encoder per video container: one every player of that container decodes. */
const AUDIO_ENCODER: Readonly<Record<string, { encoder: string; label: string; kbpsPerPair: Record<CompressionLevel, number> }>> =
  {
    mp4: { encoder: 'aac', label: 'AAC', kbpsPerPair: { light: 160, balanced: 128, maximum: 96 } },
    mov: { encoder: 'aac', label: 'AAC', kbpsPerPair: { light: 160, balanced: 128, maximum: 96 } },
    mkv: { encoder: 'aac', label: 'AAC', kbpsPerPair: { light: 160, balanced: 128, maximum: 96 } },
    flv: { encoder: 'aac', label: 'AAC', kbpsPerPair: { light: 160, balanced: 128, maximum: 96 } },
    // AVI has no way to signal AAC's priming delay and old AVI players expect MP3.
    avi: { encoder: 'libmp3lame', label: 'MP3', kbpsPerPair: { light: 192, balanced: 160, maximum: 128 } },
    webm: { encoder: 'libopus', label: 'Opus', kbpsPerPair: { light: 128, balanced: 96, maximum: 64 } },
    wmv: { encoder: 'wmav2', label: 'WMA2', kbpsPerPair: { light: 192, balanced: 128, maximum: 96 } },
    ogv: { encoder: 'libvorbis', label: 'Vorbis', kbpsPerPair: { light: 128, balanced: 96, maximum: 64 } },
  };

/** Uncompressed or lossless audio: always worth re-encoding inside a video. */
const LOSSLESS = /^(pcm_|flac$|alac$|truehd$|mlp$|wavpack$|tta$|ape$|s302m$)/;

/**
 * Tracks a container's muxer refuses to take as they are: FLV stores MP3 only at 44.1 kHz and its halves (48 kHz
 * under the 44.1 kHz flag), while FLVs made by other tools carry MP3 at 8, 16, 24 or 32 kHz. Such a track is
 * re-encoded even when a copy would be smaller.
 */
function cannotCopy(stream: MediaStream, container: string): boolean {
  return container === 'flv' && stream.codec === 'mp3' && ![48_000, 44_100, 22_050, 11_025].includes(stream.sampleRate ?? 0);
}

/** A re-encode must save at least this share of the audio's bits to be worth a generation of loss. */
const MIN_GAIN = 1.2;

export interface AudioDecision {
  /** Encoder arguments for this output stream (without the stream specifier), or undefined to copy. */
  encode?: { encoder: string; kbps: number };
  label: string;
}

/**
 * Copy or re-encode one audio track of a video: re-encoded only when that saves space — PCM/lossless tracks, or
 * lossy tracks well above the level's bitrate — and never above the track's own bitrate.
 */
export function planAudio(stream: MediaStream, container: string, level: CompressionLevel): AudioDecision {
  const target = AUDIO_ENCODER[container];
  if (!target) return { label: `${stream.codec} copied` };
  // MP3's ~1100-sample encoder delay cannot be signalled in AVI: below 32 kHz it would exceed 35 ms of lip-sync.
  if (container === 'avi' && (stream.sampleRate ?? 0) < 32_000) return { label: `${stream.codec} copied` };
  const channels = Math.max(1, stream.channels ?? 2);
  // Narrow-band audio (speech at 8-22 kHz) needs proportionally fewer bits.
  const bandwidth = Math.min(1, (stream.sampleRate ?? 44_100) / 44_100);
  const kbps = Math.max(24, Math.round((target.kbpsPerPair[level] * channels * bandwidth) / 2));
  const sourceKbps = stream.bitRate ? stream.bitRate / 1000 : undefined;
  const lossless = LOSSLESS.test(stream.codec);
  const worth =
    cannotCopy(stream, container) ||
    (lossless
      ? sourceKbps === undefined || sourceKbps > kbps * MIN_GAIN
      : sourceKbps !== undefined && sourceKbps > kbps * MIN_GAIN);
  if (!worth) return { label: `${stream.codec} copied` };
  return { encode: { encoder: target.encoder, kbps }, label: `${target.label} ${kbps}k` };
}

/** ffmpeg arguments for the output stream at `outIndex`. */
export function audioArgs(decision: AudioDecision, outIndex: number): string[] {
  if (!decision.encode) return [`-c:${outIndex}`, 'copy'];
  return [`-c:${outIndex}`, decision.encode.encoder, `-b:${outIndex}`, `${decision.encode.kbps}k`];
}
