import { BATCH_ACCEPTED_TYPES, DASHBOARD_ACCEPTED_TYPES } from '@shrinkly/contract';
import { acceptedTypes } from '../../components/drop-zone/accepted-types';

export { isAccepted } from '../../components/drop-zone/accepted-types';

/** docs/product/SPEC.md §5 "Dashboard upload". */
export const SINGLE_UPLOAD_TYPES = acceptedTypes(DASHBOARD_ACCEPTED_TYPES);
/** Batch compression also takes BMP and TXT. */
export const BATCH_UPLOAD_TYPES = acceptedTypes(BATCH_ACCEPTED_TYPES);
