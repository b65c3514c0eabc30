import { type Anchor, losslessStages, type Track, type TrackSizing } from '../search.js';
import { effortFor, encodeWithSharp } from './sharp-encode.js';

/**
 * Quality ranges per level for the JPEG-like quality scales (mozjpeg, libwebp, JPEG-in-TIFF). The starts are the
 * product's quality values 85 / 75 / 60 (CONST-15); the minimums keep the search away from settings whose blocking
 * SSIM underrates on smooth pictures (skies, gradients), where even q30 can measure above 0.97. Balanced reaches as
 * high as light: it is searched first and alone (search.ts), so a noisy picture that needs q95 to keep balanced's
 * floor still finds it.
 */
export const JPEG_LIKE_STAGES: Track['stages'] = {
  light: { min: 70, max: 95, start: 85 },
  balanced: { min: 50, max: 95, start: 75 },
  maximum: { min: 35, max: 85, start: 60 },
};

/**
 * Quality steps over which the SSIM deficit of JPEG-like quality scales halves, about: measured 11-55 steps between
 * q40 and q95 on photos, screenshots and graphics (mozjpeg, libwebp), 20-25 on most. The search's prior guesses span
 * half to one and a half times it.
 */
export const QUALITY_HALVING = 20;

/**
 * Sizing along the JPEG-like quality scales (mozjpeg, libwebp, x265's HEIC, AVIF): q10 to q100, each step growing
 * the file by about 3 % between q60 and q90.
 */
export const QUALITY_SIZING: TrackSizing = { lowest: 10, highest: 100, slope: 0.03 };

/** mozjpeg (trellis quantisation, optimised progressive scans) at one chroma subsampling. */
export function mozjpegTrack(subsampling: '4:2:0' | '4:4:4'): Track {
  return {
    id: `mozjpeg-${subsampling}`,
    stages: JPEG_LIKE_STAGES,
    precision: 2,
    halving: QUALITY_HALVING,
    sizing: QUALITY_SIZING,
    encode: (src, q, out) =>
      encodeWithSharp(src, out, (img) => img.jpeg({ quality: q, mozjpeg: true, chromaSubsampling: subsampling })),
    describe: (q) => `mozjpeg q${q} ${subsampling}`,
  };
}

/**
 * JPEG tracks for a picture. Full-colour chroma (4:4:4) is searched too only when the source has it: screenshots
 * and graphics keep sharp colour edges there, and are then often smaller at 4:4:4 for the same SSIM. A source that
 * is already 4:2:0 gains nothing from it.
 */
export function jpegTracks(sourceSubsampling: string | undefined): Track[] {
  return sourceSubsampling === '4:2:0' || sourceSubsampling === '4:2:2' || sourceSubsampling === '4:4:0'
    ? [mozjpegTrack('4:2:0')]
    : [mozjpegTrack('4:2:0'), mozjpegTrack('4:4:4')];
}

/** The standard JPEG setting, mozjpeg q75 (sharp's jpeg({ quality: 75, mozjpeg: true }), 4:2:0 below q90). */
export function jpegAnchor(): Anchor {
  return { track: mozjpegTrack('4:2:0'), knob: 75 };
}

/**
 * libwebp lossy at one effort (cwebp's -m), optionally with sharp RGB→YUV conversion (cwebp's -sharp_yuv): the id
 * names both, so equal settings share their trials.
 */
function webpLossyTrack(effort: number, options: { sharpYuv?: boolean; stages?: Track['stages'] } = {}): Track {
  const sharpYuv = options.sharpYuv ?? false;
  return {
    id: `webp-lossy-m${effort}${sharpYuv ? '-sharp-yuv' : ''}`,
    stages: options.stages ?? JPEG_LIKE_STAGES,
    precision: 2,
    halving: QUALITY_HALVING,
    sizing: QUALITY_SIZING,
    encode: (src, q, out) => encodeWithSharp(src, out, (img) => img.webp({ quality: q, effort, smartSubsample: sharpYuv })),
    describe: (q) => `WebP q${q}${sharpYuv ? ' sharp YUV' : ''}`,
  };
}

