import { LANDING_ACCEPTED_TYPES } from '@shrinkly/contract';

const ACCEPTED = new Set<string>(LANDING_ACCEPTED_TYPES);

/** The `accept` attribute of the landing file input: ".jpg,.jpeg,…". */
export const LANDING_ACCEPT_ATTRIBUTE = LANDING_ACCEPTED_TYPES.map((type) => `.${type}`).join(',');

/** "JPG, JPEG, PNG, …", as the accepted types are written to people. */
export const LANDING_ACCEPTED_LIST = LANDING_ACCEPTED_TYPES.map((type) => type.toUpperCase()).join(', ');

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** SPEC section 5 "Landing drop": only the listed types. The server reads the real type from the content as well. */
export function isLandingAcceptedFile(file: File): boolean {
  return ACCEPTED.has(extensionOf(file.name));
}
