import { withoutFields } from '../../tools/xml-fields.js';
import type { PackageEntry } from '../../tools/zip/members.js';
import { type DropPlan, editPart, type PackageKind } from './package-parts.js';

/**
 * Where a package names people: who wrote it and who saved it last (Office's core properties, ODF's meta.xml), and
 * the company and manager of Office's extended properties. Emptied in every result, as "remove location and
 * personal data" asks of documents (pictures inside keep nothing either); the document's content is untouched.
 */
const AUTHOR_FIELDS: Record<PackageKind, Record<string, readonly string[]>> = {
  ooxml: {
    'docProps/core.xml': ['dc:creator', 'cp:lastModifiedBy'],
    'docProps/app.xml': ['Company', 'Manager'],
  },
  odf: { 'meta.xml': ['meta:initial-creator', 'dc:creator', 'meta:printed-by'] },
};

/** Adds the emptied author parts to the plan's edits; true when any part named someone. */
export async function planAuthorRemoval(kind: PackageKind, entries: readonly PackageEntry[], plan: DropPlan): Promise<boolean> {
  let removed = false;
  for (const [part, elements] of Object.entries(AUTHOR_FIELDS[kind])) {
    const before = plan.edits.get(part);
    await editPart(entries, plan, part, (xml) => withoutFields(xml, elements));
    removed ||= plan.edits.get(part) !== before;
  }
  return removed;
}
