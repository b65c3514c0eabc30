import { writeFile } from 'node:fs/promises';
import { type JsonValue, type PdfDict, PdfObjects, type QpdfJson } from './qpdf-json.js';

/**
 * Active content goes from every compressed PDF, at every level: scripts (/JavaScript name trees and actions),
 * launch actions (/Launch: run a program, open a file), /ImportData, and everything that fires by itself — the
 * catalog's /OpenAction when it is an action rather than a page to open at, and additional actions (/AA) on the
 * document, pages, annotations and form fields. Links to pages and to web addresses stay. The rendering does not
 * change, so the quality check of the candidate still holds.
 */
const DANGEROUS_ACTIONS = new Set(['/JavaScript', '/Launch', '/ImportData', '/Rendition']);

const isDict = (v: JsonValue | undefined): v is PdfDict => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether an action (dictionary or reference) is one we remove. */
function isDangerousAction(objects: PdfObjects, value: JsonValue | undefined): boolean {
  const action = objects.dict(value);
  return action !== undefined && typeof action['/S'] === 'string' && DANGEROUS_ACTIONS.has(action['/S']);
}

/** The dictionary without its active entries, or undefined when it has none. */
function cleaned(objects: PdfObjects, dict: PdfDict, isCatalog: boolean): PdfDict | undefined {
  const out: PdfDict = { ...dict };
  let changed = false;
  const drop = (key: string) => {
    if (key in out) {
      delete out[key];
      changed = true;
    }
  };
  drop('/AA');
  drop('/JavaScript');
  if (isCatalog && objects.dict(out['/OpenAction'])) drop('/OpenAction');
  if (isDangerousAction(objects, out['/A'])) drop('/A');
  if (isDangerousAction(objects, out['/Next'])) drop('/Next');
  for (const [key, value] of Object.entries(out)) {
    // Direct sub-dictionaries (an annotation's inline /A, a Names dictionary held inline by the catalog).
    if (isDict(value)) {
      const inner = cleaned(objects, value, false);
      if (inner) {
        out[key] = inner;
        changed = true;
      }
    }
  }
  return changed ? out : undefined;
}

/** Object replacements for qpdf's --update-from-json, keyed "obj:N G R". */
export type ObjectUpdates = Record<string, { value: JsonValue } | { stream: { dict: PdfDict; data: string } }>;

/** The objects of a PDF (qpdf's JSON) that carry active content, replaced by their inert versions; undefined when none do. */
export function activeContentUpdate(json: Pick<QpdfJson, 'qpdf'>): ObjectUpdates | undefined {
  const raw = json.qpdf[1];
  const objects = new PdfObjects(raw);
  const rootRef = objects.trailer()?.['/Root'];
  const changes: ObjectUpdates = {};
  for (const [key, entry] of Object.entries(raw)) {
    if (key === 'trailer' || !entry.value || !isDict(entry.value)) continue;
    // An action object itself becomes null (a missing object), wherever it is still referenced from.
    if (isDangerousAction(objects, entry.value)) {
      changes[key] = { value: null };
      continue;
    }
    const result = cleaned(objects, entry.value, `obj:${String(rootRef)}` === key);
    if (result) changes[key] = { value: result };
  }
  return Object.keys(changes).length === 0 ? undefined : changes;
}

/** Writes qpdf's --update-from-json document that replaces `objects` (streams or values) and returns its path. */
export async function writeObjectUpdate(file: string, objects: Record<string, unknown>): Promise<string> {
  const header = { jsonversion: 2, pushedinheritedpageresources: false, calledgetallpages: false, maxobjectid: 0 };
  await writeFile(file, JSON.stringify({ qpdf: [header, objects] }));
  return file;
}
