/** @internal Test fixtures: raw RGB pictures drawn from a formula. */

/** Raw 8-bit RGB pixels, row by row, each pixel's channels from `colour` (stored as a Buffer stores numbers). */
export function rgbPixels(
  width: number,
  height: number,
  colour: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const [red, green, blue] = colour(x, y);
      pixels[i] = red;
      pixels[i + 1] = green;
      pixels[i + 2] = blue;
    }
  }
  return pixels;
}

/** A repeatable pseudo-random value in (-1, 1) for a pixel: the fine grain of a photo-like fixture. */
export function pixelNoise(x: number, y: number): number {
  return (Math.sin(x * 12.9898 + y * 78.233) * 43758.5453) % 1;
}
