import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unpackZip } from '../tools/zip/members.js';
import { writeZip } from '../tools/zip/writer.js';

/**
 * The last of three defences against documents that reach outside themselves (with the sandbox and the locked-down
 * office): before a zip-packaged document is converted, every reference it makes to content outside its own package
 * is removed, so the office never even sees an address to fetch or a path to read.
 * - OOXML (docx, xlsx, pptx): relationships with TargetMode="External" of the kinds that load content — pictures,
 *   OLE objects, templates, sub-documents, frames, external workbooks, audio and video. Hyperlinks stay: they are
 *   only written into the output, never followed.
 * - ODF (odt, ods, odp): xlink:href on pictures, objects, plugins, frames, linked sections and linked sheets that
 *   point outside the package (a URL scheme, an absolute path, or a path that climbs out with ../).
 * Conversion only: this changes what the rendering shows (a linked picture becomes an empty frame), which is right
 * for a PDF or a picture of the document, and wrong for a compressed copy, whose links stay the user's.
 */
const LOADING_RELATIONSHIPS = [
  'image',
  'oleObject',
  'attachedTemplate',
  'subDocument',
  'frame',
  'externalLinkPath',
  'externalLink',
  'package',
  'audio',
  'video',
  'media',
  'font',
  'control',
  'aFChunk',
];

const OOXML_RELATIONSHIP = /<Relationship\b[^>]*?\/>/g;
const ODF_LINKING_ELEMENT =
  /<(draw:image|draw:object|draw:object-ole|draw:plugin|draw:floating-frame|draw:fill-image|style:background-image|text:section-source|table:table-source|office:dde-source|svg:font-face-uri)\b[^>]*>/g;
const HREF = /\bxlink:href\s*=\s*("[^"]*"|'[^']*')/;

function attribute(element: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*("[^"]*"|'[^']*')`).exec(element);
  return match?.[1]?.slice(1, -1);
}

/** Whether an ODF href leaves the package. */
function isOutside(href: string): boolean {
  const decoded = href.replace(/&amp;/g, '&').trim();
  return (
    /^[a-z][a-z0-9+.-]*:/i.test(decoded) ||
    decoded.startsWith('/') ||
    decoded.startsWith('\\') ||
    /(^|[/\\])\.\.([/\\]|$)/.test(decoded)
  );
}

/** The relationships part without external relationships that load content; undefined when nothing changes. */
export function unlinkOoxmlRelationships(xml: string): string | undefined {
  let changed = false;
  const out = xml.replace(OOXML_RELATIONSHIP, (element) => {
    const external = attribute(element, 'TargetMode') === 'External';
    const type = attribute(element, 'Type') ?? '';
    if (external && LOADING_RELATIONSHIPS.some((kind) => type.endsWith(`/${kind}`))) {
      changed = true;
      return '';
    }
    return element;
  });
  return changed ? out : undefined;
}

/** The ODF XML part with outside links on loading elements emptied; undefined when nothing changes. */
export function unlinkOdfXml(xml: string): string | undefined {
  let changed = false;
  const out = xml.replace(ODF_LINKING_ELEMENT, (element) => {
    const href = HREF.exec(element)?.[1]?.slice(1, -1);
    if (href === undefined || !isOutside(href)) return element;
    changed = true;
    return element.replace(HREF, 'xlink:href=""');
  });
  return changed ? out : undefined;
}

const PACKAGE_FORMATS = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);

/**
 * A copy of `input` without references to outside content, in `workDir`, or `input` itself when it is not a zip
 * package or references nothing outside.
 */
export async function withoutExternalContent(input: string, ext: string, workDir: string, signal: AbortSignal): Promise<string> {
  if (!PACKAGE_FORMATS.has(ext)) return input;
  const dir = path.join(workDir, 'unlinked-parts');
  const entries = await unpackZip(input, dir, signal);
  let changed = false;
  for (const entry of entries) {
    if (!entry.file) continue;
    const isRels = entry.name.endsWith('.rels');
    const isOdfXml = ext.startsWith('od') && entry.name.endsWith('.xml') && !entry.name.startsWith('META-INF/');
    if (!isRels && !isOdfXml) continue;
    const xml = await readFile(entry.file, 'utf8');
    const cleaned = isRels ? unlinkOoxmlRelationships(xml) : unlinkOdfXml(xml);
    if (cleaned !== undefined) {
      await writeFile(entry.file, cleaned);
      changed = true;
    }
  }
  if (!changed) return input;
  const output = path.join(workDir, `unlinked${path.extname(input) || `.${ext}`}`);
  await writeZip(
    entries.map((e) => ({
      name: e.name,
      file: e.file,
      dosTime: e.dosTime,
      dosDate: e.dosDate,
      forceStore: e.name === 'mimetype',
    })),
    output,
    path.join(workDir, 'unlinked-deflate.tmp'),
    signal,
  );
  return output;
}
