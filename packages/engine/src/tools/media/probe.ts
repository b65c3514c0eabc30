import { EngineError } from '../../errors.js';
import type { RunProcess } from '../../process/run-process.js';

/** One stream of a media file, as ffprobe sees it (only the fields the media families use). */
export interface MediaStream {
  /** Absolute stream index in the file (what `-map 0:N` selects). */
  index: number;
  type: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | 'unknown';
  codec: string;
  /** Cover art and thumbnails are video streams too; they are copied, never re-encoded. */
  attachedPic: boolean;
  isDefault: boolean;
  width?: number;
  height?: number;
  pixFmt?: string;
  /** 'pc' (full range) or 'tv' (limited); full-range sources keep their range so colours do not shift. */
  colorRange?: string;
  colorTransfer?: string;
  /** Frames per second (average, falling back to the nominal rate). */
  fps?: number;
  /** Display rotation in degrees (display matrix side data or the legacy `rotate` tag). */
  rotation: number;
  bitRate?: number;
  sampleRate?: number;
  channels?: number;
  sampleFmt?: string;
  bitsPerRawSample?: number;
  /** WebM VP8/VP9 with a transparency layer (Matroska's ALPHA_MODE tag). */
  hasAlpha: boolean;
  /** First timestamp, seconds (0 when unknown). */
  startTime: number;
  /** The stream's own duration, seconds, when the container states it. */
  durationSec?: number;
  /** Frame count the container's header declares (AVI, MP4), if any. */
  declaredFrames?: number;
}

export interface MediaInfo {
  formatName: string;
  /** Duration the container declares, in seconds. */
  durationSec: number;
  /** True when ffprobe only guessed the duration from the bitrate (raw ADTS/MP3, a WAV whose header lies). */
  durationEstimated: boolean;
  /** Overall bitrate, bits per second. */
  bitRate?: number;
  /** The container's first timestamp (the earliest of its streams), seconds. */
  startTime: number;
  streams: MediaStream[];
  /** ffprobe's warnings, kept to recognise damaged files. */
  warnings: string[];
}

interface RawStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  color_range?: string;
  color_transfer?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  bit_rate?: string;
  sample_rate?: string;
  channels?: number;
  sample_fmt?: string;
  bits_per_raw_sample?: string;
  start_time?: string;
  duration?: string;
  nb_frames?: string;
  disposition?: { default?: number; attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
}

interface RawProbe {
  format?: { format_name?: string; duration?: string; bit_rate?: string; start_time?: string };
  streams?: RawStream[];
}

