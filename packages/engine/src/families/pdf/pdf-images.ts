import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { cpuBudget } from '../../cpu-budget.js';
import { EngineError } from '../../errors.js';
import { mapLimited } from '../../tools/concurrent.js';
import type { CompressContext, CompressionLevel } from '../../types.js';
import type { PdfImage } from './image-info.js';
import { MAX_PIXELS, PictureReferences, type Recoded, recodePicture } from './image-recode.js';
import { type ObjectUpdates, writeObjectUpdate } from './pdf-actions.js';
import type { PdfFacts } from './pdf-facts.js';
import type { ImagePlan } from './pdf-presets.js';

/** Pictures smaller than this are not worth a search. */
const MIN_IMAGE_BYTES = 4 * 1024;
/** The largest pictures first, at most this many per file, which bounds the time a picture-heavy PDF takes. */
const MAX_IMAGES = 400;
/**
 * A plan's first pictures get a full quality search; its later ones (scanned pages, photo books) try the median
 * quality those searches found, in one probe kept only if it meets the floor.
 */
const SEARCHED_IMAGES = 12;
const EXTRACT_BATCH = 16;

type Tools = Pick<CompressContext, 'runProcess' | 'signal'>;

/** An image pass's plan and the level it serves. */
export type LevelPlan = readonly [CompressionLevel, ImagePlan];

export interface ImagePassResult {
  output: string;
  recoded: number;
  /** Lowest SSIM of a re-encoded picture against its (resampled) original. */
  minSsim: number;
}

/** Lowest resolution (pixels per inch) at which each image object is drawn, from poppler's list of placements. */
export async function placements(file: string, tools: Tools): Promise<Map<number, number>> {
  const { stdout } = await tools.runProcess('pdfimages', ['-list', file], {
    signal: tools.signal,
    captureStdout: true,
    timeoutMs: 5 * 60 * 1000,
  });
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
  const args = [
    '--warning-exit-0',
    '--json=2',
    '--json-key=qpdf',
    ...images.map((i) => `--json-object=${i.obj}${i.gen ? `,${i.gen}` : ''}`),
    '--json-stream-data=file',
    `--json-stream-prefix=${path.join(dir, 'stream')}`,
    '--decode-level=generalized',
    '--',
    file,
  ];
  const { stdout } = await tools.runProcess('qpdf', args, {
    signal: tools.signal,
    captureStdout: true,
    timeoutMs: 5 * 60 * 1000,
  });
  const objects = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, { stream?: { datafile?: string } }>] }).qpdf[1];
  const files = new Map<number, string>();
  for (const image of images) {
    const datafile = objects[`obj:${image.obj} ${image.gen} R`]?.stream?.datafile;
    if (datafile) files.set(image.obj, path.resolve(datafile));
  }
  return files;
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

/** Whether some picture of the file is big enough for the image pass at this plan (before reading placements). */
export function hasPicturesFor(facts: PdfFacts, plan: ImagePlan): boolean {
  return facts.images.some(
    (i) => i.storedBytes >= MIN_IMAGE_BYTES && i.width * i.height <= MAX_PIXELS && (i.encoding === 'jpeg' || plan.recodeLossless),
  );
}

/** A picture sharp cannot read (an unusual JPEG) keeps its bytes; cancellation and missing tools stop everything. */
async function orKept<T>(tools: Tools, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'tool-missing')) throw err;
    if (tools.signal.aborted) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    return undefined;
  }
}

/**
 * Bytes the image pass would save, estimated from its full search on the `samples` largest pictures: their ratio
 * (new size over stored size, 1 for pictures left alone) applied to all the pictures it would work on.
 */
export async function estimateImageSaving(
  file: string,
  facts: PdfFacts,
  plan: ImagePlan,
  dir: string,
  tools: Tools,
  samples = 3,
): Promise<number> {
  if (!hasPicturesFor(facts, plan)) return 0;
  const placed = await placements(file, tools);
  const all = eligible(facts, plan, placed);
  const sample = all.slice(0, samples);
  if (sample.length === 0) return 0;
  const data = await extract(file, sample, dir, tools);
  const refs = new PictureReferences(dir);
  let before = 0;
  let after = 0;
  for (const image of sample) {
    const datafile = data.get(image.obj);
    const r = datafile
      ? await orKept(tools, () =>
          recodePicture(
            image,
            datafile,
            placed.get(image.obj) ?? Infinity,
            plan,
            refs,
            path.join(dir, `img-${image.obj}`),
            tools,
          ),
        )
      : undefined;
    before += image.storedBytes;
    after += r ? (await stat(r.file)).size : image.storedBytes;
  }
  await refs.clear();
  const total = all.reduce((sum, i) => sum + i.storedBytes, 0);
  return before > 0 ? total * (1 - after / before) : 0;
}

