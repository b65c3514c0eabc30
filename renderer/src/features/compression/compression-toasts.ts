import {
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
  PAY_PER_FILE_PRICE_USD,
  SUBSCRIPTION_PRICE_USD,
} from '@shrinkly/contract';
import { showErrorToast, showInfoToast, showSuccessToast } from '../../components/toasts';
import { formatBytes } from '../../format/format-bytes';
import { formatMoney } from '../../format/format-money';
import { LANDING_ACCEPTED_LIST } from './file-acceptance';

/* The toasts of the public upload flow, worded as docs/product/SPEC.md §8 "Compression" writes them. */

const freeLimit = formatBytes(FREE_COMPRESSION_LIMIT_BYTES);

const premiumPrice = `${formatMoney(SUBSCRIPTION_PRICE_USD)}/month`;

export const PREMIUM_REQUIRED_MESSAGE = `Files over ${freeLimit} require a premium subscription (${premiumPrice}) for unlimited compression.`;

export const compressionToasts = {
  fileTooLarge: () =>
    showErrorToast(`Maximum file size is ${formatBytes(MAX_FILE_SIZE_BYTES)}. Please choose a smaller file.`, 'File Too Large'),
  unsupportedType: () =>
    showErrorToast(`This file type is not supported. Accepted types: ${LANDING_ACCEPTED_LIST}.`, 'Unsupported File Type'),
  oneFileOnly: () => showErrorToast('Please drop one file at a time.', 'One File at a Time'),
  compressed: (spaceSaved: number, free: boolean) =>
    free && spaceSaved > 0
      ? showSuccessToast('Compression Complete', `File compressed by ${Number(spaceSaved.toFixed(1))}% for free!`)
      : showSuccessToast('Success', 'File compressed successfully!'),
  compressionFailed: (message: string | null) => showErrorToast(message || 'Please try again', 'Compression Failed'),
  uploadFailed: (message: string | null) => showErrorToast(message || 'Upload failed. Please try again.', 'Upload Failed'),
  uploadCancelled: () => showInfoToast('Upload Cancelled', 'The upload was stopped. Nothing was compressed.'),
  premiumRequired: () => showErrorToast(PREMIUM_REQUIRED_MESSAGE, 'Premium Subscription Required'),
  paymentRequired: () =>
    showInfoToast(
      'Payment Required',
      `Files of ${freeLimit} and over cost ${formatMoney(PAY_PER_FILE_PRICE_USD)} per compression.`,
    ),
  paymentSuccessful: () => showSuccessToast('Payment Successful', 'Your file is compressed and ready to download.'),
  paymentUrlMissing: () => showErrorToast('Payment URL not available', 'Payment Error'),
  paymentLinkCopied: () =>
    showInfoToast('Payment Link Copied', 'The payment page could not be opened; its link is on your clipboard.'),
  jobNotFound: () => showErrorToast('Failed to process compression job'),
};
