import { ZipReader } from './reader.js';

/** OOXML documents by the folder of their main part (as file-type tells them apart). */
const OOXML: ReadonlyArray<[folder: string, ext: string, mime: string]> = [
  ['word/', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['ppt/', 'pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['xl/', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
];

const ODF: Readonly<Record<string, string>> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

/**
 * The Office document a zip holds, read from its central directory: file-type walks local headers from the start
 * and loses its way at the first gap between members or ZIP64 header, which office suites do not mind. Undefined
 * for any other zip, or one the reader cannot open.
 */
export async function zipPackageType(file: string): Promise<{ ext: string; mime: string } | undefined> {
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(file);
  } catch {
    return undefined;
  }
  try {
    const names = zip.entries.map((e) => e.name);
    if (names.includes('[Content_Types].xml')) {
      const found = OOXML.find(([folder]) => names.some((n) => n.startsWith(folder)));
      return found ? { ext: found[1], mime: found[2] } : undefined;
    }
    const mimetype = zip.entries.find((e) => e.name === 'mimetype' && e.size < 256);
    if (!mimetype) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openContent(mimetype)) chunks.push(chunk as Buffer);
    const mime = Buffer.concat(chunks).toString('latin1').trim();
    const ext = ODF[mime];
    return ext ? { ext, mime } : undefined;
  } catch {
    return undefined;
  } finally {
    await zip.close();
  }
}
