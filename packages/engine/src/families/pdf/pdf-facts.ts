import { EngineError } from '../../errors.js';
import type { CompressContext } from '../../types.js';
import { describeImage, type PdfImage } from './image-info.js';
import { activeContentUpdate, type ObjectUpdates } from './pdf-actions.js';
import { authorsUpdate } from './pdf-authors.js';
import { type JsonValue, type OutlineItem, type PdfDict, PdfObjects, type QpdfJson } from './qpdf-json.js';

/** What must survive compression, and what decides the recipe, read from one PDF. */
export interface PdfFacts {
  pages: number;
  /** Visible size of each page in points ([width, height] of the crop box, turned by /Rotate). */
  pageSizes: Array<[number, number]>;
  /** Pixels of the images each page draws directly (used to choose the pages to compare). */
  imagePixels: number[];
  /** Image XObjects in the file, and those the image pass can re-encode. */
  imageCount: number;
  images: PdfImage[];
  /** Bytes the image streams take in the file. */
  imageBytes: number;
  /** Link annotations on the pages, and the web addresses among them (sorted). */
  linkCount: number;
  uris: string[];
  /** Interactive form fields other than signatures. */
  formFields: number;
  attachments: number;
  /** Bookmarks (the outline tree's items). */
  outlines: number;
  /** Digitally signed (a signature value, SigFlags, or usage-rights /Perms). */
  signed: boolean;
  /** Encrypted but readable without a password (an owner password restricts printing, copying, ...). */
  encrypted: boolean;
  /** Has a structure tree (accessibility tags), which ghostscript does not carry over. */
  tagged: boolean;
  /** The document's creation and modification dates as raw bytes (hex), given back to ghostscript. */
  dates: { creation?: string; modified?: string };
  /** The objects to replace to make it inert (scripts, launch and auto-run actions: pdf-actions.ts); none when it is. */
  activeContent?: ObjectUpdates;
  /** The objects to replace to take its authors out (pdf-authors.ts), on top of `activeContent`; none when it names nobody. */
  authors?: ObjectUpdates;
}

/** The facts of a file the family works on, or none when it is too complex to analyse; a file qpdf cannot read is invalid. */
export async function readFactsOrNone(
  file: string,
  ctx: Pick<CompressContext, 'runProcess' | 'signal'>,
  options: { authors?: boolean } = {},
): Promise<PdfFacts | undefined> {
  try {
    return await readPdfFacts(file, ctx, options);
  } catch (err) {
    if (err instanceof EngineError && err.message === TOO_COMPLEX) return undefined;
    throw asInvalidPdf(err);
  }
}

/** Every update the original gets before any rewrite: inert, and without its authors; none when it needs none. */
export function sourceUpdate(facts: PdfFacts): ObjectUpdates | undefined {
  return facts.activeContent || facts.authors ? { ...facts.activeContent, ...facts.authors } : undefined;
}

/** qpdf's JSON of a big PDF can be large; above this the file is treated as too complex to analyse. */
const MAX_JSON_BYTES = 48 * 1024 * 1024;
const QPDF_KEYS = ['pages', 'acroform', 'attachments', 'encrypt', 'outlines', 'qpdf'];

/** Raised when qpdf's view of a file is beyond MAX_JSON_BYTES: the file is kept rather than rewritten unchecked. */
export const TOO_COMPLEX = 'This PDF is too complex to analyse';

/** A tool failure on the user's file means the file is bad; cancel, timeout and missing tools stay as they are. */
export function asInvalidPdf(err: unknown): unknown {
  if (!(err instanceof EngineError) || err.kind !== 'failed' || err.message === TOO_COMPLEX) return err;
  if (/invalid password/i.test(err.stderrTail ?? '')) {
    return new EngineError('invalid-input', 'This PDF is password-protected: remove its password and try again', err.stderrTail, {
      cause: err,
    });
  }
  return new EngineError('invalid-input', 'This PDF is damaged or incomplete and cannot be read', err.stderrTail, { cause: err });
}

/**
 * Reads the facts of `file` with qpdf. Throws EngineError 'failed' when qpdf cannot read it. `authors` also reads
 * what takes its authors out (one more qpdf call when it has XMP): only the file the levels rewrite needs it.
 */
export async function readPdfFacts(
  file: string,
  ctx: Pick<CompressContext, 'runProcess' | 'signal'>,
  options: { authors?: boolean } = {},
): Promise<PdfFacts> {
  const { stdout } = await ctx.runProcess(
    'qpdf',
    ['--warning-exit-0', '--json=2', ...QPDF_KEYS.map((k) => `--json-key=${k}`), '--', file],
    {
      signal: ctx.signal,
      captureStdout: true,
      maxStdoutBytes: MAX_JSON_BYTES,
      timeoutMs: 5 * 60 * 1000,
    },
  );
  let json: QpdfJson;
  try {
    json = JSON.parse(stdout) as QpdfJson;
  } catch (err) {
    throw new EngineError('failed', TOO_COMPLEX, undefined, { cause: err });
  }
  const facts = factsFromJson(json);
  if (!options.authors) return facts;
  const authors = await authorsUpdate(file, json, facts.activeContent, ctx);
  return authors ? { ...facts, authors } : facts;
}

