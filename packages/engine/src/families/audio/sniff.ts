import { open } from 'node:fs/promises';

/** Channels and sample rate of an audio file, as its first frame header states them. */
export interface Layout {
  channels: number;
  sampleRate: number;
}

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
const MPEG1_RATES = [44100, 48000, 32000];

/** Bytes an ID3v2 tag takes at the start (0 when there is none): frames start after it. */
function id3Length(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = ((head[6] ?? 0) << 21) | ((head[7] ?? 0) << 14) | ((head[8] ?? 0) << 7) | (head[9] ?? 0);
  return 10 + size + ((head[5] ?? 0) & 0x10 ? 10 : 0);
}

function adtsLayout(h: Buffer): Layout | undefined {
  if (h.length < 4 || h[0] !== 0xff || ((h[1] ?? 0) & 0xf6) !== 0xf0) return undefined;
  const rate = ADTS_RATES[((h[2] ?? 0) >> 2) & 0x0f];
  const channels = (((h[2] ?? 0) & 0x01) << 2) | ((h[3] ?? 0) >> 6);
  return rate && channels ? { channels, sampleRate: rate } : undefined;
}

function mp3Layout(h: Buffer): Layout | undefined {
  if (h.length < 4 || h[0] !== 0xff || ((h[1] ?? 0) & 0xe0) !== 0xe0) return undefined;
  const version = ((h[1] ?? 0) >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const base = MPEG1_RATES[((h[2] ?? 0) >> 2) & 0x03];
  if (!base || version === 1) return undefined;
  const sampleRate = version === 3 ? base : version === 2 ? base / 2 : base / 4;
  return { channels: (h[3] ?? 0) >> 6 === 3 ? 1 : 2, sampleRate };
}

/**
 * The layout the first frame header of an MP3 or raw AAC (ADTS) file states, read from its first bytes: a guess
 * for work started before the probe, never a fact (the probe decides). Undefined for other formats or no match.
 */
export async function sniffLayout(file: string, ext: string): Promise<Layout | undefined> {
  if (ext !== 'mp3' && ext !== 'aac') return undefined;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(10);
    await handle.read(head, 0, 10, 0);
    const frame = Buffer.alloc(4);
    const { bytesRead } = await handle.read(frame, 0, 4, id3Length(head));
    return (ext === 'mp3' ? mp3Layout : adtsLayout)(frame.subarray(0, bytesRead));
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
