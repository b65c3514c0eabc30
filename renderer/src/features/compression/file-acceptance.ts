import { LANDING_ACCEPTED_TYPES } from '@shrinkly/contract';
import { acceptedTypes, isAccepted } from '../../components/drop-zone/accepted-types';

/** docs/product/SPEC.md §5 "Landing drop". */
export const LANDING_TYPES = acceptedTypes(LANDING_ACCEPTED_TYPES);

/** "JPG, JPEG, PNG, …", as the accepted types are written to people. */
export const LANDING_ACCEPTED_LIST = LANDING_TYPES.list;

/** Only the listed types. The server reads the real type from the content as well. */
export function isLandingAcceptedFile(file: File): boolean {
  return isAccepted(file, LANDING_TYPES);
}
