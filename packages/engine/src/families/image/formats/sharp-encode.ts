import type { Sharp } from 'sharp';
import { type ImageSource, openImage, withProfile } from '../image-io.js';

/**
 * Encodes `source` with sharp into `out`. Only the ICC colour profile is carried over (unless it is plain sRGB): EXIF (GPS, camera data,
 * thumbnails), XMP and IPTC are dropped, and the orientation has already been applied to the pixels when the
 * source asks for it, so the picture still shows the right way up.
 */
export async function encodeWithSharp(source: ImageSource, out: string, format: (img: Sharp) => Sharp): Promise<void> {
  let img = openImage(source);
  if (source.autoOrient) img = img.autoOrient();
  await format(withProfile(img, source)).toFile(out);
}

/** libwebp/libaom effort: the slowest settings pay off on ordinary pictures but take seconds on very large ones. */
export function effortFor(pixels: number, small: number, large: number): number {
  return pixels <= 4_000_000 ? small : large;
}
