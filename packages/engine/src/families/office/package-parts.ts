import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import type { PackageEntry } from '../../tools/zip/members.js';
import { ZipUnreadable } from '../../tools/zip/reader.js';

/** OOXML (docx/xlsx/pptx: `[Content_Types].xml` + relationships) or ODF (odt/ods/odp: `mimetype` + manifest). */
export type PackageKind = 'ooxml' | 'odf';

/** Relationship parts are small; a huge one is hostile or absurd, and then we drop nothing. */
const MAX_RELS_BYTES = 16 * 1024 * 1024;

/** The zip reader's "not a readable zip" in a document's words; other errors as they are. */
export function asDocumentError(err: unknown): unknown {
  if (!(err instanceof ZipUnreadable)) return err;
  return new EngineError('invalid-input', 'The document is damaged or truncated: it is not a readable zip package', undefined, {
    cause: err,
  });
}

export function packageKind(entries: readonly PackageEntry[]): PackageKind {
  const names = new Set(entries.map((e) => e.name));
  if (names.has('[Content_Types].xml')) return 'ooxml';
  if (names.has('mimetype') && names.has('META-INF/manifest.xml')) return 'odf';
  throw new EngineError('invalid-input', 'The file is a zip archive but not an Office document');
}

/** A digital signature covers the parts' bytes: any change to a part would break it. */
export function isSigned(kind: PackageKind, entries: readonly PackageEntry[]): boolean {
  return entries.some((e) =>
    kind === 'ooxml' ? e.name.startsWith('_xmlsignatures/') : /^META-INF\/[^/]*signatures[^/]*\.xml$/i.test(e.name),
  );
}

/** A password-protected ODF keeps its parts encrypted: nothing inside can be recompressed or verified without the password. */
export async function isEncryptedOdf(entries: readonly PackageEntry[]): Promise<boolean> {
  const manifest = entries.find((e) => e.name === 'META-INF/manifest.xml');
  if (!manifest?.file || manifest.uncompressedSize > MAX_RELS_BYTES) return false;
  return (await readFile(manifest.file, 'utf8')).includes('encryption-data');
}

/** Embedded pictures: the only parts whose bytes we re-encode. */
export function isMediaPart(kind: PackageKind, name: string): boolean {
  return kind === 'ooxml' ? /^(word|ppt|xl)\/media\/[^/]+$/i.test(name) : /^Pictures\/[^/]+$/.test(name);
}

/** The preview picture file managers show; not part of the document's content. */
export function thumbnailName(kind: PackageKind, entries: readonly PackageEntry[]): string | undefined {
  const pattern = kind === 'ooxml' ? /^docProps\/thumbnail\.[a-z]+$/i : /^Thumbnails\/thumbnail\.png$/;
  return entries.find((e) => !e.isDirectory && pattern.test(e.name))?.name;
}

function decodeXmlText(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '',
  );
}

function attributes(element: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const m of element.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (m[1]) result[m[1]] = decodeXmlText(m[2] ?? m[3] ?? '');
  }
  return result;
}

interface Relationship {
  element: string;
  type: string;
  /** Resolved part name, lower case (OPC part names compare case-insensitively), or undefined for external links. */
  part?: string;
}

const RELATIONSHIP = /<(?:[\w.-]+:)?Relationship\b[^>]*?(?:\/>|>\s*<\/(?:[\w.-]+:)?Relationship>)/g;

