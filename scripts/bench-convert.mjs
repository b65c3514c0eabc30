#!/usr/bin/env node
// npm run bench:convert -- [DIR] [--runs N]
// Times docx → pdf, pptx → pdf and xlsx → pdf with the engine's warm LibreOffice: the first conversion (cold: the
// office starts) and the median of the following ones (warm), beside a plain `soffice --headless --convert-to pdf`
// of the same file with a fresh profile each time, as a one-off conversion is usually run. DIR defaults to the
// shared corpus (../shared/corpus, or CORPUS_DIR). Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engine = await import(path.join(root, 'packages/engine/dist/index.js'));

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const dir =
  args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ??
  process.env.CORPUS_DIR ??
  path.resolve(root, '../shared/corpus');
if (!existsSync(dir)) {
  console.error(`no corpus at ${dir}: npm run bench:convert -- DIR`);
  process.exit(2);
}

/** The first file of each kind, in DIR or its subfolder of that name. */
async function sample(ext) {
  for (const folder of [path.join(dir, ext), dir]) {
    if (!existsSync(folder)) continue;
    const name = (await readdir(folder)).sort().find((n) => n.toLowerCase().endsWith(`.${ext}`));
    if (name) return path.join(folder, name);
  }
  return undefined;
}

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function engineOnce(file, work) {
  const start = process.hrtime.bigint();
  const result = await engine.convert(file, { target: 'pdf', tmpDir: work });
  const elapsed = ms(start);
  await rm(path.dirname(result.output), { recursive: true, force: true });
  return elapsed;
}

/** The export settings the engine uses (pictures kept as they are), in the command line's JSON form. */
const SAME_SETTINGS = ':{"ReduceImageResolution":{"type":"boolean","value":"false"}}';
const EXPORT_FILTER = { docx: 'writer_pdf_Export', pptx: 'impress_pdf_Export', xlsx: 'calc_pdf_Export' };

async function plainOnce(file, work, target = 'pdf') {
  const profile = await mkdtemp(path.join(work, 'profile-'));
  const out = await mkdtemp(path.join(work, 'out-'));
  const start = process.hrtime.bigint();
  const r = spawnSync(
    'soffice',
    ['--headless', `-env:UserInstallation=${pathToFileURL(profile).href}`, '--convert-to', target, '--outdir', out, file],
    { encoding: 'utf8' },
  );
  const elapsed = ms(start);
  if (r.status !== 0) throw new Error(`soffice failed: ${r.stderr}`);
  await rm(profile, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
  return elapsed;
}

const work = await mkdtemp(path.join(tmpdir(), 'shrinkly-bench-convert-'));
const rows = [];
try {
  for (const ext of ['docx', 'pptx', 'xlsx']) {
    const file = await sample(ext);
    if (!file) {
      console.warn(`no .${ext} in ${dir}: skipped`);
      continue;
    }
    // Cold: a fresh office for each kind, so each first conversion pays the start-up.
    await engine.sharedLibreOffice().close();
    const cold = await engineOnce(file, work);
    const warm = [];
    for (let i = 0; i < runs; i++) warm.push(await engineOnce(file, work));
    const plain = [];
    const plainSame = [];
    for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)); i++) {
      plain.push(await plainOnce(file, work));
      plainSame.push(await plainOnce(file, work, `pdf:${EXPORT_FILTER[ext]}${SAME_SETTINGS}`));
    }
    rows.push({
      pair: `${ext} → pdf`,
      file: path.basename(file),
      cold,
      warm: median(warm),
      plain: median(plain),
      plainSame: median(plainSame),
    });
  }
} finally {
  await engine.sharedLibreOffice().close();
  await rm(work, { recursive: true, force: true });
}

const pad = (s, n) => String(s).padEnd(n);
const sec = (v) => `${(v / 1000).toFixed(2)} s`;
console.log(
  `\nConversion to PDF, ${runs} warm runs each (median), plain soffice median of ${Math.max(3, Math.ceil(runs / 2))}\n`,
);
console.log("soffice: plain `soffice --headless --convert-to pdf`; soffice*: the same with the engine's export settings\n");
console.log(
  `${pad('pair', 12)}${pad('file', 30)}${pad('cold', 9)}${pad('warm', 9)}${pad('soffice', 10)}${pad('soffice*', 10)}${pad('soffice/warm', 14)}soffice*/warm`,
);
for (const r of rows) {
  console.log(
    `${pad(r.pair, 12)}${pad(r.file.slice(0, 28), 30)}${pad(sec(r.cold), 9)}${pad(sec(r.warm), 9)}${pad(sec(r.plain), 10)}${pad(sec(r.plainSame), 10)}` +
      `${pad(`${(r.plain / r.warm).toFixed(1)}×`, 14)}${(r.plainSame / r.warm).toFixed(1)}×`,
  );
}
process.exit(0);
