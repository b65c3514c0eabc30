/** The download name: the client's name with the result's extension (a .wav that became FLAC downloads as .flac). */
export function downloadName(fileName: string, format: string): string {
  const base = fileName.replace(/\.[^./\\]*$/, '') || 'file';
  return `${base}.${format}`;
}

const SAME_FORMAT: Record<string, string> = { jpeg: 'jpg', tiff: 'tif' };

/** A stored file's download name: its own name, with the format's extension added when it does not already end so. */
export function storedFileName(name: string, format: string): string {
  const ext = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext && (SAME_FORMAT[ext] ?? ext) === format ? name : `${name}.${format}`;
}