function num(value: string | number | undefined): number | undefined {
  if (value === undefined || value === 'N/A') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function rate(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const [a, b] = value.split('/').map(Number);
  if (a === undefined || !b) return undefined;
  const r = a / b;
  return Number.isFinite(r) && r > 0 && r < 1000 ? r : undefined;
}

function streamType(t: string | undefined): MediaStream['type'] {
  return t === 'video' || t === 'audio' || t === 'subtitle' || t === 'data' || t === 'attachment' ? t : 'unknown';
}

function toStream(s: RawStream): MediaStream {
  const matrix = s.side_data_list?.find((d) => d.side_data_type === 'Display Matrix');
  const rotation = matrix?.rotation ?? num(s.tags?.rotate) ?? 0;
  // Matroska keeps stream bitrates in the muxer's statistics tags rather than in the codec parameters.
  const bitRate = num(s.bit_rate) ?? num(s.tags?.BPS) ?? num(s.tags?.['BPS-eng']);
  return {
    index: s.index,
    type: streamType(s.codec_type),
    codec: s.codec_name ?? 'unknown',
    attachedPic: s.disposition?.attached_pic === 1,
    isDefault: s.disposition?.default === 1,
    width: num(s.width),
    height: num(s.height),
    pixFmt: s.pix_fmt,
    colorRange: s.color_range,
    colorTransfer: s.color_transfer,
    fps: rate(s.avg_frame_rate) ?? rate(s.r_frame_rate),
    rotation: ((Math.round(rotation) % 360) + 360) % 360,
    bitRate,
    sampleRate: num(s.sample_rate),
    channels: num(s.channels),
    sampleFmt: s.sample_fmt,
    bitsPerRawSample: num(s.bits_per_raw_sample),
    hasAlpha: (s.tags?.alpha_mode ?? s.tags?.ALPHA_MODE) === '1',
    startTime: Number(s.start_time) || 0,
    durationSec: num(s.duration),
    declaredFrames: num(s.nb_frames),
  };
}

/**
 * Reads a media file's container and streams with ffprobe. Anything ffprobe cannot parse, or a file without a
 * single audio or video stream or without a duration, is damaged input for us: EngineError('invalid-input').
 */
export async function probeMedia(runProcess: RunProcess, file: string, signal: AbortSignal): Promise<MediaInfo> {
  const warnings: string[] = [];
  let stdout: string;
  try {
    ({ stdout } = await runProcess(
      'ffprobe',
      ['-v', 'warning', '-print_format', 'json', '-show_format', '-show_streams', '-i', file],
      { signal, timeoutMs: 60_000, captureStdout: true, onStderrLine: (line) => warnings.push(line) },
    ));
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'failed') {
      throw new EngineError('invalid-input', 'The media file is damaged or truncated and cannot be read', err.stderrTail, {
        cause: err,
      });
    }
    throw err;
  }
  let raw: RawProbe;
  try {
    raw = JSON.parse(stdout) as RawProbe;
  } catch (err) {
    throw new EngineError('invalid-input', 'The media file cannot be read', undefined, { cause: err });
  }
  const streams = (raw.streams ?? []).map(toStream);
  const durationSec = num(raw.format?.duration);
  if (!streams.some((s) => s.type === 'audio' || s.type === 'video')) {
    throw new EngineError('invalid-input', 'The file holds no audio or video that can be read');
  }
  if (durationSec === undefined) throw new EngineError('invalid-input', 'The media file has no readable duration');
  return {
    formatName: raw.format?.format_name ?? 'unknown',
    durationSec,
    durationEstimated: warnings.some((w) => /Estimating duration from bitrate/i.test(w)),
    bitRate: num(raw.format?.bit_rate),
    startTime: Number(raw.format?.start_time) || 0,
    streams,
    warnings,
  };
}

/** The picture stream that gets re-encoded: the first video stream that is not cover art. */
export function mainVideoStream(info: MediaInfo): MediaStream | undefined {
  return info.streams.find((s) => s.type === 'video' && !s.attachedPic && (s.width ?? 0) > 0);
}

/** Stream counts by kind, to check that an output kept every track. */
export function streamCounts(info: MediaInfo, kinds: readonly MediaStream['type'][]): Record<string, number> {
  return Object.fromEntries(kinds.map((k) => [k, info.streams.filter((s) => s.type === k).length]));
}

/**
 * Fills in the bitrate of audio streams whose container does not state it (Matroska/WebM written by ffmpeg),
 * by adding up their packet sizes: without it, nobody can tell whether re-encoding would save space.
 * `measureAll` replaces stated bitrates too: Vorbis and Opus headers state a nominal rate, not the real one.
 */
export async function fillAudioBitrates(
  runProcess: RunProcess,
  file: string,
  info: MediaInfo,
  signal: AbortSignal,
  options: { measureAll?: boolean } = {},
): Promise<void> {
  const missing = info.streams.filter((s) => s.type === 'audio' && (options.measureAll || s.bitRate === undefined));
  if (missing.length === 0 || info.durationSec <= 0) return;
  const { stdout } = await runProcess(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'a', '-show_entries', 'packet=stream_index,size', '-of', 'csv=p=0', '-i', file],
    { signal, timeoutMs: 10 * 60_000, captureStdout: true },
  );
  const bytes = new Map<number, number>();
  for (const line of stdout.split('\n')) {
    const [index, size] = line.split(',').map(Number);
    if (index !== undefined && size !== undefined && Number.isFinite(index) && Number.isFinite(size))
      bytes.set(index, (bytes.get(index) ?? 0) + size);
  }
  for (const s of missing) {
    const total = bytes.get(s.index);
    if (total) s.bitRate = (total * 8) / info.durationSec;
  }
}
