#!/usr/bin/env node
// npm run bench:compress -- DIR [--json FILE] [--only image,pdf] [--levels balanced] [--targets 25,50,75]
// Compresses every file of DIR at the three levels and, in the same run, with the standard tools at their
// standard settings; prints per family and level the median and 90th-percentile reduction, median SSIM, median
// seconds per file and, per file against the standard tool on the same file, the median time ratio and size ratio
// (ours ÷ standard), and writes the same as JSON. With --targets, each file is also made to fit under those
// percentages of its size at maximum, without and with the consent to go below the floor: per family how often the
// target was met, how often within 10 % under it, and the time against maximum's own run and the standard tool's.
// The first call of each family runs once before the timed ones, as a long-lived worker has made it (`warmUp`).
// Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engine = await import(path.join(root, 'packages/engine/dist/index.js'));
// Every call does its real work: the result cache would serve the second and third level from the first.
engine.configureResultCache({ maxBytes: 0 });
// sharp is the engine's dependency: resolve it from there.
const sharp = createRequire(path.join(root, 'packages/engine/package.json'))('sharp');

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : path.join(root, 'test-results/bench/compress.json');
const listArg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1].split(',') : undefined);
const onlyFamilies = listArg('--only');
const levels = listArg('--levels') ?? ['light', 'balanced', 'maximum'];
const targetPercents = (listArg('--targets') ?? []).map(Number).filter((p) => p > 0 && p < 100);
// A target run is compared with maximum's own run of the same file.
if (targetPercents.length > 0 && !levels.includes('maximum')) levels.push('maximum');
if (!dir) {
  console.error('usage: npm run bench:compress -- DIR [--json FILE]');
  process.exit(2);
}

/** Standard tools the comparison needs that the product itself does not. */
function ensureBenchTools() {
  const need = { pngquant: 'pngquant', optipng: 'optipng', cwebp: 'webp', zip: 'zip', gifsicle: 'gifsicle' };
  const missing = Object.entries(need)
    .filter(([cmd]) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status !== 0)
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() === 0)
    spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { stdio: 'inherit' });
  else console.warn(`standard tools missing (their columns stay empty): sudo apt-get install ${missing.join(' ')}`);
}

