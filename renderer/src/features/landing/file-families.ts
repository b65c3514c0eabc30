/** The file families Shrinkly compresses, as the landing page presents them. */
export interface FileFamily {
  /** Short badge text standing in for an icon. */
  tag: string;
  name: string;
  description: string;
}

export const FILE_FAMILIES: readonly FileFamily[] = [
  {
    tag: 'IMG',
    name: 'Images',
    description:
      'JPG, PNG, GIF, WebP and HEIC photos lose weight, not detail. Orientation and colour profiles are kept; location data is removed.',
  },
  {
    tag: 'PDF',
    name: 'PDF documents',
    description: 'Scans and reports get smaller while every page, the searchable text and the links stay intact.',
  },
  {
    tag: 'DOC',
    name: 'Office files',
    description: 'Word, Excel and PowerPoint files (DOC, DOCX, XLS, XLSX, PPT, PPTX) with their embedded images optimised.',
  },
  {
    tag: 'MP4',
    name: 'Video',
    description: 'MP4, MOV, AVI, WMV and FLV re-encoded efficiently, keeping the full length, audio and subtitle tracks.',
  },
  {
    tag: 'MP3',
    name: 'Audio',
    description: 'MP3, WAV, FLAC and AAC recordings at a fraction of the size, ready to share or archive.',
  },
  {
    tag: 'ZIP',
    name: 'Archives',
    description: 'ZIP, RAR and 7Z archives repacked more tightly, so bundles of files take less space.',
  },
];