/** Resolves a relationship target against the folder of the part that owns `relsName`. */
function resolveTarget(relsName: string, target: string): string {
  const owner = path.posix.dirname(path.posix.dirname(relsName));
  let name = target.split('#')[0] ?? '';
  try {
    name = decodeURI(name);
  } catch {
    // keep the raw target
  }
  name = name.startsWith('/') ? name.slice(1) : path.posix.join(owner === '.' ? '' : owner, name);
  return path.posix.normalize(name).replace(/^\.\//, '').toLowerCase();
}

interface RelationshipParts {
  byPart: Map<string, Relationship[]>;
  /** All relationship XML, lower case: a belt-and-braces text search before anything is dropped. */
  text: string;
}

async function readRelationships(entries: readonly PackageEntry[]): Promise<RelationshipParts | undefined> {
  const result = new Map<string, Relationship[]>();
  let text = '';
  for (const entry of entries) {
    if (!entry.file || !/(^|\/)_rels\/[^/]*\.rels$/i.test(entry.name)) continue;
    if (entry.uncompressedSize > MAX_RELS_BYTES) return undefined;
    const xml = await readFile(entry.file, 'utf8');
    text += xml.toLowerCase();
    const rels: Relationship[] = [];
    for (const m of xml.matchAll(RELATIONSHIP)) {
      const attrs = attributes(m[0]);
      const external = attrs.TargetMode?.toLowerCase() === 'external';
      if (attrs.Target === undefined) return undefined;
      rels.push({ element: m[0], type: attrs.Type ?? '', part: external ? undefined : resolveTarget(entry.name, attrs.Target) });
    }
    result.set(entry.name, rels);
  }
  return { byPart: result, text };
}

/** What to leave out of the rewritten package, and the parts whose text changes because of it. */
export interface DropPlan {
  drop: Set<string>;
  /** Part name → new bytes. */
  edits: Map<string, Buffer>;
  droppedThumbnail: boolean;
  droppedMedia: number;
}

/** Sets `name`'s new bytes in the plan: `edit` of its text as planned so far (no entry when nothing changes). */
export async function editPart(
  entries: readonly PackageEntry[],
  plan: DropPlan,
  name: string,
  edit: (xml: string) => string,
): Promise<void> {
  const entry = entries.find((e) => e.name === name);
  if (!entry?.file) return;
  const before = plan.edits.get(name)?.toString('utf8') ?? (await readFile(entry.file, 'utf8'));
  const after = edit(before);
  if (after !== before) plan.edits.set(name, Buffer.from(after, 'utf8'));
}

function withoutOverrides(xml: string, parts: ReadonlySet<string>): string {
  return xml.replace(/<(?:[\w.-]+:)?Override\b[^>]*?\/>/g, (element) => {
    const partName = (attributes(element).PartName ?? '').replace(/^\//, '').toLowerCase();
    return parts.has(partName) ? '' : element;
  });
}

/**
 * OOXML: media parts that no relationship targets are unreachable (OPC parts are only ever found through
 * relationships), so dropping them cannot change the document. The thumbnail (only when `dropThumbnail`) is dropped
 * when the package-level relationship is its only reference; its relationship and content-type override go with it.
 * ODF: only the thumbnail, with its manifest entry. Anything unparsable means nothing is dropped.
 */
export async function planDrops(kind: PackageKind, entries: readonly PackageEntry[], dropThumbnail: boolean): Promise<DropPlan> {
  const plan: DropPlan = { drop: new Set(), edits: new Map(), droppedThumbnail: false, droppedMedia: 0 };
  const thumbnail = thumbnailName(kind, entries);
  if (kind === 'odf') {
    if (dropThumbnail && thumbnail) {
      plan.drop.add(thumbnail);
      const dir = entries.find((e) => e.name === 'Thumbnails/');
      if (dir && !entries.some((e) => e.name.startsWith('Thumbnails/') && e.name !== dir.name && e.name !== thumbnail))
        plan.drop.add(dir.name);
      await editPart(entries, plan, 'META-INF/manifest.xml', (xml) =>
        xml.replace(/<manifest:file-entry\b[^>]*?(?:\/>|>[\s\S]*?<\/manifest:file-entry>)\s*/g, (element) =>
          /^Thumbnails\/(thumbnail\.png)?$/.test(attributes(element)['manifest:full-path'] ?? '') ? '' : element,
        ),
      );
      plan.droppedThumbnail = true;
    }
    return plan;
  }
  const parsed = await readRelationships(entries);
  if (!parsed) return plan;
  const rels = parsed.byPart;
  const references = new Map<string, number>();
  for (const list of rels.values()) for (const r of list) if (r.part) references.set(r.part, (references.get(r.part) ?? 0) + 1);
  for (const entry of entries) {
    if (entry.isDirectory || !isMediaPart(kind, entry.name) || references.has(entry.name.toLowerCase())) continue;
    if (parsed.text.includes(path.posix.basename(entry.name).toLowerCase())) continue;
    plan.drop.add(entry.name);
    plan.droppedMedia += 1;
  }
  const root = rels.get('_rels/.rels') ?? [];
  const thumbRel = root.find((r) => r.type.endsWith('/metadata/thumbnail') && r.part === thumbnail?.toLowerCase());
  if (dropThumbnail && thumbnail && thumbRel && references.get(thumbnail.toLowerCase()) === 1) {
    plan.drop.add(thumbnail);
    plan.droppedThumbnail = true;
    await editPart(entries, plan, '_rels/.rels', (xml) => xml.replace(thumbRel.element, ''));
  }
  if (plan.drop.size > 0) {
    const lower = new Set([...plan.drop].map((n) => n.toLowerCase()));
    await editPart(entries, plan, '[Content_Types].xml', (xml) => withoutOverrides(xml, lower));
  }
  return plan;
}

/** Writes the edited parts next to the unpacked ones and points the entries at them. */
export async function applyEdits(entries: PackageEntry[], plan: DropPlan, dir: string): Promise<PackageEntry[]> {
  const kept = entries.filter((e) => !plan.drop.has(e.name));
  for (const [index, entry] of kept.entries()) {
    const bytes = plan.edits.get(entry.name);
    if (!bytes) continue;
    const file = path.join(dir, `edited-${index}`);
    await writeFile(file, bytes);
    kept[index] = { ...entry, file, uncompressedSize: bytes.length };
  }
  return kept;
}