function sh(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${(r.stderr ?? '').slice(-400)}`);
  return r;
}

async function walk(d) {
  const out = [];
  for (const entry of await readdir(d, { withFileTypes: true })) {
    const p = path.join(d, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(p)));
    else if (!/\.(md|tsv)$/.test(entry.name)) out.push(p);
  }
  return out.sort();
}

/** SSIM of a result against the original, where it means something (images, video, PDF first page). */
async function ssimOf(family, original, output, work) {
  try {
    if (family === 'image' || family === 'video') {
      return await engine.measureSsim(
        engine.runProcess,
        original,
        output,
        family === 'video' ? { sampleFps: 2, planes: engine.VIDEO_SSIM_PLANES } : {},
      );
    }
    if (family === 'pdf') {
      sh('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-png', original, path.join(work, 'a')]);
      sh('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-png', output, path.join(work, 'b')]);
      const pick = async (prefix) =>
        path.join(
          work,
          (await readdir(work)).find((n) => n.startsWith(prefix) && n.endsWith('.png')),
        );
      return await engine.measureSsim(engine.runProcess, await pick('a'), await pick('b'));
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * An archive unpacked into `work/x` with each member the standard tool makes smaller replaced by that tool's output
 * (what a person repacking it by hand with the standard tools would do): the folder.
 */
async function unpackWithStandardMembers(input, work) {
  const x = path.join(work, 'x');
  await mkdir(x);
  sh('7z', ['x', '-y', `-o${x}`, input]);
  for (const member of await walk(x)) {
    let type;
    try {
      type = await engine.detect(member, member);
    } catch {
      continue;
    }
    const memberWork = await mkdtemp(path.join(work, 'm-'));
    const made = await standard(type, member, memberWork).catch(() => null);
    if (made && made.path !== member && path.extname(made.path) === path.extname(member)) {
      if ((await stat(made.path)).size < (await stat(member)).size) await copyFile(made.path, member);
    }
    await rm(memberWork, { recursive: true, force: true });
  }
  return x;
}

/** ffmpeg from `input` to `output` with the codec arguments given. */
function transcode(input, output, codecArgs, decoderArgs = []) {
  sh('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...decoderArgs, '-i', input, ...codecArgs, output]);
}

/**
 * A VP9 WebM with an alpha layer (Matroska's alpha_mode): only libvpx decodes that layer, so the standard encode keeps
 * the transparency the engine keeps, and encodes the same two planes' worth.
 */
function vp9AlphaDecoder(input) {
  const probe = spawnSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name:stream_tags=alpha_mode', '-of', 'json', input],
    { encoding: 'utf8' },
  );
  const stream = JSON.parse(probe.stdout || '{}').streams?.[0];
  return stream?.codec_name === 'vp9' && stream.tags?.alpha_mode === '1' ? ['-c:v', 'libvpx-vp9'] : [];
}

/** The standard tool at its standard setting for a file, or null when there is none for its type. */
async function standard(type, input, work) {
  const out = (ext) => path.join(work, `std.${ext}`);
  switch (type.ext) {
    case 'jpg':
      await sharp(input).jpeg({ quality: 75, mozjpeg: true }).toFile(out('jpg'));
      return { tool: 'mozjpeg q75', path: out('jpg') };
    case 'png': {
      const r = spawnSync('pngquant', ['--quality=65-80', '--force', '--output', out('png'), input]);
      return r.status === 0 ? { tool: 'pngquant 65-80', path: out('png') } : { tool: 'pngquant 65-80', path: input };
    }
    case 'webp':
      sh('sh', ['-c', 'dwebp "$1" -o "$2" && cwebp -quiet -q 75 "$2" -o "$3"', 'sh', input, out('png'), out('webp')]);
      return { tool: 'cwebp q75', path: out('webp') };
    case 'heic':
      sh('sh', [
        '-c',
        'heif-convert -q 100 "$1" "$2" >/dev/null && heif-enc -q 50 -o "$3" "$2" >/dev/null',
        'sh',
        input,
        out('png'),
        out('heic'),
      ]);
      return { tool: 'heif-enc q50', path: out('heic') };
    case 'gif':
      sh('gifsicle', ['-O3', input, '-o', out('gif')]);
      return { tool: 'gifsicle -O3', path: out('gif') };
    case 'pdf':
      sh('gs', [
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sDEVICE=pdfwrite',
        '-dPDFSETTINGS=/ebook',
        `-sOutputFile=${out('pdf')}`,
        input,
      ]);
      return { tool: 'gs /ebook', path: out('pdf') };
    case 'webm':
      // VP9 against VP9 (the engine keeps a WebM's codec): libvpx's constant-quality mode, as its guide gives it.
      transcode(
        input,
        out('webm'),
        [
          ...['-c:v', 'libvpx-vp9', '-crf', '32', '-b:v', '0', '-deadline', 'good', '-cpu-used', '2', '-row-mt', '1'],
          ...['-c:a', 'libopus', '-b:a', '128k'],
        ],
        vp9AlphaDecoder(input),
      );
      return { tool: 'vp9 crf32', path: out('webm') };
    case 'mp4':
    case 'mov':
    case 'mkv':
    case 'avi':
    case 'flv':
    case 'wmv':
      transcode(input, out('mp4'), ['-c:v', 'libx264', '-crf', '28', '-preset', 'medium', '-c:a', 'aac', '-b:a', '128k']);
      return { tool: 'x264 crf28', path: out('mp4') };
    case 'mp3':
      transcode(input, out('mp3'), ['-c:a', 'libmp3lame', '-b:a', '128k']);
      return { tool: 'mp3 128k', path: out('mp3') };
    case 'aac':
    case 'm4a':
      transcode(input, out(type.ext), ['-c:a', 'aac', '-b:a', '128k']);
      return { tool: 'aac 128k', path: out(type.ext) };
    // An Office package is a zip too: by hand, its pictures through their tools and the parts zipped again.
    case 'zip':
    case 'docx':
    case 'xlsx':
    case 'pptx': {
      const x = await unpackWithStandardMembers(input, work);
      sh('sh', ['-c', 'cd "$1" && zip -q -9 -r "$2" .', 'sh', x, out(type.ext)]);
      return { tool: 'members + zip -9', path: out(type.ext) };
    }
    case '7z': {
      const x = await unpackWithStandardMembers(input, work);
      sh('7z', ['a', '-mx=9', out('7z'), `${x}/*`]);
      return { tool: 'members + 7z -mx=9', path: out('7z') };
    }
    default:
      return null;
  }
}

/** The level of the standard rows a light result is compared with where light is lossless (PNG: optipng -o2). */
const LOSSLESS_STANDARD = 'standard-lossless';
const isStandard = (r) => r.level === 'standard' || r.level === LOSSLESS_STANDARD;
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] : null);
const p90 = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))] : null);
const pct = (x) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const num = (x, d = 3) => (x === null || x === undefined ? '—' : x.toFixed(d));