/** The standard WebP setting, cwebp -q 75 (method 4, which is also sharp's default effort). */
export function webpAnchor(): Anchor {
  return { track: webpLossyTrack(4), knob: 75 };
}

/**
 * libwebp's effort (cwebp's -m) for a picture of `pixels` (all frames together). Animations stay at method 4 at any
 * size: libwebp's animation encoder at method 6 took 12-47 s per encode of 200-400 KB animations of 30-60 frames
 * that method 4 encodes in 0.2-0.6 s, for sizes within 1 %.
 */
function webpEffort(pixels: number, animated: boolean): number {
  return animated ? 4 : effortFor(pixels, 6, 4);
}

/** Sharp YUV is searched up to this many pixels (all frames together). */
const SHARP_YUV_MAX_PIXELS = 4_000_000;

/**
 * libwebp lossy tracks. Sharp YUV keeps colour edges that plain 4:2:0 conversion blurs: at method 6 it reached the
 * same SSIM in 1-8 % fewer bytes on 17 of 19 photos (1-2 % more on the other two) and 13 % fewer on a graphic, so
 * light and balanced search it (the standard encoding stays a candidate). At the same knob it is larger, though, and
 * maximum mostly ends at the bottom of its knob range: maximum searches plain conversion. Above 4 MP sharp YUV would
 * add seconds to each full-size encode: plain conversion only, at method 4. Animations keep sharp YUV below 4 MP (on
 * a fractal zoom it kept light's floor where plain conversion could not) but at method 4, whose plain track is the
 * standard setting's, so the anchor is one of maximum's trials.
 */
function webpLossyTracks(pixels: number, animated: boolean): Track[] {
  const effort = webpEffort(pixels, animated);
  if (pixels > SHARP_YUV_MAX_PIXELS) return [webpLossyTrack(4)];
  const { light, balanced, maximum } = JPEG_LIKE_STAGES;
  return [
    webpLossyTrack(effort, { sharpYuv: true, stages: { light, balanced } }),
    webpLossyTrack(effort, { stages: { maximum } }),
  ];
}

/**
 * Lossless WebP for animations: on two test animations method 1 was 1 % smaller to 3 % larger than methods 4-6, in
 * a third to a tenth of their time (a 30-frame animation: 1.6 s against 4.5 s at method 4 and 12 s at method 6).
 */
const ANIMATED_LOSSLESS_EFFORT = 1;

/** libwebp lossy (and lossless when the source was lossless), frames and delays kept for animations. */
export function webpTracks(pixels: number, lossless: boolean, animated = false): Track[] {
  const lossy = webpLossyTracks(pixels, animated);
  if (!lossless) return lossy;
  const effort = animated ? ANIMATED_LOSSLESS_EFFORT : effortFor(pixels, 6, 4);
  const exact: Track = {
    id: `webp-lossless-m${effort}`,
    stages: losslessStages(),
    precision: 1,
    encode: (src, _q, out) => encodeWithSharp(src, out, (img) => img.webp({ lossless: true, effort })),
    describe: () => 'WebP lossless',
  };
  return [exact, ...lossy];
}

/**
 * AVIF through libaom; its quality scale runs lower than JPEG's for the same look. libaom is slow: effort 4 takes
 * seconds per encode even on a small picture, while effort 2 is ~8x faster for a few per cent more bytes.
 */
export function avifTracks(pixels: number): Track[] {
  return [avifTrack(pixels)];
}

/** The standard AVIF setting: quality 50 (sharp's and libavif's default), through the same libaom track. */
export function avifAnchor(pixels: number): Anchor {
  return { track: avifTrack(pixels), knob: 50 };
}

function avifTrack(pixels: number): Track {
  const effort = effortFor(pixels, 2, 0);
  return {
    id: 'avif',
    stages: {
      light: { min: 60, max: 95, start: 80 },
      balanced: { min: 40, max: 95, start: 60 },
      maximum: { min: 25, max: 75, start: 45 },
    },
    precision: 3,
    halving: QUALITY_HALVING,
    sizing: QUALITY_SIZING,
    encode: (src, q, out) => encodeWithSharp(src, out, (img) => img.avif({ quality: q, effort })),
    describe: (q) => `AVIF q${q}`,
  };
}
