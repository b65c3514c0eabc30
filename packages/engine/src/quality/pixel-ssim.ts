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

/** Sums of a 4×4 block kept per plane: the reference's Σp and Σp² (REF_SUMS per block), an output's Σq, Σq², Σpq. */
const REF_SUMS = 2;
const OUT_SUMS = 3;
/** The output's sums of one block row, for the three planes side by side (`OUT_SUMS` each). */
const ROW_SUMS = 3 * OUT_SUMS;

/**
 * The reference's Σp and Σp² of every 4×4 block of one plane: they are the same for every output measured against
 * it, so they are summed once.
 */
function referenceSums(plane: Uint8Array, width: number, blocksX: number, blocksY: number): Int32Array {
  const sums = new Int32Array(blocksX * blocksY * REF_SUMS);
  for (let by = 0; by < blocksY; by++) {
    for (let dy = 0; dy < 4; dy++) {
      const row = (by * 4 + dy) * width;
      for (let bx = 0; bx < blocksX; bx++) {
        let s = 0;
        let sq = 0;
        for (let i = row + bx * 4, end = i + 4; i < end; i++) {
          const p = plane[i]!;
          s += p;
          sq += p * p;
        }
        const o = (by * blocksX + bx) * REF_SUMS;
        sums[o] = sums[o]! + s;
        sums[o + 1] = sums[o + 1]! + sq;
      }
    }
  }
  return sums;
}

/**
 * An output's sums over one row of 4×4 blocks, into `out` (`ROW_SUMS` per block: Σq, Σq², Σpq for Y, U and V),
 * converting its RGB24 pixels to YUV on the way (as `toYuv`): one pass over the output's pixels, no planes written.
 */
function outputRow(
  rgb: Uint8Array,
  offset: number,
  ref: readonly Uint8Array[],
  width: number,
  blockY: number,
  blocks: number,
  out: Int32Array,
): void {
  const [ry, ru, rv] = ref as [Uint8Array, Uint8Array, Uint8Array];
  out.fill(0);
  for (let dy = 0; dy < 4; dy++) {
    const row = (blockY * 4 + dy) * width;
    for (let bx = 0; bx < blocks; bx++) {
      let y1 = 0;
      let y2 = 0;
      let y12 = 0;
      let u1 = 0;
      let u2 = 0;
      let u12 = 0;
      let v1 = 0;
      let v2 = 0;
      let v12 = 0;
      for (let i = row + bx * 4, end = i + 4, p = offset + i * 3; i < end; i++, p += 3) {
        const r = rgb[p]!;
        const g = rgb[p + 1]!;
        const b = rgb[p + 2]!;
        const y = (8414 * r + 16519 * g + 3208 * b + 524288 + 16384) >> 15;
        const u = (-4857 * r - 9535 * g + 14392 * b + 4194304 + 16384) >> 15;
        const v = (14392 * r - 12052 * g - 2341 * b + 4194304 + 16384) >> 15;
        y1 += y;
        y2 += y * y;
        y12 += ry[i]! * y;
        u1 += u;
        u2 += u * u;
        u12 += ru[i]! * u;
        v1 += v;
        v2 += v * v;
        v12 += rv[i]! * v;
      }
      const o = bx * ROW_SUMS;
      out[o] = out[o]! + y1;
      out[o + 1] = out[o + 1]! + y2;
      out[o + 2] = out[o + 2]! + y12;
      out[o + 3] = out[o + 3]! + u1;
      out[o + 4] = out[o + 4]! + u2;
      out[o + 5] = out[o + 5]! + u12;
      out[o + 6] = out[o + 6]! + v1;
      out[o + 7] = out[o + 7]! + v2;
      out[o + 8] = out[o + 8]! + v12;
    }
  }
}

/** One reference frame: its YUV planes and their block sums (`referenceSums`). */
interface ReferenceFrame {
  planes: Uint8Array[];
  sums: Int32Array[];
}

/**
 * SSIM of the three planes of one output frame against a reference frame (ffmpeg's ssim_plane on each), added in
 * the order Y, U, V. Frames smaller than 8×8 count as identical.
 */
