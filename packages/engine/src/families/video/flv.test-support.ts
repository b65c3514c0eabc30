import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Tag {
  type: 8 | 9;
  ms: number;
  data: Buffer;
}

/** The video tags of an FLV file (type 9), with their timestamps in milliseconds. */
function videoTags(flv: Buffer): Tag[] {
  const tags: Tag[] = [];
  for (let at = flv.readUInt32BE(5) + 4; at + 11 <= flv.length; ) {
    const size = flv.readUIntBE(at + 1, 3);
    if (flv[at] === 9) {
      const ms = flv.readUIntBE(at + 4, 3) | ((flv[at + 7] ?? 0) << 24);
      tags.push({ type: 9, ms, data: flv.subarray(at + 11, at + 11 + size) });
    }
    at += 11 + size + 4;
  }
  return tags;
}

/**
 * An FLV of Sorenson (FLV1) video with MP3 sound at `sampleRate`, as Flash-era tools wrote them. ffmpeg's FLV muxer
 * refuses MP3 at 8, 16, 24 or 32 kHz, so the file is put together here: ffmpeg's video tags interleaved with one
 * audio tag per MP3 frame (flags 0x2E: MP3, 16-bit mono; the frames carry their real rate).
 */
export async function writeSorensonMp3Flv(dir: string, name: string, sampleRate: number, seconds = 3): Promise<string> {
  const video = path.join(dir, `${name}.video.flv`);
  const audio = path.join(dir, `${name}.audio.mp3`);
  const ffmpeg = (args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=s=320x240:r=12:d=${seconds}`, '-c:v', 'flv', '-q:v', '4', '-an', video]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:sample_rate=${sampleRate}:d=${seconds}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '16k',
    ...['-write_xing', '0', '-id3v2_version', '0', audio],
  ]);
  const frames: Array<{ pts_time: string; pos: string; size: string }> = JSON.parse(
    (await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts_time,pos,size', '-of', 'json', audio])).stdout,
  ).packets;
  const mp3 = await readFile(audio);
  const tags: Tag[] = [
    ...videoTags(await readFile(video)),
    ...frames.map((f): Tag => {
      const frame = mp3.subarray(Number(f.pos), Number(f.pos) + Number(f.size));
      return { type: 8, ms: Math.round(Number(f.pts_time) * 1000), data: Buffer.concat([Buffer.from([0x2e]), frame]) };
    }),
  ].sort((a, b) => a.ms - b.ms || a.type - b.type);
  // "FLV", version 1, audio and video present, header of 9 bytes, then the first (empty) previous-tag size.
  const parts: Buffer[] = [Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0])];
  for (const tag of tags) {
    const header = Buffer.alloc(11);
    header[0] = tag.type;
    header.writeUIntBE(tag.data.length, 1, 3);
    header.writeUIntBE(tag.ms & 0xffffff, 4, 3);
    header[7] = tag.ms >>> 24;
    const previousSize = Buffer.alloc(4);
    previousSize.writeUInt32BE(11 + tag.data.length);
    parts.push(header, tag.data, previousSize);
  }
  const out = path.join(dir, `${name}.flv`);
  await writeFile(out, Buffer.concat(parts));
  return out;
}
