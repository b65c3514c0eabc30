import type { ErrorCode } from '@shrinkly/contract';
import { type ConverterDialog, FILE_TOO_LARGE_DIALOG } from './converter-dialogs';

/** Refusals the server names with a code: the dialog follows the code, whatever the words. */
const DIALOG_OF_CODE: Partial<Record<ErrorCode, ConverterDialog>> = {
  converterTooLarge: FILE_TOO_LARGE_DIALOG,
  fileTooLarge: FILE_TOO_LARGE_DIALOG,
};

/**
 * The dialog after a failed conversion: by the refusal's code when the server gave one, else by what the message
 * mentions (a failed job's reason has no code) as docs/product/SPEC.md §5 "Other forms" maps it, checked in SPEC's
 * order and case-insensitively: the server's wording may vary in case.
 */
export function conversionErrorDialog(
  message: string | null,
  fileName: string,
  targetFormat: string,
  code?: ErrorCode,
): ConverterDialog {
  const coded = code && DIALOG_OF_CODE[code];
  if (coded) return coded;
  const text = (message ?? '').toLowerCase();
  const format = targetFormat.toUpperCase();
  if (text.includes('powerpoint') || text.includes('pptx')) {
    return {
      tone: 'error',
      title: 'Conversion Not Supported',
      message: 'PDF to PowerPoint conversion is currently not available. Please try converting to Word or text format instead.',
    };
  }
  if (text.includes('not supported')) {
    return {
      tone: 'error',
      title: 'Conversion Failed',
      message: `${format} conversion is not supported for this file type. Please try a different format.`,
    };
  }
  if (text.includes('too large') || text.includes('size')) return FILE_TOO_LARGE_DIALOG;
  return {
    tone: 'error',
    title: 'Conversion Failed',
    message: `We're unable to convert ${fileName} to ${format} format at this time.`,
  };
}