function frameSsim(
  ref: ReferenceFrame,
  rgb: Uint8Array,
  offset: number,
  width: number,
  height: number,
  rows: [Int32Array, Int32Array],
): number {
  const blocksX = width >> 2;
  const blocksY = height >> 2;
  if (blocksX < 2 || blocksY < 2) return 3;
  let [above, below] = rows;
  outputRow(rgb, offset, ref.planes, width, 0, blocksX, above);
  const totals = [0, 0, 0];
  for (let by = 1; by < blocksY; by++) {
    outputRow(rgb, offset, ref.planes, width, by, blocksX, below);
    for (let c = 0; c < 3; c++) {
      const sums = ref.sums[c]!;
      const top = (by - 1) * blocksX * REF_SUMS;
      const bottom = by * blocksX * REF_SUMS;
      let total = totals[c]!;
      for (let bx = 0, r = 0, o = c * OUT_SUMS; bx < blocksX - 1; bx++, r += REF_SUMS, o += ROW_SUMS) {
        const n = o + ROW_SUMS;
        const t = top + r;
        const d = bottom + r;
        total += windowSsim(
          sums[t]! + sums[t + REF_SUMS]! + sums[d]! + sums[d + REF_SUMS]!,
          above[o]! + above[n]! + below[o]! + below[n]!,
          sums[t + 1]! +
            sums[t + REF_SUMS + 1]! +
            sums[d + 1]! +
            sums[d + REF_SUMS + 1]! +
            above[o + 1]! +
            above[n + 1]! +
            below[o + 1]! +
            below[n + 1]!,
          above[o + 2]! + above[n + 2]! + below[o + 2]! + below[n + 2]!,
        );
      }
      totals[c] = total;
    }
    [above, below] = [below, above];
  }
  const windows = (blocksY - 1) * (blocksX - 1);
  return totals[0]! / windows + totals[1]! / windows + totals[2]! / windows;
}

/** Reference planes kept between measurements up to this many bytes (the RGB reference itself is as large; their block sums half as much). */
const KEEP_PLANES_BYTES = 64 * 1024 * 1024;

/**
 * A reference picture measured against many outputs (a search's trials): its YUV planes are converted once and kept
 * (up to `KEEP_PLANES_BYTES`; a larger one is converted frame by frame on each call, as `pixelSsim` does).
 */
export class SsimReference {
  private kept: ReferenceFrame[] | undefined;

  constructor(
    private readonly rgb: Uint8Array,
    private readonly g: PixelGeometry,
  ) {
    if (rgb.length < g.width * g.pageHeight * 3 * g.pages) throw new RangeError('pixel buffers shorter than their geometry');
  }

  /**
   * Converts and sums the reference's frames now, when they are kept (see `KEEP_PLANES_BYTES`), instead of at the
   * first measurement: for a caller that has this thread idle meanwhile (an encoder working in its own thread).
   */
  prepare(): void {
    const { g } = this;
    const pixels = g.width * g.pageHeight;
    if (!this.kept && pixels * 3 * g.pages <= KEEP_PLANES_BYTES)
      this.kept = Array.from({ length: g.pages }, (_, page) => this.frame(page, yuvPlanes(pixels)));
  }

  /** SSIM ("All") of `distorted` against the reference: the mean over frames of the mean over Y, U and V. */
  against(distorted: Uint8Array): number {
    const { g } = this;
    const pixels = g.width * g.pageHeight;
    if (distorted.length < pixels * 3 * g.pages) throw new RangeError('pixel buffers shorter than their geometry');
    this.prepare();
    const scratch = this.kept ? undefined : yuvPlanes(pixels);
    const rowLength = (g.width >> 2) * ROW_SUMS + 2 * ROW_SUMS;
    const rows: [Int32Array, Int32Array] = [new Int32Array(rowLength), new Int32Array(rowLength)];
    let sum = 0;
    for (let page = 0; page < g.pages; page++) {
      const ref = this.kept?.[page] ?? this.frame(page, scratch ?? yuvPlanes(pixels));
      sum += frameSsim(ref, distorted, page * pixels * 3, g.width, g.pageHeight, rows) / 3;
    }
    return sum / g.pages;
  }

  /** A reference frame's planes (written into `planes`) and block sums. */
  private frame(page: number, planes: Uint8Array[]): ReferenceFrame {
    const { width, pageHeight } = this.g;
    toYuv(this.rgb, page * width * pageHeight * 3, width * pageHeight, planes);
    const sums = planes.map((plane) => referenceSums(plane, width, width >> 2, pageHeight >> 2));
    return { planes, sums };
  }
}

function yuvPlanes(pixels: number): Uint8Array[] {
  return [new Uint8Array(pixels), new Uint8Array(pixels), new Uint8Array(pixels)];
}

/** SSIM ("All") between two RGB24 buffers of the same geometry: the mean over frames of the mean over Y, U and V. */
export function pixelSsim(reference: Uint8Array, distorted: Uint8Array, g: PixelGeometry): number {
  return new SsimReference(reference, g).against(distorted);
}
