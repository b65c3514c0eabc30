import { EngineError } from '../../errors.js';

/** Refuse archives that would unpack to more than this (a zip bomb, or more than a compression job should hold). */
export const MAX_TOTAL_UNCOMPRESSED = 2 * 1024 * 1024 * 1024;
/** A member that expands more than this many times is a bomb: deflate tops out near 1032:1 even on uniform data. */
export const MAX_MEMBER_RATIO = 1000;
/** ...but only from this size: a tiny file of zeros compresses 1000:1 quite innocently. */
export const RATIO_MIN_SIZE = 1024 * 1024;
/** Members per archive. Below 65,535 the archive needs no ZIP64 records, which keeps the writer simple. */
export const MAX_ENTRIES = 65_000;

export function invalid(message: string, cause?: unknown): EngineError {
  return new EngineError('invalid-input', message, undefined, cause === undefined ? undefined : { cause });
}

/** Throws for a member that expands suspiciously (`packed` 0 means unknown, e.g. inside a solid 7z block). */
export function checkRatio(name: string, size: number, packed: number): void {
  if (size > RATIO_MIN_SIZE && packed > 0 && size / packed > MAX_MEMBER_RATIO) {
    throw invalid(`The archive was refused: member "${name}" expands more than ${MAX_MEMBER_RATIO} times (a zip bomb)`);
  }
}

export function checkTotal(total: number): void {
  if (total > MAX_TOTAL_UNCOMPRESSED) throw invalid('The archive was refused: it would unpack to more than 2 GB');
}

/** A member name that would land outside the folder it is unpacked into. */
export function isUnsafePath(name: string): boolean {
  const normalized = name.replaceAll('\\', '/');
  return normalized.startsWith('/') || /^[a-zA-Z]:/.test(normalized) || normalized.split('/').includes('..');
}
