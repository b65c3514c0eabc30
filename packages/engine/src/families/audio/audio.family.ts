import type { FamilyCompressor } from '../../types.js';
import { estimateAudio } from './estimate.js';
import { ladderAudio } from './ladder.js';
import { sizeAudio } from './size-to.js';

/** Audio: re-encoded in its own format at a bitrate per level (never above its own), FLAC at the top level, WAV → FLAC. */
export const audioFamily: FamilyCompressor = {
  family: 'audio',
  formats: ['mp3', 'aac', 'm4a', 'ogg', 'opus', 'flac', 'wav'],
  tools: ['ffmpeg', 'ffprobe'],
  async compress(input, type, ctx) {
    const out = (await ladderAudio(input, type, { ...ctx, levels: [ctx.level] }))[ctx.level];
    if (!out) throw new Error(`no ${ctx.level} output`);
    return out;
  },
  ladder: ladderAudio,
  sizeTo: sizeAudio,
  estimate: estimateAudio,
};
