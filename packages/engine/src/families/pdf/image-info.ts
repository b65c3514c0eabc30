import type { JsonValue, PdfDict, PdfObjects } from './qpdf-json.js';

/** An image XObject the image pass can re-encode, as read from qpdf's JSON. */
export interface PdfImage {
  /** Object number (generation is 0 for every object qpdf can rewrite here). */
  obj: number;
  gen: number;
  dict: PdfDict;
  width: number;
  height: number;
  channels: 1 | 3;
  /** JPEG data (DCTDecode) or pixels stored losslessly (Flate or unfiltered). */
  encoding: 'jpeg' | 'lossless';
  /** Bytes the stream takes in the file now. */
  storedBytes: number;
}

/** Channels of a colour space the pass understands: device RGB or grey, or an ICC profile of 1 or 3 components. */
function channelsOf(objects: PdfObjects, space: JsonValue | undefined): 1 | 3 | undefined {
  const resolved = objects.resolve(space);
  if (resolved === '/DeviceRGB') return 3;
  if (resolved === '/DeviceGray') return 1;
  const array = objects.array(resolved);
  if (array.length === 2 && objects.resolve(array[0]) === '/ICCBased') {
    const n = objects.resolve(objects.dict(array[1])?.['/N']);
    return n === 3 ? 3 : n === 1 ? 1 : undefined;
  }
  return undefined;
}

function filterOf(objects: PdfObjects, dict: PdfDict): 'jpeg' | 'lossless' | undefined {
  const filter = objects.resolve(dict['/Filter']);
  const list = filter === null ? [] : Array.isArray(filter) ? filter.map((f) => objects.resolve(f)) : [filter];
  if (list.length === 0) return 'lossless';
  if (list.length !== 1) return undefined;
  // DecodeParms on a JPEG (ColorTransform) change how its bytes read: such pictures are left alone.
  if (list[0] === '/DCTDecode') return dict['/DecodeParms'] === undefined ? 'jpeg' : undefined;
  return list[0] === '/FlateDecode' ? 'lossless' : undefined;
}

/**
 * The picture behind an image XObject when the pass can re-encode it without changing what it means: 8 bits per
 * component, RGB or grey, no decode array, no colour-key mask, no image mask. Soft masks (/SMask) are separate
 * objects and stay as they are (PDF allows them a different size).
 */
export function describeImage(objects: PdfObjects, ref: string, dict: PdfDict): PdfImage | undefined {
  const match = /^(\d+) (\d+) R$/.exec(ref);
  if (!match || dict['/Subtype'] !== '/Image') return undefined;
  const width = objects.resolve(dict['/Width']);
  const height = objects.resolve(dict['/Height']);
  const length = objects.resolve(dict['/Length']);
  if (typeof width !== 'number' || typeof height !== 'number' || width < 1 || height < 1) return undefined;
  if (objects.resolve(dict['/BitsPerComponent']) !== 8 || objects.resolve(dict['/ImageMask']) === true) return undefined;
  if (dict['/Decode'] !== undefined || Array.isArray(objects.resolve(dict['/Mask']))) return undefined;
  const channels = channelsOf(objects, dict['/ColorSpace']);
  const encoding = filterOf(objects, dict);
  if (!channels || !encoding) return undefined;
  return {
    obj: Number(match[1]),
    gen: Number(match[2]),
    dict,
    width,
    height,
    channels,
    encoding,
    storedBytes: typeof length === 'number' ? length : 0,
  };
}
