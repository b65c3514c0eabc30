import type { RunProcess } from '../process/run-process.js';

/**
 * SSIM ("All", as ffmpeg's ssim filter reports it) between a reference and a distorted picture or video.
 * The distorted input is scaled to the reference's size when they differ. For videos, `sampleFps` compares
 * only that many frames per second of both, which keeps long files fast.
 */
export async function measureSsim(
  runProcess: RunProcess,
  reference: string,
  distorted: string,
  options: { signal?: AbortSignal; sampleFps?: number; referenceArgs?: string[]; distortedArgs?: string[] } = {},
): Promise<number> {
  const sample = options.sampleFps ? `fps=${options.sampleFps},` : '';
  const filter = `[0:v]${sample}format=yuv444p,setsar=1[ref];[1:v]${sample}format=yuv444p,setsar=1[dist];[dist][ref]scale2ref=flags=bicubic[dist2][ref2];[ref2][dist2]ssim`;
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