/**
 * The engine as the service runs it: a worker is a long-lived process, so the first call of each family (loading its
 * modules and libraries, finding its tools, starting the document converter) is made once, untimed, before the runs
 * the tables sum. Its seconds are printed apart: they are what a one-off command pays.
 */
async function warmUp(typed) {
  const firstOfFamily = new Map();
  for (const { file, type } of typed) if (!firstOfFamily.has(type.family)) firstOfFamily.set(type.family, file);
  const work = await mkdtemp(path.join(tmpdir(), 'shrinkly-bench-warm-'));
  const firstCalls = [];
  for (const [family, file] of firstOfFamily) {
    // A copy with one byte more: facts the engine remembers by content (an Office file's page count) stay unknown
    // to the timed runs. A file the extra byte spoils still warms its family up to where it is refused.
    const copy = path.join(work, path.basename(file));
    await writeFile(copy, Buffer.concat([await readFile(file), Buffer.from([0])]));
    const started = performance.now();
    await engine.compress(copy, { level: 'light', nameHint: file, tmpDir: work }).catch(() => undefined);
    firstCalls.push(`${family} ${((performance.now() - started) / 1000).toFixed(1)} s (${path.basename(file)})`);
  }
  await rm(work, { recursive: true, force: true });
  console.log(`first call of each family, untimed in the tables: ${firstCalls.join(', ')}`);
}