/** One picture to re-encode at one plan, and its place among that plan's pictures. */
interface Job {
  image: PdfImage;
  level: CompressionLevel;
  plan: ImagePlan;
  index: number;
}

function median(values: number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The image pass at several plans at once: re-encodes the pictures of `file` by each plan and writes each plan's
 * pictures back with qpdf's JSON update, so text, fonts, links, forms, tags and attachments stay byte-for-byte what
 * they were. The plans share the work of reading the pictures (and the resampled references when their sizes
 * agree). A plan is missing from the answer when none of its pictures gained enough. `structure` are qpdf's
 * structure options, applied in the same run, with `extra` object replacements (active content of the original).
 * Every choice depends only on the file and the plan, never on which pictures finish first.
 */
export async function recompressImages(
  file: string,
  facts: PdfFacts,
  plans: readonly LevelPlan[],
  structure: string[],
  dir: string,
  tools: Tools,
  progress: (fraction: number) => void,
  extra?: ObjectUpdates,
): Promise<Map<CompressionLevel, ImagePassResult>> {
  const answer = new Map<CompressionLevel, ImagePassResult>();
  if (!plans.some(([, plan]) => hasPicturesFor(facts, plan))) return answer;
  const placed = await placements(file, tools);
  const order = new Map(
    plans.map(([level, plan]) => [
      level,
      new Map(
        eligible(facts, plan, placed)
          .slice(0, MAX_IMAGES)
          .map((image, i) => [image.obj, i]),
      ),
    ]),
  );
  const pictures = facts.images
    .filter((image) => [...order.values()].some((o) => o.has(image.obj)))
    .sort((a, b) => b.storedBytes - a.storedBytes);
  const recoded = new Map<CompressionLevel, Recoded[]>(plans.map(([level]) => [level, []]));
  const searched = new Map<CompressionLevel, number[]>(plans.map(([level]) => [level, []]));
  for (let start = 0; start < pictures.length; start += EXTRACT_BATCH) {
    // Pictures are unpacked a batch at a time: decoded scans can take tens of megabytes each.
    const batch = pictures.slice(start, start + EXTRACT_BATCH);
    const data = await extract(file, batch, dir, tools);
    const refs = new PictureReferences(dir);
    const jobs: Job[] = batch.flatMap((image) =>
      plans.flatMap(([level, plan]) => {
        const index = order.get(level)?.get(image.obj);
        return index === undefined ? [] : [{ image, level, plan, index }];
      }),
    );
    const run = (learned: boolean) => async (job: Job) => {
      const datafile = data.get(job.image.obj);
      const quality = learned ? median(searched.get(job.level) ?? []) : undefined;
      const name = path.join(dir, `img-${job.image.obj}-${job.level}`);
      const r = datafile
        ? await orKept(tools, () =>
            recodePicture(job.image, datafile, placed.get(job.image.obj) ?? Infinity, job.plan, refs, name, tools, quality),
          )
        : undefined;
      if (!r) return;
      recoded.get(job.level)?.push(r);
      if (!learned) searched.get(job.level)?.push(r.quality);
    };
    // Full searches first, then the single probes at the median quality of the (finished) full searches.
    // As many pictures at once as the engine's CPU budget has slots (each probe holds one).
    await mapLimited(
      jobs.filter((j) => j.index < SEARCHED_IMAGES),
      cpuBudget().slots,
      run(false),
    );
    await mapLimited(
      jobs.filter((j) => j.index >= SEARCHED_IMAGES),
      cpuBudget().slots,
      run(true),
    );
    await refs.clear();
    await Promise.all([...data.values()].map((f) => rm(f, { force: true })));
    progress(Math.min(1, (start + batch.length) / pictures.length));
  }
  for (const [level, list] of recoded) {
    if (list.length === 0) continue;
    list.sort((a, b) => a.image.obj - b.image.obj);
    const streams = Object.fromEntries(
      list.map((r) => [`obj:${r.image.obj} ${r.image.gen} R`, { stream: { dict: jpegDict(r), datafile: r.file } }]),
    );
    const update = await writeObjectUpdate(path.join(dir, `images-${level}.json`), { ...extra, ...streams });
    const output = path.join(dir, `images-${level}.pdf`);
    await tools.runProcess('qpdf', [...structure, `--update-from-json=${update}`, '--', file, output], {
      signal: tools.signal,
      timeoutMs: 10 * 60 * 1000,
    });
    answer.set(level, { output, recoded: list.length, minSsim: Math.min(...list.map((r) => r.ssim)) });
  }
  return answer;
}
