import type { RunProcess } from '../process/run-process.js';

/**
 * The planes video SSIM is taken on: 4:2:0, the layout videos are delivered in, so ffmpeg's "All" weighs luma by its
 * share of the samples (4 of 6), as the standard tools' figures behind the level floors do. On 4:4:4 the chroma
 * planes, which barely change, would count as much as luma and lift a soft picture's figure by up to 0.03. Pictures
 * are compared on 4:4:4 (their floors were set that way, and a picture's colour edges are looked at closely).
 */
export const VIDEO_SSIM_PLANES = 'yuv420p';

/**
 * SSIM ("All", as ffmpeg's ssim filter reports it) between a reference and a distorted picture or video, on 4:4:4
 * planes unless `planes` says otherwise (videos: VIDEO_SSIM_PLANES). The distorted input is scaled to the
 * reference's size when they differ. For videos, `sampleFps` compares only that many frames per second of both,
 * which keeps long files fast.
 */
export async function measureSsim(
  runProcess: RunProcess,
  reference: string,
  distorted: string,
  options: {
    signal?: AbortSignal;
    sampleFps?: number;
    planes?: string;
    referenceArgs?: string[];
    distortedArgs?: string[];
  } = {},
): Promise<number> {
  const sample = options.sampleFps ? `fps=${options.sampleFps},` : '';
  const planes = options.planes ?? 'yuv444p';
  const filter = `[0:v]${sample}format=${planes},setsar=1[ref];[1:v]${sample}format=${planes},setsar=1[dist];[dist][ref]scale2ref=flags=bicubic[dist2][ref2];[ref2][dist2]ssim`;
  let ssim: number | undefined;
  await runProcess('ffmpeg', comparisonArgs(reference, distorted, filter, options), {
    signal: options.signal,
    onStderrLine: (line) => {
      const match = /SSIM .* All:([\d.]+)/.exec(line);
      if (match?.[1]) ssim = Number(match[1]);
    },
  });
  if (ssim === undefined || Number.isNaN(ssim)) throw new Error('ffmpeg reported no SSIM');
  return ssim;
}

/**
 * ffmpeg's arguments comparing two pictures or videos through `filter` (input 0 the reference, 1 the distorted, each
 * after its own input options), writing no file: the filter's findings go to stderr.
 */
export function comparisonArgs(
  reference: string,
  distorted: string,
  filter: string,
  options: { referenceArgs?: readonly string[]; distortedArgs?: readonly string[] } = {},
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    ...(options.referenceArgs ?? []),
    '-i',
    reference,
    ...(options.distortedArgs ?? []),
    '-i',
    distorted,
    '-filter_complex',
    filter,
    '-an',
    '-f',
    'null',
    '-',
  ];
}

/** The quality floor of each level (SSIM, "All"): light keeps near-identical quality, maximum trades visible detail. */
export const SSIM_FLOOR = { light: 0.99, balanced: 0.97, maximum: 0.94 } as const;
