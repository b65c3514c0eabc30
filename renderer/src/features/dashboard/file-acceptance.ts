import { BATCH_ACCEPTED_TYPES, DASHBOARD_ACCEPTED_TYPES } from '@shrinkly/contract';
import { extensionOf } from '../compression/file-acceptance';

/** The extensions a dashboard drop zone takes, with their `accept` attribute and the list written for people. */
export interface AcceptedTypes {
  extensions: ReadonlySet<string>;
  /** ".png,.jpg,…" */
  attribute: string;
  /** "PNG, JPG, …" */
  list: string;
}

function acceptedTypes(types: readonly string[]): AcceptedTypes {
  return {
    extensions: new Set(types),
    attribute: types.map((type) => `.${type}`).join(','),
    list: types.map((type) => type.toUpperCase()).join(', '),
  };
}

/** SPEC section 5 "Dashboard upload". */
export const SINGLE_UPLOAD_TYPES = acceptedTypes(DASHBOARD_ACCEPTED_TYPES);
/** Batch compression also takes BMP and TXT. */
export const BATCH_UPLOAD_TYPES = acceptedTypes(BATCH_ACCEPTED_TYPES);

/** By extension; the server reads the real type from the content as well. */
export function isAccepted(file: File, types: AcceptedTypes): boolean {
  return types.extensions.has(extensionOf(file.name));
}
