import { mimeForExtension } from '@shrinkly/contract';

/** The Content-Type a stored format is sent with (the contract's MIME table); text is always UTF-8. */
export function mimeOfFormat(format: string): string {
  const mime = mimeForExtension(format);
  if (!mime) return 'application/octet-stream';
  return mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime;
}
