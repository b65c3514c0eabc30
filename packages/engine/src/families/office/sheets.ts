import { readZipMember } from '../../tools/zip/members.js';
import { countInZipMember } from './libreoffice.js';

/** The workbook part named by the package's officeDocument relationship (xl/workbook.xml in practice). */
async function workbookPart(file: string): Promise<string> {
  const rels = (await readZipMember(file, '_rels/.rels'))?.toString('utf8') ?? '';
  for (const m of rels.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    if (!/Type\s*=\s*["'][^"']*\/officeDocument["']/.test(m[0])) continue;
    const target = /Target\s*=\s*["']([^"']+)["']/.exec(m[0])?.[1];
    if (target) return target.replace(/^\//, '');
  }
  return 'xl/workbook.xml';
}

/** Sheets of an xlsx (workbook XML) or ods (tables in content.xml), without starting LibreOffice; undefined if unreadable. */
export async function countSheets(file: string, ext: string): Promise<number | undefined> {
  try {
    if (ext === 'ods') return await countInZipMember(file, 'content.xml', '<table:table ');
    const workbook = (await readZipMember(file, await workbookPart(file)))?.toString('utf8');
    if (workbook === undefined) return undefined;
    const count = [...workbook.matchAll(/<(?:[\w.-]+:)?sheet[\s/>]/g)].length;
    return count > 0 ? count : undefined;
  } catch {
    return undefined;
  }
}
