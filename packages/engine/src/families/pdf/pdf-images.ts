import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { EngineError } from '../../errors.js';
import { measureSsim } from '../../quality/ssim.js';
import type { CompressContext } from '../../types.js';
import type { PdfImage } from './image-info.js';
import type { PdfFacts } from './pdf-facts.js';
import type { ImagePlan } from './pdf-presets.js';

/** Pictures smaller than this are not worth a search. */
const MIN_IMAGE_BYTES = 4 * 1024;
/** The largest pictures first, at most this many per file, which bounds the time a picture-heavy PDF takes. */
const MAX_IMAGES = 400;
/**
 * The first pictures get a full quality search; later ones (scanned pages, photo books) try the median quality found
 * so far in one probe, kept only if that probe meets the floor.
 */
const SEARCHED_IMAGES = 12;
const EXTRACT_BATCH = 16;
/** Decoding guard: a picture above this many pixels is left alone. */
const MAX_PIXELS = 40_000_000;
/** Quality probes per picture: the level's start, then a bisection towards the floor's boundary. */
const PROBES = 3;
/** A re-encoded picture must save at least this share, or the original bytes are kept (no needless generation loss). */
const MIN_SAVING = 0.05;

type Tools = Pick<CompressContext, 'runProcess' | 'signal'>;

export interface ImagePassResult {
  output: string;
  recoded: number;
  /** Lowest SSIM of a re-encoded picture against its (resampled) original. */
  minSsim: number;
}

interface Recoded {
  image: PdfImage;
  file: string;
  width: number;
  height: number;
  ssim: number;
  quality: number;
}

/** Lowest resolution (pixels per inch) at which each image object is drawn, from poppler's list of placements. */
async function placements(file: string, tools: Tools): Promise<Map<number, number>> {
  const { stdout } = await tools.runProcess('pdfimages', ['-list', file], { signal: tools.signal, captureStdout: true, timeoutMs: 5 * 60 * 1000 });
  const ppi = new Map<number, number>();
  const notPictures = new Set<number>();
  for (const line of stdout.split('\n').slice(2)) {
    const cols = line.trim().split(/\s+/);
    const [type, obj, xppi, yppi] = [cols[2], Number(cols[10]), Number(cols[12]), Number(cols[13])];
    if (!type || !Number.isInteger(obj) || obj <= 0) continue;
    // The same object drawn as a soft mask or stencil is not a picture we may re-encode.
    if (type !== 'image' || !Number.isFinite(xppi) || !Number.isFinite(yppi)) notPictures.add(obj);
    else ppi.set(obj, Math.min(ppi.get(obj) ?? Infinity, xppi, yppi));
  }
  for (const obj of notPictures) ppi.delete(obj);
  return ppi;
}

/** Writes the chosen pictures' current stream data to files (JPEG bytes, or decoded pixels for lossless ones). */
async function extract(file: string, images: PdfImage[], dir: string, tools: Tools): Promise<Map<number, string>> {
  const args = ['--warning-exit-0', '--json=2', '--json-key=qpdf', ...images.map((i) => `--json-object=${i.obj}${i.gen ? `,${i.gen}` : ''}`),
    '--json-stream-data=file', `--json-stream-prefix=${path.join(dir, 'stream')}`, '--decode-level=generalized', '--', file];
  const { stdout } = await tools.runProcess('qpdf', args, { signal: tools.signal, captureStdout: true, timeoutMs: 5 * 60 * 1000 });
  const objects = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, { stream?: { datafile?: string } }>] }).qpdf[1];
  const files = new Map<number, string>();
  for (const image of images) {
    const datafile = objects[`obj:${image.obj} ${image.gen} R`]?.stream?.datafile;
    if (datafile) files.set(image.obj, path.resolve(datafile));
  }
  return files;
}

