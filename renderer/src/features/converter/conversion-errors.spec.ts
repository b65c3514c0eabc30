import { describe, expect, it } from 'vitest';
import { conversionErrorDialog } from './conversion-errors';
import { type ConverterDialog, conversionCompleteDialog, FILE_TOO_LARGE_DIALOG } from './converter-dialogs';

/** The dialog of a failed conversion. */
const failed = (title: string, message: string): ConverterDialog => ({ tone: 'error', title, message });

describe('conversionErrorDialog', () => {
  it('explains that PDF to PowerPoint is unavailable when the message mentions PowerPoint or pptx', () => {
    const expected = failed(
      'Conversion Not Supported',
      'PDF to PowerPoint conversion is currently not available. Please try converting to Word or text format instead.',
    );
    expect(conversionErrorDialog('PDF to PowerPoint is not supported', 'a.pdf', 'pptx')).toEqual(expected);
    expect(conversionErrorDialog('Cannot produce PPTX', 'a.pdf', 'pptx')).toEqual(expected);
  });

  it('names the format when the conversion is not supported', () => {
    expect(conversionErrorDialog('Conversion from image/png to mp3 is not supported', 'a.png', 'mp3')).toEqual(
      failed('Conversion Failed', 'MP3 conversion is not supported for this file type. Please try a different format.'),
    );
  });

  it("follows the refusal's code before its words", () => {
    expect(conversionErrorDialog('Something unexpected', 'a.mp4', 'webm', 'converterTooLarge')).toEqual(FILE_TOO_LARGE_DIALOG);
    expect(conversionErrorDialog('Something unexpected', 'a.mp4', 'webm', 'fileTooLarge')).toEqual(FILE_TOO_LARGE_DIALOG);
    expect(conversionErrorDialog('Not found', 'a.mp4', 'webm', 'notFound').title).toBe('Conversion Failed');
  });

  it('says the file is too large when the message mentions the size', () => {
    expect(conversionErrorDialog('File too large. The converter takes files up to 100MB.', 'a.mp4', 'webm')).toEqual(
      FILE_TOO_LARGE_DIALOG,
    );
    expect(conversionErrorDialog('Maximum size exceeded', 'a.mp4', 'webm')).toEqual(FILE_TOO_LARGE_DIALOG);
    expect(FILE_TOO_LARGE_DIALOG.title).toBe('File Too Large');
  });

  it('falls back to naming the file and the upper-case format', () => {
    const fallback = failed('Conversion Failed', "We're unable to convert report.docx to PDF format at this time.");
    expect(conversionErrorDialog('The file appears to be damaged', 'report.docx', 'pdf')).toEqual(fallback);
    expect(conversionErrorDialog(null, 'report.docx', 'pdf')).toEqual(fallback);
  });
});

describe('conversionCompleteDialog', () => {
  it('names the file and the upper-case format', () => {
    expect(conversionCompleteDialog('photo.heic', 'jpg')).toEqual({
      tone: 'success',
      title: 'Conversion Complete!',
      message: 'photo.heic has been converted to JPG. Click Download to save your file.',
    });
  });
});
