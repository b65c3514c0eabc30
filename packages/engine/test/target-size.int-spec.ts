import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CompressionLevel, isSizable } from '@shrinkly/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../src/compress.js';
import { photo as archivePhoto, text, writeZip } from '../src/families/archive/archive.test-support.js';
import { photoLikePixels, timedTrials } from '../src/families/image/image.test-support.js';
import { handMadeDocx, readParts } from '../src/families/office/office.test-support.js';
import { writeImagePdf } from '../src/families/pdf/pdf.test-support.js';
import { runProcess } from '../src/process/run-process.js';
import { SSIM_FLOOR } from '../src/quality/ssim.js';
import { configureResultCache } from '../src/result-cache.js';
import { probeMedia } from '../src/tools/media/probe.js';

const LEVELS: CompressionLevel[] = ['light', 'balanced', 'maximum'];
/** Ten seconds of music-like sound (a tone over pink noise), which lossy encoders cannot make trivially small. */
const MUSIC = ['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.2:d=10:r=44100', '-ac', '2'];
const SIGNAL = new AbortController().signal;
/** Three seconds of a moving test picture with film grain, at 320×240. */
const CLIP = ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=3,noise=alls=8:allf=t'];

/** The target outcome a result reports: within the level's floor, and without consent to go below it, unless said. */
function outcome(
  bytes: number,
  met: boolean,
  level: CompressionLevel | 'original',
  below: { belowFloor?: boolean; belowFloorAllowed?: boolean } = {},
) {
  return { bytes, met, level, belowFloor: false, belowFloorAllowed: false, ...below };
}