/** @internal exported for unit tests */
export function factsFromJson(json: QpdfJson): PdfFacts {
  const objects = new PdfObjects(json.qpdf[1]);
  const pages = json.pages.map((p) => objects.dict(p.object) ?? {});
  const links = pages.flatMap((page) =>
    objects
      .array(page['/Annots'])
      .map((a) => objects.dict(a))
      .filter((a) => a?.['/Subtype'] === '/Link'),
  );
  const uris = links
    .map((link) => objects.dict(link?.['/A']))
    .filter((a) => a?.['/S'] === '/URI')
    .map((a) => String(objects.resolve(a?.['/URI'])));
  const catalog = objects.catalog() ?? {};
  const acroform = objects.dict(catalog['/AcroForm']);
  const sigFlags = objects.resolve(acroform?.['/SigFlags']);
  const fields = json.acroform.fields;
  const activeContent = activeContentUpdate(json);
  let imageCount = 0;
  let imageBytes = 0;
  const images: PdfImage[] = [];
  for (const [ref, dict] of objects.streams()) {
    if (dict['/Subtype'] !== '/Image') continue;
    imageCount++;
    const length = objects.resolve(dict['/Length']);
    imageBytes += typeof length === 'number' ? length : 0;
    const image = describeImage(objects, ref, dict);
    if (image) images.push(image);
  }
  return {
    pages: pages.length,
    pageSizes: pages.map((page) => visibleSize(objects, page)),
    imagePixels: json.pages.map((p) => p.images.reduce((sum, img) => sum + img.width * img.height, 0)),
    imageCount,
    images,
    imageBytes,
    linkCount: links.length,
    uris: uris.sort(),
    formFields: fields.filter((f) => f.fieldtype !== '/Sig').length,
    attachments: Object.keys(json.attachments).length,
    outlines: countOutlines(json.outlines ?? []),
    signed:
      fields.some((f) => f.fieldtype === '/Sig' && f.value !== null) ||
      (typeof sigFlags === 'number' && (sigFlags & 1) === 1) ||
      catalog['/Perms'] !== undefined,
    encrypted: json.encrypt.encrypted,
    tagged: catalog['/StructTreeRoot'] !== undefined,
    dates: infoDates(objects),
    ...(activeContent ? { activeContent } : {}),
  };
}

function countOutlines(items: OutlineItem[]): number {
  return items.reduce((sum, item) => sum + 1 + countOutlines(item.kids ?? []), 0);
}

/** qpdf writes PDF strings as "u:text" or "b:hex". */
function stringBytesHex(value: JsonValue): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('b:')) return /^[0-9a-f]*$/i.test(value.slice(2)) ? value.slice(2) : undefined;
  if (value.startsWith('u:')) return Buffer.from(value.slice(2), 'utf8').toString('hex');
  return undefined;
}

function infoDates(objects: PdfObjects): PdfFacts['dates'] {
  const info = objects.dict(objects.trailer()?.['/Info']);
  const creation = stringBytesHex(objects.resolve(info?.['/CreationDate']));
  const modified = stringBytesHex(objects.resolve(info?.['/ModDate']));
  return { ...(creation ? { creation } : {}), ...(modified ? { modified } : {}) };
}

/** The crop box (inside the media box) in points, width and height swapped for a quarter turn. */
function visibleSize(objects: PdfObjects, page: PdfDict): [number, number] {
  const media = box(objects, objects.inherited(page, '/MediaBox')) ?? [0, 0, 612, 792];
  const crop = box(objects, objects.inherited(page, '/CropBox')) ?? media;
  const width = Math.max(0, Math.min(media[2], crop[2]) - Math.max(media[0], crop[0]));
  const height = Math.max(0, Math.min(media[3], crop[3]) - Math.max(media[1], crop[1]));
  const rotate = objects.resolve(objects.inherited(page, '/Rotate'));
  const quarter = typeof rotate === 'number' && Math.abs(rotate / 90) % 2 === 1;
  return quarter ? [height, width] : [width, height];
}

/** A rectangle normalised to [llx, lly, urx, ury]. */
function box(objects: PdfObjects, value: JsonValue | undefined): [number, number, number, number] | undefined {
  const n = objects.numbers(value);
  if (n?.length !== 4) return undefined;
  const [a = 0, b = 0, c = 0, d = 0] = n;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}
