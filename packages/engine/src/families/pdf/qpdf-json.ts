/**
 * Reading qpdf's JSON (version 2) view of a PDF: objects are keyed "obj:N G R", references are strings "N G R",
 * names start with "/", strings are "u:text" or "b:hex". These helpers resolve references and read values.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type PdfDict = Record<string, JsonValue>;
export interface OutlineItem {
  kids?: OutlineItem[];
}

/** The parts of `qpdf --json=2` output the PDF family reads. */
export interface QpdfJson {
  pages: Array<{ object: string; images: Array<{ width: number; height: number }> }>;
  outlines: OutlineItem[];
  acroform: { fields: Array<{ fieldtype: string | null; value: JsonValue }>; hasacroform: boolean };
  attachments: Record<string, unknown>;
  encrypt: { encrypted: boolean };
  qpdf: [unknown, Record<string, { value?: JsonValue; stream?: { dict: PdfDict } }>];
}

const REF = /^\d+ \d+ R$/;

export class PdfObjects {
  constructor(private readonly objects: QpdfJson['qpdf'][1]) {}

  /** Follows a reference (or a chain of them) to the direct value; a missing object reads as null, as in PDF. */
  resolve(value: JsonValue | undefined): JsonValue {
    let current: JsonValue | undefined = value;
    for (let hops = 0; typeof current === 'string' && REF.test(current) && hops < 32; hops++) {
      const entry = this.objects[`obj:${current}`];
      current = entry?.value ?? entry?.stream?.dict ?? null;
    }
    return current ?? null;
  }

  dict(value: JsonValue | undefined): PdfDict | undefined {
    const resolved = this.resolve(value);
    return resolved !== null && typeof resolved === 'object' && !Array.isArray(resolved) ? resolved : undefined;
  }

  array(value: JsonValue | undefined): JsonValue[] {
    const resolved = this.resolve(value);
    return Array.isArray(resolved) ? resolved : [];
  }

  numbers(value: JsonValue | undefined): number[] | undefined {
    const items = this.array(value).map((v) => this.resolve(v));
    return items.length > 0 && items.every((v) => typeof v === 'number') ? (items as number[]) : undefined;
  }

  trailer(): PdfDict | undefined {
    return this.dict(this.objects.trailer?.value);
  }

  /** The document catalog (the trailer's /Root). */
  catalog(): PdfDict | undefined {
    return this.dict(this.trailer()?.['/Root']);
  }

  /** Every stream in the file: its reference ("N G R") and dictionary. */
  *streams(): Generator<[string, PdfDict]> {
    for (const [key, entry] of Object.entries(this.objects))
      if (entry.stream) yield [key.replace(/^obj:/, ''), entry.stream.dict];
  }

  /** A page attribute that pages inherit from their parents (MediaBox, CropBox, Rotate). */
  inherited(page: PdfDict, key: string): JsonValue | undefined {
    let node: PdfDict | undefined = page;
    for (let depth = 0; node && depth < 64; depth++) {
      if (node[key] !== undefined) return node[key];
      node = this.dict(node['/Parent']);
    }
    return undefined;
  }
}
