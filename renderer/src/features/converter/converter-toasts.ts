import { showErrorToast } from '../../components/toasts';

/* The converter's toasts, worded as SPEC section 8 "Converter" writes them. */

export const converterToasts = {
  formatsFailed: () => showErrorToast('Failed to load conversion formats'),
};
