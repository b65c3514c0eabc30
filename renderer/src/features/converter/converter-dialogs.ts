/** What the page's one message dialog shows; every dialog closes with 'Got it'. */
export interface ConverterDialog {
  tone: 'success' | 'error';
  title: string;
  message: string;
}

/** docs/product/SPEC.md §5 "Converter" and "Other forms": a file over the limit, locally or as the server says. */
export const FILE_TOO_LARGE_DIALOG: ConverterDialog = {
  tone: 'error',
  title: 'File Too Large',
  message: 'This file is too large to convert. Please try a smaller file or compress it first.',
};

/** No formats exist for the file's type: the file is not kept in the list. */
export const UNSUPPORTED_TYPE_DIALOG: ConverterDialog = {
  tone: 'error',
  title: 'Unsupported File Type',
  message: 'Files of this type cannot be converted yet. Try a document, image, video or audio file.',
};

export const NO_FORMAT_DIALOG: ConverterDialog = {
  tone: 'error',
  title: 'No Format Selected',
  message: 'Please select a format to convert to.',
};

export function conversionCompleteDialog(fileName: string, targetFormat: string): ConverterDialog {
  return {
    tone: 'success',
    title: 'Conversion Complete!',
    message: `${fileName} has been converted to ${targetFormat.toUpperCase()}. Click Download to save your file.`,
  };
}
