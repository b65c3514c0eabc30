import { showErrorToast } from '../../components/toasts';

/* The converter's toasts, worded as docs/product/SPEC.md §8 "Converter" writes them. */

export const converterToasts = {
  formatsFailed: () => showErrorToast('Failed to load conversion formats'),
};
