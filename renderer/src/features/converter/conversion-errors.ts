import { type ConverterDialog, FILE_TOO_LARGE_DIALOG } from './converter-dialogs';

/**
 * The dialog after a failed conversion, chosen by what the server's message mentions (docs/product/SPEC.md §5 "Other forms",
 * converter error mapping), checked in SPEC's order and case-insensitively: the server's wording may vary in case.
 */
export function conversionErrorDialog(message: string | null, fileName: string, targetFormat: string): ConverterDialog {
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
