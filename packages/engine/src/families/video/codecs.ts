import type { MediaStream } from '../../tools/media/probe.js';
import type { CompressionLevel } from '../../types.js';

/** How much work a file is (all its pixels × frames): picks presets that keep a 2-core machine within minutes. */
export type SpeedClass = 'tiny' | 'small' | 'medium' | 'large';

export function speedClass(pixelFrames: number): SpeedClass {
  if (pixelFrames <= 60e6) return 'tiny';
  if (pixelFrames <= 250e6) return 'small';
  if (pixelFrames <= 2e9) return 'medium';
  return 'large';
}

/** A level's quality search, as knob values: where it starts, the lowest quality it may reach, where it usually ends. */
export interface LevelSearch {
  /** First trial when the codec has no anchor (maximum starts at its cap: many videos keep the floor there, one encode). */
  start: number;
  cap: number;
  /** The value this level most often ends on: the size estimate's guess. */
  typical: number;
}

/**
 * Threads of every encoder: a fixed count, because x264's and libvpx's output depends on it (a level's result is
 * the same bytes on every machine). Three is what x264 picks by itself on the two-core machines the engine runs on.
 */
export const ENCODER_THREADS = 3;

/** One video encoder as the container requires it, with its quality knob ("higher value = smaller file"). */
export interface VideoCodec {
  /** Name shown in recipes. */
  label: string;
  encoder: string;
  /** Name of the knob in recipes ('CRF', 'q'). */
  knob: string;
  /**
   * Knob values the search may use, best quality first (for most encoders the knob rises as quality falls; Theora's
   * q falls). All levels share the same best value, so a level that cannot meet its floor at the best quality means
   * no stricter level can either. Levels name their start and cap by value.
   */
  values: readonly number[];
  levels: Record<CompressionLevel, LevelSearch>;
  /**
   * Values past `values`, smaller still, that only a result the user allowed below the floor may use ("make it fit",
   * size-to.ts): the encoder's own last settings (x264's CRF 51, libvpx's 63).
   */
  belowFloor?: readonly number[];
  /**
   * The standard tool's setting on this encoder's own knob (x264 CRF 28), used at light and balanced: the
   * search's target becomes max(level floor, SSIM of this value on the same sample, same preset), so those
   * levels never give less picture quality than the standard setting, and (size rising as the knob falls) are
   * no larger than it whenever its SSIM already meets the floor. Absent: floor only.
   */
  anchor?: number;
  /** First guess of how much ln(1 − SSIM) grows per step of `values`, until two points are measured. */
  slope: number;
  /** Pixel formats the encoder takes. */
  pixFmts: readonly string[];
  /** Codec names (ffprobe's) that this encoder writes: such sources keep their chroma layout. */
  sameCodec: readonly string[];
  /** Encoder arguments for one knob value, without the pixel format. */
  args(value: number, speed: SpeedClass, video: MediaStream): string[];
  /** Short description of the speed setting, for the recipe. */
  speedLabel(speed: SpeedClass): string;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A constant-quality encoder (x264, libvpx): the knob is its CRF, followed by its speed settings, the fixed thread
 * count and any `extra` arguments.
 */
function crfEncoder(
  encoder: string,
  speedArgs: (speed: SpeedClass) => string[],
  extra: readonly string[] = [],
): Pick<VideoCodec, 'encoder' | 'knob' | 'args'> {
  return {
    encoder,
    knob: 'CRF',
    args: (crf, speed) => [
      '-c:v',
      encoder,
      '-crf',
      String(crf),
      ...speedArgs(speed),
      '-threads:v',
      String(ENCODER_THREADS),
      ...extra,
    ],
  };
}

/**
 * x264 preset per amount of work. Small files get the standard tool's own preset (medium), so that balanced — one
 * encode at CRF 28 when that keeps the floor — costs what the standard tool costs; longer files trade size for time.
 */
const X264_PRESET: Record<SpeedClass, string> = { tiny: 'medium', small: 'medium', medium: 'faster', large: 'veryfast' };

function x264(extra: string[], note = ''): VideoCodec {
  return {
    label: `x264${note}`,
    ...crfEncoder('libx264', (speed) => ['-preset', X264_PRESET[speed]], extra),
    values: range(14, 40),
    belowFloor: range(41, 51),
    levels: {
      light: { start: 22, cap: 28, typical: 25 },
      balanced: { start: 28, cap: 34, typical: 28 },
      maximum: { start: 40, cap: 40, typical: 37 },
    },
    anchor: 28,
    slope: 0.11,
    pixFmts: ['yuv420p', 'yuvj420p', 'yuv422p', 'yuvj422p', 'yuv444p', 'yuvj444p'],
    sameCodec: ['h264'],
    speedLabel: (speed) => X264_PRESET[speed],
  };
}

/** libvpx "good" deadline; cpu-used trades speed for size (0 slowest … 5). */
const VP9_CPU: Record<SpeedClass, number> = { tiny: 2, small: 3, medium: 4, large: 5 };

const VP9: VideoCodec = {
  label: 'VP9',
  // -b:v 0 makes -crf a pure constant-quality mode; row-mt uses both cores even on small frames.
  ...crfEncoder('libvpx-vp9', (speed) => ['-b:v', '0', '-deadline', 'good', '-cpu-used', String(VP9_CPU[speed]), '-row-mt', '1']),
  values: range(15, 55),
  belowFloor: range(56, 63),
  levels: {
    light: { start: 32, cap: 38, typical: 36 },
    balanced: { start: 40, cap: 46, typical: 44 },
    maximum: { start: 55, cap: 55, typical: 52 },
  },
  slope: 0.07,
  pixFmts: ['yuv420p', 'yuva420p', 'yuv422p', 'yuv440p', 'yuv444p'],
  sameCodec: ['vp9'],
  speedLabel: (speed) => `cpu-used ${VP9_CPU[speed]}`,
};

/**
 * An encoder without a constant-quality mode (WMV2, Theora): the knob is its quantiser (-q:v), and keyframes come
 * every 10 s (at most 300 frames) where its default interval is a fraction of a second.
 */
function quantiserEncoder(encoder: string): Pick<VideoCodec, 'encoder' | 'knob' | 'args' | 'speedLabel'> {
  return {
    encoder,
    knob: 'q',
    args: (q, _speed, video) => [
      '-c:v',
      encoder,
      '-q:v',
      String(q),
      '-g',
      String(Math.min(300, Math.round((video.fps ?? 25) * 10))),
    ],
    speedLabel: () => 'keyframes every 10 s',
  };
}

/**
 * WMV keeps Windows Media Video 8 (wmv2), the newest WMV codec ffmpeg can write, so the file still plays in
 * Windows Media Player. It has no constant-quality mode: the knob is the quantiser (-q:v). Its default keyframe
 * every 12 frames wastes most of the bits, so keyframes come every 10 s (capped at 300 frames).
 */
const WMV2: VideoCodec = {
  label: 'WMV2',
  ...quantiserEncoder('wmv2'),
  values: [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 19, 22, 26, 31],
  levels: {
    light: { start: 3, cap: 6, typical: 3 },
    balanced: { start: 5, cap: 12, typical: 5 },
    maximum: { start: 8, cap: 31, typical: 8 },
  },
  slope: 0.2,
  pixFmts: ['yuv420p'],
  sameCodec: ['wmv2'],
};

/**
 * Ogg video keeps Theora, the video codec of Ogg: libtheora's quality scale runs from 10 (best) to 0, so its values
 * fall. Keyframes every 10 s like WMV2 (ffmpeg's default of 12 frames would spend most of the bits on them).
 */
const THEORA: VideoCodec = {
  label: 'Theora',
  ...quantiserEncoder('libtheora'),
  values: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
  levels: {
    light: { start: 8, cap: 5, typical: 8 },
    balanced: { start: 6, cap: 3, typical: 5 },
    maximum: { start: 4, cap: 0, typical: 3 },
  },
  slope: 0.45,
  pixFmts: ['yuv420p', 'yuv422p', 'yuv444p'],
  sameCodec: ['theora'],
};

/**
 * The encoder per container, keeping the container the user gave. AVI gets H.264 without B-frames: AVI stores
 * no presentation timestamps, and B-frame reordering there makes players (and ffmpeg itself) show frames
 * shifted by one — measured SSIM fell from 0.98 to 0.86 on the corpus AVI. MPEG-4 ASP (Xvid) would avoid that
 * too, but only in 4:2:0 and at ~40 % more bytes for the same SSIM, so H.264 without B-frames wins.
 */
export const VIDEO_CODECS: Readonly<Record<string, VideoCodec>> = {
  mp4: x264([]),
  mov: x264([]),
  mkv: x264([]),
  flv: x264([]),
  avi: x264(['-bf', '0'], ' (no B-frames)'),
  webm: VP9,
  wmv: WMV2,
  ogv: THEORA,
};

/** Container flags per output format: MP4/MOV put the index first so playback starts before the download ends. */
export const MUX_ARGS: Readonly<Record<string, string[]>> = {
  mp4: ['-movflags', '+faststart'],
  mov: ['-movflags', '+faststart'],
  // AVI cannot start a stream late: shifting for MP3's encoder delay would duplicate the first frames instead.
  // The delay stays inside the audio (≤ 35 ms, see audio-plan), like any MP3 in an AVI.
  avi: ['-avoid_negative_ts', 'disabled'],
};

/** ffmpeg's muxer name per canonical extension (needed because work files are named by us). */
export const MUXER: Readonly<Record<string, string>> = {
  mp4: 'mp4',
  mov: 'mov',
  mkv: 'matroska',
  flv: 'flv',
  avi: 'avi',
  webm: 'webm',
  wmv: 'asf',
  ogv: 'ogg',
};

/**
 * The pixel format to encode in, or undefined when the source cannot be re-encoded faithfully (10-bit or HDR
 * video would lose depth or colour in 8-bit H.264). Sources already in the target codec keep their chroma
 * layout (their players handle it); others get 4:2:0, which every player decodes. Full-range sources stay
 * full range so colours and SSIM do not shift.
 */
export function pickPixFmt(codec: VideoCodec, video: MediaStream): string | undefined {
  const src = video.pixFmt ?? 'yuv420p';
  const deep = /p(9|10|12|14|16)(le|be)?$|^(p010|p016|yuv4[0-9]{2}p1[0-6])/.test(src) || (video.bitsPerRawSample ?? 8) > 8;
  const hdr = video.colorTransfer === 'smpte2084' || video.colorTransfer === 'arib-std-b67';
  if (deep || hdr) return undefined;
  if (video.hasAlpha) return codec.pixFmts.includes('yuva420p') ? 'yuva420p' : undefined;
  if (codec.sameCodec.includes(video.codec) && codec.pixFmts.includes(src)) return src;
  const full = src.startsWith('yuvj') || video.colorRange === 'pc';
  return full && codec.pixFmts.includes('yuvj420p') ? 'yuvj420p' : 'yuv420p';
}

/** Decoder to force for the source: only libvpx decodes the alpha layer of WebM video. */
export function decoderArgs(video: MediaStream): string[] {
  if (!video.hasAlpha) return [];
  return video.codec === 'vp8' ? ['-c:v', 'libvpx'] : video.codec === 'vp9' ? ['-c:v', 'libvpx-vp9'] : [];
}
