import { withoutFields } from '../../tools/xml-fields.js';
import type { CompressContext } from '../../types.js';
import type { ObjectUpdates } from './pdf-actions.js';
import { type PdfDict, PdfObjects, type QpdfJson } from './qpdf-json.js';

/** Who wrote the document, in its information dictionary. Title, subject, dates and the producing program stay. */
const INFO_AUTHOR_KEYS = ['/Author'];

/**
 * Where a PDF's XMP names people: its authors (dc:creator, pdf:Author), the writer of its description, the author's
 * job title, and the edit history (xmpMM:History, which can carry names and paths of earlier files).
 */
const XMP_AUTHOR_FIELDS = ['dc:creator', 'pdf:Author', 'photoshop:AuthorsPosition', 'photoshop:CaptionWriter', 'xmpMM:History'];

/** The XMP of a PDF is a few kilobytes; a larger one is left alone rather than held in memory. */
const MAX_XMP_BYTES = 4 * 1024 * 1024;

type Tools = Pick<CompressContext, 'runProcess' | 'signal'>;

/** The information dictionary without its author, as an update of its object (or of the trailer that holds it). */
function infoUpdate(objects: PdfObjects, raw: QpdfJson['qpdf'][1], base: ObjectUpdates): ObjectUpdates {
  const trailer = objects.trailer();
  const ref = trailer?.['/Info'];
  // Where the inert update already rewrites the dictionary, its version is the one to take the author from.
  const earlier = typeof ref === 'string' ? base[`obj:${ref}`] : undefined;
  const info = earlier && 'value' in earlier ? objects.dict(earlier.value) : objects.dict(ref);
  if (!trailer || !info || !INFO_AUTHOR_KEYS.some((key) => key in info)) return {};
  const without: PdfDict = Object.fromEntries(Object.entries(info).filter(([key]) => !INFO_AUTHOR_KEYS.includes(key)));
  if (typeof ref === 'string' && raw[`obj:${ref}`]) return { [`obj:${ref}`]: { value: without } };
  return { trailer: { value: { ...trailer, '/Info': without } } };
}

/** The catalog's XMP stream with the names emptied, as a stream update; none when it names nobody. */
async function xmpUpdate(file: string, objects: PdfObjects, raw: QpdfJson['qpdf'][1], tools: Tools): Promise<ObjectUpdates> {
  const ref = objects.catalog()?.['/Metadata'];
  const entry = typeof ref === 'string' ? raw[`obj:${ref}`] : undefined;
  if (typeof ref !== 'string' || !entry?.stream) return {};
  const id = ref.split(' ')[0] as string;
  const { stdout } = await tools.runProcess(
    'qpdf',
    ['--warning-exit-0', `--show-object=${id}`, '--filtered-stream-data', '--', file],
    { signal: tools.signal, captureStdout: true, maxStdoutBytes: MAX_XMP_BYTES, timeoutMs: 60_000 },
  );
  const xmp = stdout;
  const cleaned = withoutFields(xmp, XMP_AUTHOR_FIELDS);
  if (cleaned === xmp) return {};
  // Written back unfiltered, as XMP is meant to be stored (readers may scan the file for the packet).
  const { '/Filter': _filter, '/DecodeParms': _parms, '/Length': _length, '/DL': _dl, ...dict } = entry.stream.dict;
  return { [`obj:${ref}`]: { stream: { dict, data: Buffer.from(cleaned, 'utf8').toString('base64') } } };
}

/**
 * The object updates that take the authors out of a PDF: `/Author` from its information dictionary, and the names
 * and history from its XMP (read with qpdf only when the catalog has one). Applied with the inert update to the
 * original before any rewrite, so every candidate starts from the file without them; none when it names nobody.
 */
export async function authorsUpdate(
  file: string,
  json: Pick<QpdfJson, 'qpdf'>,
  inert: ObjectUpdates | undefined,
  tools: Tools,
): Promise<ObjectUpdates | undefined> {
  const raw = json.qpdf[1];
  const objects = new PdfObjects(raw);
  const updates = { ...infoUpdate(objects, raw, inert ?? {}), ...(await xmpUpdate(file, objects, raw, tools)) };
  return Object.keys(updates).length === 0 ? undefined : updates;
}
