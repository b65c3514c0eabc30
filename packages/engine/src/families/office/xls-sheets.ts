import { readFile } from 'node:fs/promises';
import CFB from 'cfb';

/** BIFF record types (MS-XLS 2.3): the start and end of a substream, and a sheet's entry in the workbook globals. */
const BOF = 0x0809;
const EOF = 0x000a;
const BOUND_SHEET = 0x0085;
/** A cached sheet of a linked workbook (XCT): LibreOffice opens each as a table of its own. */
const EXTERNAL_CACHE = 0x0059;

/**
 * The sheets an Excel 97–2003 workbook holds, read from its structure without laying it out: the compound file's
 * workbook stream (`Workbook`, or `Book` for Excel 5/95) is walked record by record, every sheet listed in the
 * globals (BoundSheet8) must point at the start (BOF) of a substream that ends (EOF) inside the stream, and the
 * answer is those sheets plus the cached sheets of linked workbooks (what LibreOffice opens as tables: a re-save
 * that drops the cached values of external links counts as changed). Undefined when the file is not such a
 * workbook or any of that does not hold: a damaged or inconsistent workbook counts as unknown, never as a number.
 */
export async function countXlsSheets(file: string): Promise<number | undefined> {
  return sheetsOfWorkbook(await readFile(file));
}

/** The sheet count of a compound file's bytes (see countXlsSheets). */
export function sheetsOfWorkbook(bytes: Buffer): number | undefined {
  let stream: Buffer;
  try {
    const container = CFB.read(bytes, { type: 'buffer' });
    const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
    if (!entry?.content) return undefined;
    stream = Buffer.from(entry.content as Uint8Array);
  } catch {
    return undefined;
  }
  return sheetsOfWorkbookStream(stream);
}

/** Substreams nest (a chart embedded in a sheet has its own BOF…EOF inside the sheet's); deeper than this is damage. */
const MAX_NESTING = 8;

/** The sheet count of a BIFF workbook stream (see countXlsSheets), undefined when its records do not add up. */
export function sheetsOfWorkbookStream(stream: Buffer): number | undefined {
  const sheetStarts: number[] = [];
  let externalCaches = 0;
  // Offsets of the top-level substreams that ended: the globals first, then one per sheet.
  const closed = new Set<number>();
  const open: number[] = [];
  let offset = 0;
  while (offset + 4 <= stream.length) {
    const type = stream.readUInt16LE(offset);
    const length = stream.readUInt16LE(offset + 2);
    const end = offset + 4 + length;
    if (end > stream.length) return undefined;
    if (type === BOF) {
      if (open.length === MAX_NESTING) return undefined;
      open.push(offset);
    } else if (type === EOF) {
      const start = open.pop();
      if (start === undefined) return undefined;
      if (open.length === 0) closed.add(start);
    } else if (type === BOUND_SHEET && closed.size === 0 && open.length === 1) {
      // Only the globals (the first substream) list sheets; lbPlyPos, the sheet's BOF offset, is never encrypted.
      if (length < 4) return undefined;
      sheetStarts.push(stream.readUInt32LE(offset + 4));
    } else if (type === EXTERNAL_CACHE && open.length === 1 && closed.size === 0) {
      externalCaches++;
    }
    offset = end;
  }
  // Streams are padded to their allocation with zeros after the last EOF, which read as empty records of type 0.
  if (open.length > 0 || sheetStarts.length === 0) return undefined;
  return sheetStarts.every((start) => closed.has(start)) ? sheetStarts.length + externalCaches : undefined;
}
