import { stat } from 'node:fs/promises';
import { fileCrc } from '../../tools/zip/encode.js';
import type { PackageEntry } from '../../tools/zip/members.js';
import type { ExpectedMember } from '../../tools/zip/verify.js';
import type { ZipMember } from '../../tools/zip/writer.js';

/** What an original part held: where it was unpacked, and its size and CRC-32 from the original's directory. */
export interface OriginalPart {
  file?: string;
  size: number;
  crc32: number;
}

/** The original's parts by name, taken before any of them is edited or replaced. */
export function originalParts(entries: readonly PackageEntry[]): Map<string, OriginalPart> {
  return new Map(entries.map((e) => [e.name, { file: e.file, size: e.uncompressedSize, crc32: e.crc32 }]));
}

/**
 * The members a rewritten package must hold, in order, for `verifyZip`: a part still pointing at its unpacked
 * original must decode to the original's size and CRC-32 as the original's directory recorded them; an edited part
 * or a replaced picture to the bytes of the file meant for it.
 *
 * Why this is the whole check (no LibreOffice layout of every page): the document's own XML is never edited. The
 * only edits drop parts nothing can reach, with their relationship, content-type override or manifest entry
 * (package-parts.ts), empty the names in the metadata parts (document-authors.ts), and a picture is only replaced by one of the same format, size and frame count that kept its
 * level's floor (images.ts). What is left to go wrong is the writing, and this catches any of it.
 */
export async function expectedMembers(
  members: readonly ZipMember[],
  originals: ReadonlyMap<string, OriginalPart>,
  signal: AbortSignal,
): Promise<ExpectedMember[]> {
  const expected: ExpectedMember[] = [];
  for (const member of members) {
    const nameRaw = Buffer.from(member.name, 'utf8');
    const original = originals.get(member.name);
    if (!member.file) expected.push({ nameRaw, crc32: 0, size: 0 });
    else if (original && original.file === member.file) expected.push({ nameRaw, crc32: original.crc32, size: original.size });
    else expected.push({ nameRaw, crc32: await fileCrc(member.file, signal), size: (await stat(member.file)).size });
  }
  return expected;
}
