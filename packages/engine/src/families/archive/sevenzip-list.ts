import { EngineError } from '../../errors.js';
import { checkMembers, checkRatio, invalid } from '../../tools/unpack-limits.js';
import type { CompressContext } from '../../types.js';

/** One item of `7z l -slt`. */
export interface SevenItem {
  path: string;
  size: number;
  /** Packed size; 0 when unknown (all but the first file of a solid block). */
  packed: number;
  directory: boolean;
  link: boolean;
  encrypted: boolean;
  /** CRC-32 as 7-Zip prints it (upper-case hex), empty for folders. */
  crc: string;
  /** Whether the archive stores a modification time for it. */
  hasTime: boolean;
}

export interface SevenListing {
  physicalSize: number;
  items: SevenItem[];
  /** The archive's headers are encrypted: nothing can be read without the password. */
  headerEncrypted: boolean;
}

/**
 * A password 7-Zip is given so that it never stops to ask for one on an encrypted archive (it reads a wrong
 * password as "encrypted" and fails). Only for reading: `7z a` would encrypt with it.
 */
export const NO_PASSWORD = '-pshrinkly-no-password';

function parseBlocks(text: string): Array<Record<string, string>> {
  return text.split(/\r?\n\r?\n/).map((block) => {
    const fields: Record<string, string> = {};
    for (const line of block.split(/\r?\n/)) {
      const at = line.indexOf(' = ');
      if (at > 0) fields[line.slice(0, at)] = line.slice(at + 3);
    }
    return fields;
  });
}

/** Parses `7z l -slt` output: the archive block before the "----------" line, then one block per item. */
export function parseListing(stdout: string): SevenListing {
  const split = stdout.indexOf('\n----------');
  if (split < 0) throw invalid('This 7z archive is damaged or incomplete');
  const header = parseBlocks(stdout.slice(0, split)).find((b) => b.Type !== undefined) ?? {};
  const items = parseBlocks(stdout.slice(split + 11))
    .filter((b) => b.Path !== undefined)
    .map((b): SevenItem => {
      const attributes = b.Attributes ?? '';
      return {
        path: b.Path ?? '',
        size: Number(b.Size || 0),
        packed: Number(b['Packed Size'] || 0),
        directory: attributes.startsWith('D') || b.Folder === '+',
        link: /(^|\s)l[rwx-]{9}/.test(attributes),
        encrypted: b.Encrypted === '+',
        crc: (b.CRC ?? '').toUpperCase(),
        hasTime: Boolean(b.Modified),
      };
    });
  return { physicalSize: Number(header['Physical Size'] || 0), items, headerEncrypted: false };
}

/** Lists an archive with 7-Zip. Damage is 'invalid-input'; encrypted headers are reported, not thrown. */
export async function list7z(file: string, ctx: Pick<CompressContext, 'runProcess' | 'signal'>): Promise<SevenListing> {
  try {
    const { stdout } = await ctx.runProcess('7z', ['l', '-slt', '-bd', NO_PASSWORD, '--', file], {
      signal: ctx.signal,
      captureStdout: true,
      maxStdoutBytes: 64 * 1024 * 1024,
      timeoutMs: 5 * 60 * 1000,
    });
    return parseListing(stdout);
  } catch (err) {
    if (!(err instanceof EngineError) || err.kind !== 'failed') throw err;
    if (/encrypted archive|wrong password/i.test(err.stderrTail ?? ''))
      return { physicalSize: 0, items: [], headerEncrypted: true };
    throw new EngineError('invalid-input', 'This 7z archive is damaged or incomplete', err.stderrTail, { cause: err });
  }
}

/** Refuses bombs (also by the archive's overall ratio, since solid blocks hide each member's) and escaping paths. */
export function guard7z(listing: SevenListing): void {
  checkMembers(
    listing.items.map((i) => ({ name: i.path, size: i.size, packed: i.packed })),
    listing.items.length,
  );
  checkRatio(
    '(all members)',
    listing.items.reduce((sum, i) => sum + i.size, 0),
    listing.physicalSize,
  );
}
