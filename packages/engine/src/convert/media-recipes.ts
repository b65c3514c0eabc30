/** How one target is written by ffmpeg: the encoder arguments and the muxer (work files are named by us). */

export interface AudioRecipe {
  /** Encoder arguments for the (single) audio stream. */
  codec: readonly string[];
  muxer: string;
  /** Muxer options. */
  mux: readonly string[];
  /** The encoder takes at most this many channels (MP3: stereo); more are mixed down. */
  maxChannels?: number;
}

export interface VideoRecipe {
  video: readonly string[];
  audio: AudioRecipe;
  /** H.264 and MPEG-4 in 4:2:0 need even sides: the picture is cut to the even size below (at most 1 px). */
  evenSize: boolean;
  /** AVI cannot hold variable frame rates, and MPEG-4 part 2 refuses fine time bases: a fixed rate is set. */
  fixedRate: boolean;
}

const AAC_160 = ['-c:a', 'aac', '-b:a', '160k'];
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];
const FASTSTART = ['-movflags', '+faststart'];

/** Audio targets, also used to extract the sound of a video (mp3, wav, m4a). */
export const AUDIO_RECIPES: Readonly<Record<string, AudioRecipe>> = {
  mp3: { codec: ['-c:a', 'libmp3lame', '-q:a', '2'], muxer: 'mp3', mux: [], maxChannels: 2 },
  wav: { codec: ['-c:a', 'pcm_s16le'], muxer: 'wav', mux: [] },
  flac: { codec: ['-c:a', 'flac'], muxer: 'flac', mux: [] },
  // Raw AAC in ADTS frames (.aac).
  aac: { codec: ['-c:a', 'aac', '-b:a', '192k'], muxer: 'adts', mux: [] },
  ogg: { codec: ['-c:a', 'libvorbis', '-q:a', '5'], muxer: 'ogg', mux: [] },
  m4a: { codec: ['-c:a', 'aac', '-b:a', '192k'], muxer: 'ipod', mux: FASTSTART },
  // .opus is Opus in an Ogg container.
  opus: { codec: ['-c:a', 'libopus', '-b:a', '128k'], muxer: 'opus', mux: [] },
};

/** Video containers; GIF is made separately (palette filtergraph, no sound). */
export const VIDEO_RECIPES: Readonly<Record<string, VideoRecipe>> = {
  mp4: { video: H264, audio: { codec: AAC_160, muxer: 'mp4', mux: FASTSTART }, evenSize: true, fixedRate: false },
  mov: { video: H264, audio: { codec: AAC_160, muxer: 'mov', mux: FASTSTART }, evenSize: true, fixedRate: false },
  mkv: { video: H264, audio: { codec: AAC_160, muxer: 'matroska', mux: [] }, evenSize: true, fixedRate: false },
  webm: {
    video: [
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-row-mt',
      '1',
      '-b:v',
      '0',
      '-crf',
      '33',
      '-pix_fmt',
      'yuv420p',
    ],
    audio: { codec: ['-c:a', 'libopus', '-b:a', '128k'], muxer: 'webm', mux: [] },
    evenSize: false,
    fixedRate: false,
  },
  // MPEG-4 part 2 tagged XVID (what players expect in AVI), constant-bitrate MP3 (VBR MP3 in AVI confuses players).
  avi: {
    video: ['-c:v', 'mpeg4', '-q:v', '4', '-pix_fmt', 'yuv420p', '-tag:v', 'XVID'],
    audio: { codec: ['-c:a', 'libmp3lame', '-b:a', '192k'], muxer: 'avi', mux: [], maxChannels: 2 },
    evenSize: true,
    fixedRate: true,
  },
};

/** GIFs are made from clips of up to this length. */
export const GIF_MAX_SECONDS = 60;
const GIF_FPS = 10;
const GIF_MAX_WIDTH = 480;

/**
 * One filtergraph from video stream `index` to `[gif]`: 10 frames per second, at most 480 px wide, a palette
 * computed from the whole clip (changing pixels weigh most) and applied with ordered dithering, which keeps the
 * frame-to-frame differences (and so the file) small.
 */
export function gifFilter(index: number): string {
  return (
    `[0:${index}]fps=${GIF_FPS},scale='min(${GIF_MAX_WIDTH},iw)':-1:flags=lanczos,split[a][b];` +
    '[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle[gif]'
  );
}

/** The frame rate given to a fixed-rate encoder: the source's, within what players and MPEG-4 accept. */
export function fixedRate(fps: number | undefined): string {
  const rate = fps && fps >= 1 && fps <= 120 ? fps : 25;
  return String(Math.round(rate * 1000) / 1000);
}