function source(image: PdfImage, data: string): Sharp {
  if (image.encoding === 'jpeg') return sharp(data, { ignoreIcc: true, limitInputPixels: MAX_PIXELS });
  return sharp(data, { raw: { width: image.width, height: image.height, channels: image.channels }, limitInputPixels: MAX_PIXELS });
}

/**
 * Re-encodes one picture with mozjpeg: resampled to the level's resolution (for its largest placement), then the
 * lowest quality in the level's range whose SSIM against the resampled original meets the floor. The colour space
 * is not converted (ignoreIcc): the PDF's own colour space keeps describing the pixels.
 */
async function recode(image: PdfImage, data: string, minPpi: number, plan: ImagePlan, dir: string, tools: Tools, learned?: number): Promise<Recoded | undefined> {
  if (image.encoding === 'jpeg') {
    const meta = await sharp(data).metadata();
    if (meta.channels !== image.channels || meta.width !== image.width || meta.height !== image.height) return undefined;
  } else if ((await stat(data)).size !== image.width * image.height * image.channels) {
    return undefined;
  }
  const factor = plan.ppi > 0 && minPpi > plan.ppi * 1.1 ? plan.ppi / minPpi : 1;
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const reference = path.join(dir, `img-${image.obj}-ref.png`);
  const resized = factor < 1 ? source(image, data).resize(width, height, { fit: 'fill' }) : source(image, data);
  await resized.toColourspace(image.channels === 1 ? 'b-w' : 'srgb').png({ compressionLevel: 1 }).toFile(reference);
  try {
    const best = await searchQuality(reference, image, plan, dir, tools, learned);
    if (!best || best.size > image.storedBytes * (1 - MIN_SAVING)) return undefined;
    return { image, file: best.file, width, height, ssim: best.ssim, quality: best.quality };
  } finally {
    await rm(reference, { force: true });
  }
}

/**
 * The lowest quality in the level's range whose SSIM against `reference` meets the floor: the level's start, then a
 * bisection. With `learned`, one probe at that quality. Trial files other than the winner are deleted.
 */
async function searchQuality(reference: string, image: PdfImage, plan: ImagePlan, dir: string, tools: Tools, learned?: number) {
  const space = image.channels === 1 ? 'b-w' : 'srgb';
  let best: { file: string; size: number; ssim: number; quality: number } | undefined;
  let [lo, hi] = [plan.quality.min, plan.quality.max];
  for (let probe = 0; probe < (learned ? 1 : PROBES) && lo <= hi; probe++) {
    const quality = learned ?? (probe === 0 ? plan.quality.start : Math.round((lo + hi) / 2));
    const file = path.join(dir, `img-${image.obj}-q${quality}.jpg`);
    const info = await sharp(reference).toColourspace(space).jpeg({ quality, mozjpeg: true, chromaSubsampling: plan.chromaSubsampling }).toFile(file);
    const ssim = info.channels === image.channels ? await measureSsim(tools.runProcess, reference, file, { signal: tools.signal }) : -1;
    if (ssim >= plan.floor) {
      if (best) await rm(best.file, { force: true });
      best = { file, size: info.size, ssim, quality };
      hi = quality - 1;
    } else {
      await rm(file, { force: true });
      if (ssim < 0) return undefined;
      lo = quality + 1;
    }
  }
  return best;
}

/** The new stream dictionary: the old one (colour space, soft mask, intent, ...) with JPEG's filter and size. */
function jpegDict(r: Recoded): Record<string, unknown> {
  const { '/Filter': _f, '/DecodeParms': _d, '/Length': _l, '/DL': _dl, ...rest } = r.image.dict;
  return { ...rest, '/Filter': '/DCTDecode', '/Width': r.width, '/Height': r.height, '/BitsPerComponent': 8 };
}

/** Pictures the pass would work on at this plan, largest first. */
function eligible(facts: PdfFacts, plan: ImagePlan, placed: Map<number, number>): PdfImage[] {
  return facts.images
    .filter((i) => placed.has(i.obj) && i.storedBytes >= MIN_IMAGE_BYTES && i.width * i.height <= MAX_PIXELS)
    .filter((i) => i.encoding === 'jpeg' || plan.recodeLossless)
    .sort((a, b) => b.storedBytes - a.storedBytes);
}