describe('target size', () => {
  let dir: string;
  const files: Record<'photo' | 'song', string> = { photo: '', song: '' };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-target-'));
    files.photo = path.join(dir, 'photo.jpg');
    await sharp(photoLikePixels(1024, 768), { raw: { width: 1024, height: 768, channels: 3 } })
      .jpeg({ quality: 97 })
      .toFile(files.photo);
    // A song at 320 kb/s: each level's bitrate is lower (audio is compressed level by level, not by one search).
    files.song = path.join(dir, 'song.mp3');
    const tone = 'sine=f=440:sample_rate=44100:d=8';
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', tone, '-ac', '2', '-b:a', '320k', files.song]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(['photo', 'song'] as const)(
    '%s: the best quality at or under the target, down to the level asked for',
    async (name) => {
      const input = files[name];
      const original = (await stat(input)).size;
      const sizes = {} as Record<CompressionLevel, number>;
      for (const level of LEVELS) sizes[level] = (await compress(input, { level, tmpDir: dir })).compressedSize;
      expect(sizes.maximum).toBeLessThan(sizes.light);

      // Between maximum and light: the lightest level that fits, which is at or under the target.
      const between = Math.floor((sizes.maximum + sizes.light) / 2);
      const fitting = LEVELS.find((l) => sizes[l] <= between) as CompressionLevel;
      const met = await compress(input, { level: 'maximum', targetBytes: between, tmpDir: dir });
      expect(met.target).toEqual(outcome(between, true, fitting));
      // The fitting level's result, or (audio) a bitrate between it and the lighter one that does not fit.
      expect(met.compressedSize).toBeGreaterThanOrEqual(sizes[fitting]);
      expect((await stat(met.output)).size).toBeLessThanOrEqual(between);
      expect(met.notes[0]).toMatch(
        /^Under \d+KB at (the \w+ level|a setting (between the \w+ and \w+ levels|above the light level)), the best quality that fits$/,
      );

      // The level asked for is the lowest quality accepted: light cannot reach it, and says so with light's result.
      const unmet = await compress(input, { level: 'light', targetBytes: sizes.light - 1, tmpDir: dir });
      expect(unmet.target).toEqual(outcome(sizes.light - 1, false, 'light'));
      expect(unmet.compressedSize).toBe(sizes.light);
      expect(unmet.notes[0]).toMatch(/^Could not get under \d+KB while keeping the light level's quality/);

      // A file already under the target is kept as it is.
      const kept = await compress(input, { level: 'balanced', targetBytes: original, tmpDir: dir });
      expect(kept).toMatchObject({
        unchanged: true,
        output: input,
        target: outcome(original, true, 'original'),
      });
    },
  );

  /**
   * A target three quarters of the way from balanced's size to light's, asked at maximum: met between the two levels,
   * within 10 % under it. The common checks; the results back.
   */
  async function sizedBetweenLevels(input: string) {
    const light = await compress(input, { level: 'light', tmpDir: dir });
    const balanced = await compress(input, { level: 'balanced', tmpDir: dir });
    // Balanced fits with a quarter to spare, light does not: a setting between them fills the target.
    const targetBytes = Math.round(balanced.compressedSize + 0.75 * (light.compressedSize - balanced.compressedSize));
    const sized = await compress(input, { level: 'maximum', targetBytes, tmpDir: dir });
    expect(sized.target).toEqual(outcome(targetBytes, true, 'balanced'));
    expect(sized.compressedSize).toBeLessThanOrEqual(targetBytes);
    expect(sized.compressedSize).toBeGreaterThanOrEqual(targetBytes * 0.9);
    expect(sized.notes[0]).toMatch(/between the light and balanced levels/);
    return { light, balanced, sized };
  }

  it('sizes a photo by quality between two levels, within 10 % under the target', async () => {
    const { balanced, sized } = await sizedBetweenLevels(files.photo);
    expect(sized.score).toBeGreaterThanOrEqual(balanced.score as number);
  });

  it('sizes a photo above light when light fits with room: not wastefully small', async () => {
    const original = (await stat(files.photo)).size;
    const light = await compress(files.photo, { level: 'light', tmpDir: dir });
    const targetBytes = Math.round(light.compressedSize + 0.75 * (original - light.compressedSize));
    const sized = await compress(files.photo, { level: 'balanced', targetBytes, tmpDir: dir });
    expect(sized.target).toEqual(outcome(targetBytes, true, 'light'));
    expect(sized.compressedSize).toBeLessThanOrEqual(targetBytes);
    expect(sized.compressedSize).toBeGreaterThan(light.compressedSize);
    expect(sized.notes[0]).toMatch(/^Under \d+KB at a setting above the light level, the best quality that fits$/);
    expect(sized.score).toBeGreaterThanOrEqual(light.score as number);
  });

  it('sizes a photo searched on its sample from that sample, within 10 % under the target', async () => {
    // Over the sampling threshold (image/sample.ts): the levels search a mosaic sample, and so does the sizing's guess.
    const large = path.join(dir, 'large-photo.jpg');
    await sharp(photoLikePixels(1600, 1000), { raw: { width: 1600, height: 1000, channels: 3 } })
      .jpeg({ quality: 97 })
      .toFile(large);
    const original = (await stat(large)).size;
    const balanced = await compress(large, { level: 'balanced', tmpDir: dir });
    const targetBytes = Math.round(balanced.compressedSize + 0.2 * (original - balanced.compressedSize));
    const sized = await compress(large, { level: 'balanced', targetBytes, tmpDir: dir });
    expect(sized.target).toMatchObject({ met: true, belowFloor: false });
    expect(sized.compressedSize).toBeLessThanOrEqual(targetBytes);
    expect(sized.compressedSize).toBeGreaterThanOrEqual(targetBytes * 0.9);
    expect(sized.score).toBeGreaterThanOrEqual(balanced.score as number);
  });

  it('decodes a picture once and encodes each setting once in a target run, however many runs it takes', async () => {
    // A HEIC photo, whose decoding (heif-convert) and encodes (heif-enc) are separate tools a recorder can count.
    const png = path.join(dir, 'shared.png');
    const heic = path.join(dir, 'shared.heic');
    await sharp(photoLikePixels(640, 480), { raw: { width: 640, height: 480, channels: 3 } }).toFile(png);
    await runProcess('heif-enc', ['-q', '90', '-o', heic, png]);
    const light = await compress(heic, { level: 'light', tmpDir: dir });
    const balanced = await compress(heic, { level: 'balanced', tmpDir: dir });
    const targetBytes = Math.round(balanced.compressedSize + 0.75 * (light.compressedSize - balanced.compressedSize));
    const calls: string[][] = [];
    const recording: typeof runProcess = (command, args, options) => {
      calls.push([path.basename(command), ...args]);
      return runProcess(command, args, options);
    };
    // The level asked for, the lighter levels and a setting between them: three runs of the family in one call (the
    // result cache, which would answer the lighter levels from the calls above, is off for it).
    configureResultCache({ maxBytes: 0 });
    const sized = await compress(heic, { level: 'maximum', targetBytes, tmpDir: dir, runProcess: recording }).finally(() =>
      configureResultCache({}),
    );
    expect(sized.target?.met).toBe(true);
    const decodes = calls.filter(([tool, ...args]) => tool === 'heif-convert' && args.includes(heic));
    expect(decodes).toHaveLength(1);
    // Each encode's setting and source, its output file aside: none made twice.
    const encodes = calls
      .filter(([tool]) => tool === 'heif-enc')
      .map((call) => call.filter((_, i) => call[i - 1] !== '-o' && call[i] !== '-o').join(' '));
    expect(encodes.length).toBeGreaterThan(2);
    expect(new Set(encodes).size).toBe(encodes.length);
  });

  it("sizes a video from the outputs its levels' searches wrote, and searches no level lighter than the first too large", async () => {
    const clip = path.join(dir, 'measured.mp4');
    const picture = ['-f', 'lavfi', '-i', 'testsrc2=s=256x144:r=25:d=2,noise=alls=2:allf=t'];
    await runProcess('ffmpeg', ['-v', 'error', '-y', ...picture, '-c:v', 'libx264', '-crf', '10', '-pix_fmt', 'yuv420p', clip]);
    /** A call's result, and the whole outputs it wrote: each one's CRF and size. */
    const recorded = async (options: { level: CompressionLevel; targetBytes?: number }) => {
      const outputs = new Map<string, number>();
      const recording: typeof runProcess = async (command, args, more) => {
        const result = await runProcess(command, args, more);
        const out = args.at(-1) ?? '';
        if (path.basename(command) === 'ffmpeg' && args.includes('-crf:0') && path.basename(out).startsWith('output-'))
          outputs.set(args[args.indexOf('-crf:0') + 1] as string, (await stat(out)).size);
        return result;
      };
      return { result: await compress(clip, { ...options, tmpDir: dir, runProcess: recording }), outputs };
    };
    configureResultCache({ maxBytes: 0 });
    try {
      const light = await recorded({ level: 'light' });
      const balanced = await recorded({ level: 'balanced' });
      const maximum = await recorded({ level: 'maximum' });
      // Light's search, continuing balanced's, wrote files between the two levels' results: the largest, with balanced
      // fitting a target just over it with more than a tenth to spare, so the call sizes between the two.
      const between = [...light.outputs.values()].filter(
        (bytes) => bytes > balanced.result.compressedSize / 0.9 && bytes < light.result.compressedSize,
      );
      expect(between.length).toBeGreaterThan(0);
      const measured = Math.max(...between);
      const sized = await recorded({ level: 'maximum', targetBytes: measured + 1 });
      expect(sized.result.target).toEqual(outcome(measured + 1, true, 'balanced'));
      expect(sized.result.compressedSize).toBe(measured);
      const fresh = [...sized.outputs.keys()].filter((crf) => !light.outputs.has(crf) && !maximum.outputs.has(crf));
      expect(fresh).toEqual([]);

      // A target under balanced's result is sized between balanced and maximum: light's search (higher qualities,
      // the slowest encodes) is not run at all.
      const under = Math.round((balanced.result.compressedSize + maximum.result.compressedSize) / 2);
      const lower = await recorded({ level: 'maximum', targetBytes: under });
      expect(lower.result.target).toEqual(outcome(under, true, 'maximum'));
      const balancedCrf = balanced.result.metrics.setting as number;
      expect([...lower.outputs.keys()].filter((crf) => Number(crf) < balancedCrf)).toEqual([]);
    } finally {
      configureResultCache({});
    }
  });

  // An MP3 between balanced's 128 kb/s and light's 160 has no constant bitrate of its own (MPEG-1 Layer III has none
  // between them): it is written at an average bitrate.
  it.each([
    { ext: 'm4a', args: ['-c:a', 'aac', '-b:a', '256k'] },
    { ext: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '256k'] },
  ])('sizes $ext audio by bitrate between two levels, within a tenth under the target', async ({ ext, args }) => {
    const song = path.join(dir, `between.${ext}`);
    await runProcess('ffmpeg', ['-v', 'error', '-y', ...MUSIC, ...args, song]);
    const { light, balanced, sized } = await sizedBetweenLevels(song);
    // The bitrate written (an MP3's average: the rate asked for it may lie past light's on some content).
    expect(sized.metrics.kbps).toBeGreaterThan(balanced.metrics.kbps as number);
    expect(sized.metrics.kbps).toBeLessThan(light.metrics.kbps as number);
    expect(sized.recipe).toMatch(ext === 'mp3' ? /^MP3 \d+k average \(LAME ABR\), sized/ : /^AAC \d+k, sized/);
    expect((await probeMedia(runProcess, sized.output, SIGNAL)).durationSec).toBeCloseTo(10, 0);
  });

  it.each([
    ['photo', 'jpg', []],
    ['small photo', 'jpg', []],
    ['song', 'mp3', ['-c:a', 'libmp3lame', '-b:a', '320k']],
    ['clip', 'mp4', ['-c:v', 'libx264', '-crf', '16', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k']],
  ] as const)('%s: below the floor only with consent, then under the target with its score', async (name, ext, args) => {
    const input = name === 'photo' ? files.photo : path.join(dir, `below.${ext}`);
    const sources = name === 'song' ? MUSIC : [...CLIP, ...MUSIC.map((a) => a.replace('d=10', 'd=3'))];
    // A picture at 640 px or less is not made smaller in pixels: it goes down in quality.
    if (name === 'small photo')
      await sharp(photoLikePixels(600, 450), { raw: { width: 600, height: 450, channels: 3 } })
        .jpeg({ quality: 97 })
        .toFile(input);
    else if (name !== 'photo') await runProcess('ffmpeg', ['-v', 'error', '-y', ...sources, ...args, input]);
    const maximum = await compress(input, { level: 'maximum', tmpDir: dir });
    const targetBytes = Math.round(maximum.compressedSize * 0.6);

    const refused = await compress(input, { level: 'maximum', targetBytes, tmpDir: dir });
    expect(refused.target).toEqual(outcome(targetBytes, false, 'maximum'));
    expect(refused.compressedSize).toBe(maximum.compressedSize);
    expect(refused.notes[0]).toMatch(/Allow lower quality to make it fit$/);

    const allowed = await compress(input, { level: 'maximum', targetBytes, belowFloor: true, tmpDir: dir });
    expect(allowed.target).toEqual(outcome(targetBytes, true, 'maximum', { belowFloor: true, belowFloorAllowed: true }));
    expect((await stat(allowed.output)).size).toBeLessThanOrEqual(targetBytes);
    expect(allowed.notes[0]).toMatch(/below the maximum level's quality, as you allowed/);
    // The picture's measured closeness comes with it: under the floor it was allowed to cross (video), or at least
    // under maximum's own (a picture past the lowest quality maximum searches may still measure above its floor).
    if (name === 'clip') expect(allowed.score).toBeLessThan(SSIM_FLOOR.maximum);
    if (name === 'small photo') expect(allowed.score).toBeLessThan(maximum.score as number);
    if (name === 'photo') {
      // Fewer pixels before worse ones: at maximum's own quality, about √0.6 of the 1024 px side.
      expect(allowed.notes).toContain("Made smaller in pixels to fit, at the maximum level's quality");
      const { width = 0, height = 0 } = await sharp(allowed.output).metadata();
      expect(width / height).toBeCloseTo(1024 / 768, 2);
      expect(width).toBeGreaterThanOrEqual(640);
      expect(width).toBeLessThan(1024);
      expect(allowed.score).toBeGreaterThanOrEqual(SSIM_FLOOR.maximum);
    }
    if (name.endsWith('photo')) return;
    const probed = await probeMedia(runProcess, allowed.output, SIGNAL);
    expect(probed.streams.map((s) => s.type)).toEqual((await probeMedia(runProcess, input, SIGNAL)).streams.map((s) => s.type));
  });

  /**
   * A file sized between light and balanced (a target three quarters of the way to light), then below maximum's
   * floor (`share` of maximum's size): refused without consent, met with it. The common checks; the results back.
   */
  async function sizedBothWays(input: string, share: number) {
    const [light, balanced, maximum] = await Promise.all(LEVELS.map((level) => compress(input, { level, tmpDir: dir })));
    const lighter = light?.compressedSize as number;
    const fitting = balanced?.compressedSize as number;
    const between = Math.round(fitting + 0.75 * (lighter - fitting));
    const sized = await compress(input, { level: 'maximum', targetBytes: between, tmpDir: dir });
    expect(sized.target).toEqual(outcome(between, true, 'balanced'));
    expect(sized.compressedSize).toBeLessThanOrEqual(between);
    expect(sized.compressedSize).toBeGreaterThan(fitting);
    expect(sized.notes[0]).toMatch(/between the light and balanced levels/);
    expect(sized.score).toBeGreaterThanOrEqual(SSIM_FLOOR.balanced);

    const small = Math.round((maximum?.compressedSize as number) * share);
    const refused = await compress(input, { level: 'maximum', targetBytes: small, tmpDir: dir });
    expect(refused.target).toMatchObject({ met: false, belowFloor: false, belowFloorAllowed: false });
    expect(refused.notes[0]).toMatch(/Allow lower quality to make it fit$/);
    const allowed = await compress(input, { level: 'maximum', targetBytes: small, belowFloor: true, tmpDir: dir });
    expect(allowed.target).toEqual(outcome(small, true, 'maximum', { belowFloor: true, belowFloorAllowed: true }));
    expect((await stat(allowed.output)).size).toBeLessThanOrEqual(small);
    return { sized, allowed };
  }

  it("sizes a PDF by its pictures' resolution: between two levels within the floor, below it only with consent", async () => {
    const pdf = path.join(dir, 'report.pdf');
    await writeImagePdf(pdf);
    // The fixture's second page is a lossless screenshot the image pass leaves (its data is not its dictionary's
    // size): the photo alone can give only part of the page's bytes.
    const { sized, allowed } = await sizedBothWays(pdf, 0.9);
    // Balanced resamples the ~260 ppi photo to 150 ppi; the sized result keeps more of it, at balanced's floor.
    expect(sized.metrics.ppi).toBeGreaterThan(150);
    expect(allowed.metrics.ppi).toBeLessThan(100);
  });

  it('sizes a zip of photos through its members: between two levels, and below the floor only with consent', async () => {
    const zip = path.join(dir, 'album.zip');
    await writeZip(zip, [
      { name: 'one.jpg', data: await archivePhoto(900, 600) },
      { name: 'two.jpg', data: await archivePhoto(800, 800) },
      { name: 'notes.txt', data: text(200) },
    ]);
    const { sized } = await sizedBothWays(zip, 0.6);
    // The members' own target notes stay theirs: the archive speaks of its target only.
    expect(sized.notes.filter((note) => /^\w+\.jpg: Under/.test(note))).toEqual([]);
  });

  it('sizes a Word document through its pictures: between levels by quality, below the floor in pixels first', async () => {
    const docx = path.join(dir, 'report.docx');
    await handMadeDocx(docx, await archivePhoto(1200, 900), { pictureExt: 'jpeg' });
    const { result, trials } = await timedTrials(() => sizedBothWays(docx, 0.75));
    const { sized, allowed } = result;
    // Each smaller copy of the picture (tools/image/fit-by-side.ts) is encoded once, at the setting the picture got at
    // the level, where a search of its own took several encodes; the target's runs (one per position its pictures'
    // targets are tried at) share a copy of the same size instead of encoding it again.
    const copies = trials.flatMap((t) => /[/\\]side-(\d+)-/.exec(t.source)?.[1] ?? []);
    expect(copies.length).toBeGreaterThan(0);
    expect(new Set(copies).size).toBe(copies.length);
    const part = async (file: string, name: string) => (await readParts(file)).find((p) => p.name === name)?.data;
    const picture = async (file: string) => sharp(await part(file, 'word/media/image1.jpeg')).metadata();
    // Between levels: the same dimensions, at a quality between the two levels'.
    expect(await picture(sized.output)).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    // Below the floor: fewer pixels at the level's quality, same proportions, and the page draws it where and as large
    // as before (the document's XML, which sets its size on the page, is byte for byte the original's).
    const smaller = await picture(allowed.output);
    expect(smaller.format).toBe('jpeg');
    expect(smaller.width).toBeGreaterThanOrEqual(640);
    expect(smaller.width).toBeLessThan(1200);
    expect(Math.abs((smaller.width as number) * 0.75 - (smaller.height as number))).toBeLessThanOrEqual(1);
    expect((await part(allowed.output, 'word/document.xml'))?.equals((await part(docx, 'word/document.xml')) as Buffer)).toBe(
      true,
    );
    expect(allowed.notes).toContain('1 picture made smaller in pixels to fit: same place and size on the page, softer');
    expect(allowed.score).toBeNull();
  });

  it('says plainly when even below the floor no setting fits, as when the encoder refuses so low a rate', async () => {
    const input = path.join(dir, 'short.ogg');
    const music = MUSIC.map((a) => a.replace('d=10', 'd=3'));
    await runProcess('ffmpeg', ['-v', 'error', '-y', ...music, '-c:a', 'libvorbis', '-b:a', '160k', input]);
    const r = await compress(input, { level: 'maximum', targetBytes: 10 * 1024, belowFloor: true, tmpDir: dir });
    expect(r.target).toEqual(outcome(10 * 1024, false, 'maximum', { belowFloorAllowed: true }));
    expect(r.notes[0]).toMatch(/^Could not get under 10KB even below the maximum level's quality/);
  });

  it('fits a type the contract does not size (WAV, kept lossless) at its levels only, and says consent did not count', async () => {
    expect(isSizable('wav')).toBe(false);
    const input = path.join(dir, 'noise.wav');
    await runProcess('ffmpeg', ['-v', 'error', '-y', ...MUSIC.map((a) => a.replace('d=10', 'd=3')), '-c:a', 'pcm_s16le', input]);
    const maximum = await compress(input, { level: 'maximum', tmpDir: dir });
    const targetBytes = Math.max(10 * 1024, Math.floor(maximum.compressedSize / 2));
    const r = await compress(input, { level: 'maximum', targetBytes, belowFloor: true, tmpDir: dir });
    expect(r.target).toEqual(outcome(targetBytes, false, 'maximum'));
    expect(r.compressedSize).toBe(maximum.compressedSize);
  });

  it('sizes a GIF between its levels and, with consent, below the floor (a dithered animation, lossy LZW)', async () => {
    expect(isSizable('gif')).toBe(true);
    const input = path.join(dir, 'dithered.gif');
    const clip = 'testsrc2=s=240x180:r=10:d=1.2,noise=alls=12:allf=t';
    const dither = 'split[a][b];[a]palettegen[p];[b][p]paletteuse';
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', clip, '-vf', dither, input]);
    const light = await compress(input, { level: 'light', tmpDir: dir });
    const maximum = await compress(input, { level: 'maximum', tmpDir: dir });
    const balanced = await compress(input, { level: 'balanced', tmpDir: dir });
    // Room between the levels: balanced's result is more than 10 % under a target just under light's.
    const between = light.compressedSize - 1;
    expect(balanced.compressedSize).toBeLessThan(between * 0.9);

    const sized = await compress(input, { level: 'maximum', targetBytes: between, tmpDir: dir });
    expect(sized.target).toMatchObject({ met: true, level: 'balanced', belowFloor: false });
    expect(sized.notes[0]).toMatch(/^Under \d+KB at a setting between the light and balanced levels/);
    expect((await stat(sized.output)).size).toBeLessThanOrEqual(between);
    expect(sized.compressedSize).toBeGreaterThanOrEqual(between * 0.9);
    expect(sized.metrics.ssim).toBeGreaterThanOrEqual(SSIM_FLOOR.balanced);

    const under = Math.floor(maximum.compressedSize * 0.9);
    const below = await compress(input, { level: 'maximum', targetBytes: under, belowFloor: true, tmpDir: dir });
    expect(below.target).toMatchObject({ met: true, level: 'maximum', belowFloor: true });
    expect((await stat(below.output)).size).toBeLessThanOrEqual(under);
    expect(below.metrics.ssim).toBeLessThan(SSIM_FLOOR.maximum);
  });
});
