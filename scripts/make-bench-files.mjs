#!/usr/bin/env node
// npm run bench:files -- DIR
// Writes into DIR the kinds of file people wait on that the corpus lacks, generated so anyone can measure the same
// ones: a long animated GIF, a grainy 480p VP9 clip, a 25-s 360p clip (MP4 and WebM), a 2400-px PNG photo, a HEIC
// photo and a 2,080-page PDF whose pages share their content. Then: npm run bench:compress -- DIR. Needs ffmpeg,
// libheif's tools and qpdf (the engine's own).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run bench:files -- DIR');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });

function run(command, args) {
  const r = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}
const ffmpeg = (...args) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const out = (name) => path.join(dir, name);

// A photograph to start the pictures from: the corpus's largest JPEG when it is there, else a generated scene.
const corpusRoot = path.resolve(process.env.CORPUS_DIR ?? path.join(root, '../shared/corpus'));
const corpus = path.join(corpusRoot, 'jpg');
const photos = existsSync(corpus) ? readdirSync(corpus).map((n) => path.join(corpus, n)) : [];
const photo = photos.sort().find((p) => p.includes('Nerlich')) ?? photos[0];
const source = out('source.png');
if (photo) ffmpeg('-i', photo, source);
else ffmpeg('-f', 'lavfi', '-i', 'mandelbrot=s=1600x1200:end_pts=1', '-frames:v', '1', source);

// 80 frames of moving gradients, with a palette made for them.
ffmpeg(
  '-f',
  'lavfi',
  '-i',
  'testsrc2=s=480x270:r=10:d=8',
  '-vf',
  'split[a][b];[a]palettegen[p];[b][p]paletteuse',
  out('anim.gif'),
);
// Heavy grain at 480p: the encoder stops coding it below some quality, a cliff in the quality curve.
ffmpeg(
  ...['-f', 'lavfi', '-i', 'testsrc2=s=854x480:r=25:d=8', '-vf', 'noise=alls=12:allf=t'],
  ...['-c:v', 'libvpx-vp9', '-crf', '30', '-b:v', '0', '-cpu-used', '5', '-row-mt', '1', out('grainy-480p.webm')],
);
// A phone-length clip: 25 s of 360p with light grain and a tone, as a generous MP4 and as a WebM.
ffmpeg(
  ...['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=25', '-f', 'lavfi', '-i', 'sine=f=440:d=25'],
  ...['-vf', 'noise=alls=6:allf=t', '-c:v', 'libx264', '-crf', '18', '-preset', 'veryfast', '-c:a', 'aac', '-shortest'],
  out('clip-360p-25s.mp4'),
);
ffmpeg(
  '-i',
  out('clip-360p-25s.mp4'),
  '-c:v',
  'libvpx-vp9',
  '-crf',
  '28',
  '-b:v',
  '0',
  '-cpu-used',
  '5',
  '-row-mt',
  '1',
  '-c:a',
  'libopus',
  out('clip-360p-25s.webm'),
);
// The photograph at 2400 px as a PNG (a screenshot tool's or a scanner's output), and as a phone's HEIC.
ffmpeg('-i', source, '-vf', 'scale=2400:-1', out('photo-2400.png'));
run('heif-enc', ['-q', '90', '-o', out('photo.heic'), source]);
// A 2,080-page manual whose pages share their content (40 copies of the corpus's R FAQ, each object kept once by
// qpdf): ghostscript writes every page again, so its rewrite grows far past qpdf's lossless one.
const manual = path.join(corpusRoot, 'pdf', 'R-FAQ.pdf');
if (existsSync(manual)) {
  const copies = out('copies.pdf');
  try {
    run('qpdf', ['--warning-exit-0', '--empty', '--pages', ...Array(40).fill(manual), '--', copies]);
    run('qpdf', [
      '--warning-exit-0',
      '--stream-data=uncompress',
      '--object-streams=disable',
      copies,
      out('manual-2080-pages.pdf'),
    ]);
  } finally {
    rmSync(copies, { force: true });
  }
} else console.warn(`no ${manual}: the 2,080-page PDF is left out (set CORPUS_DIR)`);
rmSync(source, { force: true });
console.log(`wrote ${readdirSync(dir).length} files to ${dir}; now: npm run bench:compress -- ${dir}`);