/**
 * Bytes the image pass would save, estimated from its full search on the `samples` largest pictures: their ratio
 * (new size over stored size, 1 for pictures left alone) applied to all the pictures it would work on.
 */
export async function estimateImageSaving(file: string, facts: PdfFacts, plan: ImagePlan, dir: string, tools: Tools, samples = 3): Promise<number> {
  const placed = await placements(file, tools);
  const all = eligible(facts, plan, placed);
  const sample = all.slice(0, samples);
  if (sample.length === 0) return 0;
  const data = await extract(file, sample, dir, tools);
  let before = 0;
  let after = 0;
  for (const image of sample) {
    const datafile = data.get(image.obj);
    const r = datafile ? await recode(image, datafile, placed.get(image.obj) ?? Infinity, plan, dir, tools).catch(() => undefined) : undefined;
    before += image.storedBytes;
    after += r ? (await stat(r.file)).size : image.storedBytes;
  }
  const total = all.reduce((sum, i) => sum + i.storedBytes, 0);
  return before > 0 ? total * (1 - after / before) : 0;
}

/**
 * The image pass: re-encodes the pictures of `file` by the level's plan and writes them back with qpdf's JSON
 * update, so text, fonts, links, forms, tags and attachments stay byte-for-byte what they were. Returns undefined
 * when no picture gained enough. `structure` are qpdf's structure options, applied in the same run.
 */
export async function recompressImages(
  file: string, facts: PdfFacts, plan: ImagePlan, structure: string[], dir: string, tools: Tools, progress: (fraction: number) => void,
): Promise<ImagePassResult | undefined> {
  const placed = await placements(file, tools);
  const chosen = eligible(facts, plan, placed).slice(0, MAX_IMAGES);
  if (chosen.length === 0) return undefined;
  const recoded: Recoded[] = [];
  let data = new Map<number, string>();
  for (const [i, image] of chosen.entries()) {
    // Pictures are unpacked a batch at a time: decoded scans can take tens of megabytes each.
    if (i % EXTRACT_BATCH === 0) {
      await Promise.all([...data.values()].map((f) => rm(f, { force: true })));
      data = await extract(file, chosen.slice(i, i + EXTRACT_BATCH), dir, tools);
    }
    const datafile = data.get(image.obj);
    const qualities = recoded.map((r) => r.quality).sort((a, b) => a - b);
    const learned = i >= SEARCHED_IMAGES && qualities.length > 0 ? qualities[Math.floor(qualities.length / 2)] : undefined;
    try {
      const r = datafile ? await recode(image, datafile, placed.get(image.obj) ?? Infinity, plan, dir, tools, learned) : undefined;
      if (r) recoded.push(r);
    } catch (err) {
      // A picture sharp cannot read (an unusual JPEG) keeps its bytes; cancellation stops everything.
      if (err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'tool-missing')) throw err;
      if (tools.signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    }
    progress((i + 1) / chosen.length);
  }
  if (recoded.length === 0) return undefined;
  const update = path.join(dir, 'images.json');
  const objects = Object.fromEntries(recoded.map((r) => [`obj:${r.image.obj} ${r.image.gen} R`, { stream: { dict: jpegDict(r), datafile: r.file } }]));
  await writeFile(update, JSON.stringify({ qpdf: [{ jsonversion: 2, pushedinheritedpageresources: false, calledgetallpages: false, maxobjectid: 0 }, objects] }));
  const output = path.join(dir, 'images.pdf');
  await tools.runProcess('qpdf', [...structure, `--update-from-json=${update}`, '--', file, output], { signal: tools.signal, timeoutMs: 10 * 60 * 1000 });
  return { output, recoded: recoded.length, minSsim: Math.min(...recoded.map((r) => r.ssim)) };
}
