import { z } from 'zod';

/**
 * The one rule for names of files and folders (display data only: blobs are stored under random ids).
 * Refused: C0 and C1 control characters (CR and LF included) and DEL; slashes and backslashes, so a name is never
 * a path; and the invisible bidirectional controls (U+202E and friends) that make `cod.exe` look like `exe.doc`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what names may not hold
const FORBIDDEN_IN_NAMES = /[\u0000-\u001f\u007f-\u009f/\\\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const INVISIBLE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** True when `name` has none of the characters the name rule forbids. */
export function hasOnlyNameCharacters(name: string): boolean {
  return !new RegExp(FORBIDDEN_IN_NAMES.source, 'u').test(name);
}

/**
 * A name the user types (rename, new folder): NFC, trimmed, non-blank, bounded, and refused with a message when
 * it breaks the name rule; never changed behind the user's back.
 */
export function typedNameSchema(what: string, max: number) {
  return z
    .string({ error: `${what} is required` })
    .trim()
    .normalize('NFC')
    .min(1, `${what} must not be blank`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(hasOnlyNameCharacters, `${what} must not contain slashes, line breaks, control characters or text-direction marks`);
}

/**
 * A name that arrives with a file (the browser's name for it, in a multipart part or a chunked upload): cleaned,
 * never refused, since the user did not type it here. Direction marks are dropped, other forbidden characters
 * become `_`, and a name too long is cut before its extension. Keeps NFC, so `é` from macOS matches `é` typed.
 */
export function cleanFileName(raw: string, max: number): string {
  const cleaned = raw.normalize('NFC').replace(INVISIBLE, '').replace(FORBIDDEN_IN_NAMES, '_').trim();
  if (cleaned === '') return 'file';
  if (cleaned.length <= max) return cleaned;
  const ext = /\.[^.\s]{1,16}$/u.exec(cleaned)?.[0] ?? '';
  return cutAt(cleaned.slice(0, cleaned.length - ext.length), max - ext.length).trimEnd() + ext;
}

/** The first code points of `text` that fit in `units` UTF-16 units (a surrogate pair is never split). */
function cutAt(text: string, units: number): string {
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > units) break;
    out += ch;
  }
  return out;
}

/** A file's own name as a request field (chunked uploads): bounded before cleaning, then cleaned as above. */
export function uploadedNameSchema(max: number) {
  return z
    .string({ error: 'fileName is required' })
    .min(1, 'fileName is required')
    .max(4 * max, 'fileName is too long')
    .transform((name) => cleanFileName(name, max));
}
