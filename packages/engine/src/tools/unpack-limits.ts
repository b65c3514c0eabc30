import { EngineError } from '../errors.js';

/**
 * One set of limits for every archive the engine unpacks (zip, Office packages, 7z): what a compression job may
 * hold, and what marks a bomb. They are checked on the archive's directory, before a byte is unpacked, and again
 * while unpacking (a member may not inflate past its declared size).
 */
export const UNPACK_LIMITS = {
  /** Members per archive. Below 65,535 a zip needs no ZIP64 records, which keeps the writer simple. */
  maxEntries: 65_000,
  /** Bytes unpacked in all (a zip bomb, or more than a compression job should hold). */
  maxTotalSize: 2 * 1024 * 1024 * 1024,
  /** A member that expands more than this many times is a bomb: deflate tops out near 1032:1 even on uniform data. */
  maxRatio: 1000,
  /** ...but only from this size: a tiny file of zeros compresses 1000:1 quite innocently. */
  ratioMinSize: 1024 * 1024,
} as const;

export function invalid(message: string, cause?: unknown): EngineError {
  return new EngineError('invalid-input', message, undefined, cause === undefined ? undefined : { cause });
}

export function checkEntryCount(count: number): void {
  if (count > UNPACK_LIMITS.maxEntries) {
    throw invalid(
      `The file was refused: it has ${count.toLocaleString('en-US')} members, more than the ${UNPACK_LIMITS.maxEntries.toLocaleString('en-US')} Shrinkly unpacks`,
    );
  }
}

/** Throws for a member that expands suspiciously (`packed` 0 means unknown, e.g. inside a solid 7z block). */
export function checkRatio(name: string, size: number, packed: number): void {
  if (size > UNPACK_LIMITS.ratioMinSize && packed > 0 && size / packed > UNPACK_LIMITS.maxRatio) {
    throw invalid(`The file was refused: member "${name}" expands more than ${UNPACK_LIMITS.maxRatio} times (a zip bomb)`);
  }
}

export function checkTotal(total: number): void {
  if (total > UNPACK_LIMITS.maxTotalSize) throw invalid('The file was refused: it would unpack to more than 2 GB');
}

/** A member name that would land outside the folder it is unpacked into. */
export function isUnsafePath(name: string): boolean {
  const normalized = name.replaceAll('\\', '/');
  return normalized.startsWith('/') || /^[a-zA-Z]:/.test(normalized) || normalized.split('/').includes('..');
}

export function checkPath(name: string): void {
  if (isUnsafePath(name))
    throw invalid('The file was refused: a member name points outside the archive ("../" or an absolute path)');
}

/** The directory checks: count, names, each member's ratio and the total. */
export function checkMembers(members: Iterable<{ name: string; size: number; packed: number }>, count: number): void {
  checkEntryCount(count);
  let total = 0;
  for (const m of members) {
    checkPath(m.name);
    checkRatio(m.name, m.size, m.packed);
    total += m.size;
    checkTotal(total);
  }
}
