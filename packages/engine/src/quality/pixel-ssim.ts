/**
 * SSIM computed in process on decoded pixels, the same way as ffmpeg's ssim filter (which the engine used to spawn
 * for every trial): both pictures are converted to YUV 4:4:4 (BT.601, limited range, as swscale does for
 * `format=yuv444p`), each plane is cut into 4×4 blocks, and SSIM is taken over every 8×8 window of 2×2 blocks (a
 * 4-pixel stride) without weighting, then averaged per plane; "All" is the mean of the three planes, and of the
 * frames when there are several. It agrees with ffmpeg's figure within 0.002 (see pixel-ssim.int-spec.ts) and
 * saves a process spawn and two raw files per trial.
 */

/** Pixel geometry of packed RGB24 buffers: frames are stacked rows of `pageHeight` each. */
export interface PixelGeometry {
  width: number;
  pageHeight: number;
  /** Frames (or, for transparent pictures, flattenings) one after another. */
  pages: number;
}

const C1 = Math.trunc(0.01 * 0.01 * 255 * 255 * 64 + 0.5);
const C2 = Math.trunc(0.03 * 0.03 * 255 * 255 * 64 * 63 + 0.5);

/** One 8×8 window from its sums: s1, s2 (pixel sums), ss (sum of both squares), s12 (sum of products). */
function windowSsim(s1: number, s2: number, ss: number, s12: number): number {
  const vars = ss * 64 - s1 * s1 - s2 * s2;
  const covar = s12 * 64 - s1 * s2;
  return ((2 * s1 * s2 + C1) * (2 * covar + C2)) / ((s1 * s1 + s2 * s2 + C1) * (vars + C2));
}

/**
 * The three YUV planes of one RGB24 frame, as swscale's rgb24 → yuv444p makes them (15-bit fixed point, rounded).
 * Y = 16 + 0.257R + 0.504G + 0.098B; U and V centred on 128.
 */
function toYuv(rgb: Uint8Array, offset: number, pixels: number, planes: Uint8Array[]): void {
  const [y, u, v] = planes as [Uint8Array, Uint8Array, Uint8Array];
  for (let i = 0, p = offset; i < pixels; i++, p += 3) {
    const r = rgb[p]!;
    const g = rgb[p + 1]!;
    const b = rgb[p + 2]!;
    y[i] = (8414 * r + 16519 * g + 3208 * b + 524288 + 16384) >> 15;
    u[i] = (-4857 * r - 9535 * g + 14392 * b + 4194304 + 16384) >> 15;
    v[i] = (14392 * r - 12052 * g - 2341 * b + 4194304 + 16384) >> 15;
  }
}

/** Sums of one row of 4×4 blocks of two planes, into `out` (4 numbers per block). */
function blockRow(a: Uint8Array, b: Uint8Array, width: number, blockY: number, blocks: number, out: Float64Array): void {
  out.fill(0);
  for (let dy = 0; dy < 4; dy++) {
    const row = (blockY * 4 + dy) * width;
    for (let bx = 0; bx < blocks; bx++) {
      let s1 = 0;
      let s2 = 0;
      let ss = 0;
      let s12 = 0;
      for (let dx = 0, i = row + bx * 4; dx < 4; dx++, i++) {
        const p = a[i]!;
        const q = b[i]!;
        s1 += p;
        s2 += q;
        ss += p * p + q * q;
        s12 += p * q;
      }
      const o = bx * 4;
      out[o]! += s1;
      out[o + 1]! += s2;
      out[o + 2]! += ss;
      out[o + 3]! += s12;
    }
  }
}

/** SSIM of one plane (ffmpeg's ssim_plane). Planes smaller than 8×8 count as identical or not at all. */
function planeSsim(a: Uint8Array, b: Uint8Array, width: number, height: number, rows: [Float64Array, Float64Array]): number {
  const blocksX = width >> 2;
  const blocksY = height >> 2;
  if (blocksX < 2 || blocksY < 2) return 1;
  let [above, below] = rows;
  blockRow(a, b, width, 0, blocksX, above);
  let total = 0;
  for (let by = 1; by < blocksY; by++) {
    blockRow(a, b, width, by, blocksX, below);
    for (let bx = 0; bx < blocksX - 1; bx++) {
      const o = bx * 4;
      total += windowSsim(
        above[o]! + above[o + 4]! + below[o]! + below[o + 4]!,
        above[o + 1]! + above[o + 5]! + below[o + 1]! + below[o + 5]!,
        above[o + 2]! + above[o + 6]! + below[o + 2]! + below[o + 6]!,
        above[o + 3]! + above[o + 7]! + below[o + 3]! + below[o + 7]!,
      );
    }
    [above, below] = [below, above];
  }
  return total / ((blocksY - 1) * (blocksX - 1));
}

/** Reference planes kept between measurements up to this many bytes (the RGB reference itself is as large). */
const KEEP_PLANES_BYTES = 64 * 1024 * 1024;

/**
 * A reference picture measured against many outputs (a search's trials): its YUV planes are converted once and kept
 * (up to `KEEP_PLANES_BYTES`; a larger one is converted frame by frame on each call, as `pixelSsim` does).
 */
export class SsimReference {
  private kept: Uint8Array[][] | undefined;

  constructor(
    private readonly rgb: Uint8Array,
    private readonly g: PixelGeometry,
  ) {
    if (rgb.length < g.width * g.pageHeight * 3 * g.pages) throw new RangeError('pixel buffers shorter than their geometry');
  }

  /** SSIM ("All") of `distorted` against the reference: the mean over frames of the mean over Y, U and V. */
  against(distorted: Uint8Array): number {
    const { g } = this;
    const pixels = g.width * g.pageHeight;
    if (distorted.length < pixels * 3 * g.pages) throw new RangeError('pixel buffers shorter than their geometry');
    const keep = pixels * 3 * g.pages <= KEEP_PLANES_BYTES;
    if (keep && !this.kept) this.kept = Array.from({ length: g.pages }, (_, page) => this.planesOf(page, yuvPlanes(pixels)));
    const scratch = keep ? undefined : yuvPlanes(pixels);
    const distPlanes = yuvPlanes(pixels);
    const rows: [Float64Array, Float64Array] = [
      new Float64Array((g.width >> 2) * 4 + 8),
      new Float64Array((g.width >> 2) * 4 + 8),
    ];
    let sum = 0;
    for (let page = 0; page < g.pages; page++) {
      const refPlanes = this.kept?.[page] ?? this.planesOf(page, scratch ?? yuvPlanes(pixels));
      toYuv(distorted, page * pixels * 3, pixels, distPlanes);
      let frame = 0;
      for (let c = 0; c < 3; c++) frame += planeSsim(refPlanes[c]!, distPlanes[c]!, g.width, g.pageHeight, rows);
      sum += frame / 3;
    }
    return sum / g.pages;
  }

  private planesOf(page: number, planes: Uint8Array[]): Uint8Array[] {
    const pixels = this.g.width * this.g.pageHeight;
    toYuv(this.rgb, page * pixels * 3, pixels, planes);
    return planes;
  }
}

function yuvPlanes(pixels: number): Uint8Array[] {
  return [new Uint8Array(pixels), new Uint8Array(pixels), new Uint8Array(pixels)];
}

/** SSIM ("All") between two RGB24 buffers of the same geometry: the mean over frames of the mean over Y, U and V. */
export function pixelSsim(reference: Uint8Array, distorted: Uint8Array, g: PixelGeometry): number {
  return new SsimReference(reference, g).against(distorted);
}
