import { storedFileName } from '../../common/file-naming.js';
import type { FileRow } from '../../db/schema/index.js';
import type { BlobToSend } from '../../http/send-blob.js';

/** A stored file as a download: its bytes, type and name; `inline` opens it in the browser where it can. */
export function fileBlob(file: FileRow, inline = false): BlobToSend {
  return { key: file.blobKey, format: file.format, downloadAs: storedFileName(file.name, file.format), inline };
}