ensureBenchTools();
/** The files of the families measured, each with its detected type (files of no accepted type are left out). */
const typed = [];
for (const file of await walk(path.resolve(dir))) {
  const type = await engine.detect(file, file).catch(() => undefined);
  if (type && (!onlyFamilies || onlyFamilies.includes(type.family))) typed.push({ file, type });
}
await warmUp(typed);
const rows = [];
/** Target runs (--targets), apart from the level rows the tables above sum. */
const targetRows = [];
for (const { file, type } of typed) {
  const originalSize = (await stat(file)).size;
  const work = await mkdtemp(path.join(tmpdir(), 'shrinkly-bench-'));
  /** A result row of this file: who made it, at which level. */
  const row = (who, level) => ({ file, family: type.family, ext: type.ext, who, level, originalSize });
  const measured = (base, size, ssim, seconds, extra = {}) => ({
    ...base,
    size,
    ssim,
    seconds,
    mbps: originalSize / 1048576 / seconds,
    ...extra,
  });
  try {
    for (const level of levels) {
      const started = performance.now();
      try {
        const r = await engine.compress(file, { level, nameHint: file, tmpDir: work });
        const seconds = (performance.now() - started) / 1000;
        const ssim = r.unchanged ? 1 : await ssimOf(type.family, file, r.output, await mkdtemp(path.join(work, 's-')));
        // trials: encodes the search made (images and video), what a predicted first setting saves.
        rows.push(
          measured(row('shrinkly', level), r.compressedSize, ssim, seconds, { trials: r.metrics?.trials, recipe: r.recipe }),
        );
      } catch (err) {
        rows.push({ ...row('shrinkly', level), error: String(err.message ?? err) });
      }
    }
    for (const percent of targetPercents) {
      for (const belowFloor of [false, true]) {
        const targetBytes = Math.max(10 * 1024, Math.floor((originalSize * percent) / 100));
        const label = `${percent}%${belowFloor ? ' allowed' : ''}`;
        const started = performance.now();
        try {
          const r = await engine.compress(file, { level: 'maximum', targetBytes, belowFloor, nameHint: file, tmpDir: work });
          const seconds = (performance.now() - started) / 1000;
          const { met, level: at } = r.target;
          // Within 10 % under: what a sized setting aims for (a file already under the target is kept as it is).
          const close = met && at !== 'original' && r.compressedSize >= targetBytes * 0.9;
          targetRows.push({
            ...row('target', label),
            size: r.compressedSize,
            seconds,
            targetBytes,
            met,
            at,
            close,
            below: r.target.belowFloor,
          });
        } catch (err) {
          targetRows.push({ ...row('target', label), error: String(err.message ?? err) });
        }
      }
    }
    const started = performance.now();
    try {
      const s = await standard(type, file, work);
      if (s) {
        const seconds = (performance.now() - started) / 1000;
        const size = Math.min((await stat(s.path)).size, originalSize);
        const ssim = await ssimOf(type.family, file, s.path, await mkdtemp(path.join(work, 's-')));
        rows.push(measured(row(s.tool, 'standard'), size, ssim, seconds));
      }
    } catch (err) {
      rows.push({ ...row('standard', 'standard'), error: String(err.message ?? err) });
    }
    // Light keeps a PNG lossless: its standard is the lossless optimiser, not pngquant.
    if (type.ext === 'png' && levels.includes('light')) {
      const lossless = path.join(work, 'std-lossless.png');
      const begun = performance.now();
      const r = spawnSync('optipng', ['-o2', '-quiet', '-force', '-out', lossless, file]);
      const seconds = (performance.now() - begun) / 1000;
      if (r.status === 0)
        rows.push(
          measured(row('optipng -o2', LOSSLESS_STANDARD), Math.min((await stat(lossless)).size, originalSize), 1, seconds),
        );
      else rows.push({ ...row('optipng -o2', LOSSLESS_STANDARD), error: `optipng exited with ${r.status ?? r.signal}` });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Per family and target, as the usage line says. */
function printTargets() {
  if (targetRows.length === 0) return [];
  const ownRun = new Map(rows.filter((r) => r.level === 'maximum' && r.error === undefined).map((r) => [r.file, r.seconds]));
  const byKey = new Map();
  for (const r of targetRows) {
    const key = `${r.family}\t${r.level}`;
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(r);
  }
  console.log(
    `\n${['family', 'target', 'files', 'met', 'within 10 %', 'time ×maximum (median/p90)', 'time ×std', 'errors'].join('\t')}`,
  );
  const out = [];
  for (const [key, rs] of [...byKey.entries()].sort()) {
    const ok = rs.filter((r) => r.error === undefined);
    const vsOwn = ok.filter((r) => ownRun.has(r.file)).map((r) => r.seconds / ownRun.get(r.file));
    const line = {
      group: key.replace('\t', ' '),
      files: rs.length,
      met: ok.filter((r) => r.met).length,
      within10: ok.filter((r) => r.close).length,
      timeVsMaximum: median(vsOwn),
      timeVsMaximumP90: p90(vsOwn),
      timeVsStandard: ratio(ok, 'seconds'),
      errors: rs.length - ok.length,
    };
    out.push(line);
    const [family, target] = key.split('\t');
    console.log(
      [
        family,
        target,
        line.files,
        line.met,
        line.within10,
        `${num(line.timeVsMaximum, 2)}/${num(line.timeVsMaximumP90, 2)}`,
        num(line.timeVsStandard, 2),
        line.errors,
      ].join('\t'),
    );
  }
  return out;
}

const groups = new Map();
for (const r of rows) {
  const key = `${r.family}\t${r.level}`;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(r);
}
const summary = [];
const standardRows = (level) => new Map(rows.filter((r) => r.level === level && r.error === undefined).map((r) => [r.file, r]));
const standardOf = standardRows('standard');
const losslessStandardOf = standardRows(LOSSLESS_STANDARD);
/** The standard row a result is compared with: a light PNG's is the lossless optimiser's (none when it failed). */
const standardFor = (r) => (r.level === 'light' && r.ext === 'png' ? losslessStandardOf.get(r.file) : standardOf.get(r.file));
/** Per file of a group, ours ÷ the standard tool's for one measure, on files where both ran; `ratio` their median. */
const ratios = (rs, field) => rs.filter((r) => standardFor(r) && r[field] > 0).map((r) => r[field] / standardFor(r)[field]);
const ratio = (rs, field) => median(ratios(rs, field));
console.log(
  [
    'family',
    'level',
    'files',
    'median red.',
    'p90 red.',
    'median SSIM',
    'median s',
    'time ×std',
    'bytes ×std',
    'trials (median/p90)',
    'slowest',
    'errors',
  ].join('\t'),
);
for (const [key, rs] of [...groups.entries()].sort()) {
  const ok = rs.filter((r) => r.error === undefined);
  const red = ok.map((r) => 1 - r.size / r.originalSize);
  const ssims = ok.map((r) => r.ssim).filter((s) => typeof s === 'number');
  const ours = ok.some(isStandard) ? [] : ok;
  const line = {
    group: key.replace('\t', ' '),
    files: rs.length,
    medianReduction: median(red),
    p90Reduction: p90(red),
    medianSsim: median(ssims),
    medianSeconds: median(ok.map((r) => r.seconds)),
    timeVsStandard: ratio(ours, 'seconds'),
    bytesVsStandard: ratio(ours, 'size'),
    trials: {
      median: median(ok.map((r) => r.trials).filter(Number.isFinite)),
      p90: p90(ok.map((r) => r.trials).filter(Number.isFinite)),
    },
    slowest: [...ok].sort((a, b) => b.seconds - a.seconds)[0],
    errors: rs.length - ok.length,
  };
  summary.push(line);
  console.log(
    [
      ...key.split('\t'),
      rs.length,
      pct(line.medianReduction),
      pct(line.p90Reduction),
      num(line.medianSsim),
      num(line.medianSeconds, 2),
      num(line.timeVsStandard, 2),
      num(line.bytesVsStandard, 2),
      line.trials.median === null ? '—' : `${line.trials.median}/${line.trials.p90}`,
      line.slowest ? `${path.basename(line.slowest.file)} ${line.slowest.seconds.toFixed(1)} s` : '—',
      line.errors,
    ].join('\t'),
  );
}
// Per type (the content's real type) and level, against the standard tool of the same files: the median and 90th
// percentile of the time ratio, the median size ratio, the median and 90th percentile of the search's encodes, and the
// slowest file with its seconds.
const byType = new Map();
for (const r of rows.filter((r) => !isStandard(r) && r.error === undefined)) {
  const key = `${r.ext}\t${r.level}`;
  if (!byType.has(key)) byType.set(key, []);
  byType.get(key).push(r);
}
const perType = [];
console.log(
  `\n${['type', 'level', 'files', 'time ×std (median)', 'time ×std (p90)', 'bytes ×std', 'trials (median/p90)', 'slowest'].join('\t')}`,
);
for (const [key, rs] of [...byType.entries()].sort()) {
  const times = ratios(rs, 'seconds');
  const slowest = [...rs].sort((a, b) => b.seconds - a.seconds)[0];
  const trials = rs.map((r) => r.trials).filter(Number.isFinite);
  const line = {
    type: key.replace('\t', ' '),
    files: rs.length,
    timeVsStandard: median(times),
    timeVsStandardP90: p90(times),
    bytesVsStandard: median(ratios(rs, 'size')),
    trials: { median: median(trials), p90: p90(trials) },
    slowest: slowest && { file: path.basename(slowest.file), seconds: slowest.seconds },
  };
  perType.push(line);
  console.log(
    [
      ...key.split('\t'),
      rs.length,
      num(line.timeVsStandard, 2),
      num(line.timeVsStandardP90, 2),
      num(line.bytesVsStandard, 2),
      line.trials.median === null ? '—' : `${line.trials.median}/${line.trials.p90}`,
      line.slowest ? `${line.slowest.file} ${line.slowest.seconds.toFixed(1)} s` : '—',
    ].join('\t'),
  );
}

/**
 * Compressions per minute of the photos of DIR at balanced with 1, 2 and 4 jobs at once, as the server runs them:
 * one libvips thread per image and the engine's CPU budget shared by every job.
 */
async function throughput(photos) {
  engine.configureImageMemory();
  const jobs = Array.from({ length: Math.max(8, photos.length) }, (_, i) => photos[i % photos.length]);
  const out = [];
  for (const concurrency of [1, 2, 4]) {
    const work = await mkdtemp(path.join(tmpdir(), 'shrinkly-bench-'));
    const queue = [...jobs];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let file = queue.shift(); file; file = queue.shift())
          await engine.compress(file, { level: 'balanced', nameHint: file, tmpDir: work });
      }),
    );
    const minutes = (performance.now() - started) / 60000;
    await rm(work, { recursive: true, force: true });
    out.push({ concurrency, jobs: jobs.length, jobsPerMinute: jobs.length / minutes });
  }
  return out;
}

const targets = printTargets();
const photos = rows.filter((r) => r.level === 'balanced' && ['jpg', 'heic', 'webp'].includes(r.ext)).map((r) => r.file);
const perMinute = photos.length > 0 ? await throughput(photos) : [];
if (perMinute.length > 0) {
  console.log(`\nthroughput, ${photos.length} photos at balanced:`);
  for (const t of perMinute) console.log(`  ${t.concurrency} at once: ${t.jobsPerMinute.toFixed(1)} jobs/min (${t.jobs} jobs)`);
}
await mkdir(path.dirname(jsonOut), { recursive: true });
await writeFile(
  jsonOut,
  JSON.stringify({ dir: path.resolve(dir), summary, perType, targets, throughput: perMinute, rows, targetRows }, null, 2),
);
console.log(`\nper-file results: ${jsonOut}`);
