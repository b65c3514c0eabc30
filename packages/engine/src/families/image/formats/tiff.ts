import type { Metadata } from 'sharp';
import { losslessStages, type Track } from '../search.js';
import { QUALITY_HALVING, QUALITY_SIZING } from './lossy.js';
import { encodeWithSharp } from './sharp-encode.js';

/**
 * TIFF stays TIFF. Light is lossless: deflate and LZW (both with the horizontal predictor, which suits photos and
 * scans) and CCITT G4 for black-and-white pages; the smaller wins. Balanced and maximum add JPEG-compressed TIFF
 * (searched on quality) for 8-bit pictures without transparency, the only ones it can hold.
 */
export function tiffTracks(meta: Metadata): Track[] {
  const lossless = (compression: 'deflate' | 'lzw'): Track => ({
    id: `tiff-${compression}`,
    stages: losslessStages(),
    precision: 1,
    encode: (src, _q, out) => encodeWithSharp(src, out, (img) => img.tiff({ compression, predictor: 'horizontal' })),
    describe: () => `TIFF ${compression === 'lzw' ? 'LZW' : 'deflate'} (lossless)`,
  });
  const tracks = [lossless('deflate'), lossless('lzw')];
  if (meta.bitsPerSample === 1) {
    tracks.push({
      id: 'tiff-ccitt',
      stages: losslessStages(),
      precision: 1,
      encode: (src, _q, out) => encodeWithSharp(src, out, (img) => img.tiff({ compression: 'ccittfax4', bitdepth: 1 })),
      describe: () => 'TIFF CCITT G4 (lossless, black and white)',
    });
  }
  const jpegable =
    !meta.hasAlpha && (meta.depth === undefined || meta.depth === 'uchar') && (meta.channels === 1 || meta.channels === 3);
  if (jpegable) {
    tracks.push({
      id: 'tiff-jpeg',
      stages: { balanced: { min: 50, max: 95, start: 75 }, maximum: { min: 35, max: 85, start: 60 } },
      precision: 2,
      halving: QUALITY_HALVING,
      sizing: QUALITY_SIZING,
      encode: (src, q, out) => encodeWithSharp(src, out, (img) => img.tiff({ compression: 'jpeg', quality: q })),
      describe: (q) => `TIFF with JPEG compression q${q}`,
    });
  }
  return tracks;
}
