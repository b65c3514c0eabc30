import { pipeline } from 'node:stream/promises';
import contentDisposition from 'content-disposition';
import type { Request, Response } from 'express';
import rangeParser from 'range-parser';
import type { StoragePort } from '../adapters/storage/storage.port.js';
import { mimeOfFormat } from '../common/mime.js';

/** Formats a browser shows itself; anything else is always sent as an attachment. */
// biome-ignore format: one line per kind of file
const INLINE_FORMATS = new Set([
  'jpg', 'png', 'gif', 'webp', 'avif', 'bmp',
  'pdf',
  'mp4', 'webm', 'mov',
  'mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac', 'opus',
]);

export interface BlobToSend {
  key: string;
  format: string;
  /** The name the browser saves it as. */
  downloadAs: string;
  /** Open in the browser (images, PDF, video, audio) rather than download. */
  inline?: boolean;
}

/**
 * Streams a blob with RFC 6266/5987 `Content-Disposition`, honouring a single Range (206 with Content-Range;
 * 416 when unsatisfiable), so large downloads resume and videos seek.
 */
export async function sendBlob(req: Request, res: Response, storage: StoragePort, blob: BlobToSend): Promise<void> {
  const size = await storage.size(blob.key);
  const inline = blob.inline === true && INLINE_FORMATS.has(blob.format);
  res.setHeader('Content-Type', mimeOfFormat(blob.format));
  res.setHeader('Content-Disposition', contentDisposition(blob.downloadAs, { type: inline ? 'inline' : 'attachment' }));
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'private, no-store');
  let range: { start: number; end: number } | undefined;
  const header = req.headers.range;
  if (header) {
    const parsed = rangeParser(size, header, { combine: true });
    if (parsed === -1) {
      res.status(416).setHeader('Content-Range', `bytes */${size}`).end();
      return;
    }
    if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
  }
  if (range) {
    res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else {
    res.status(200).setHeader('Content-Length', String(size));
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(await storage.openRead(blob.key, range), res);
  } catch (err) {
    // A reader who closes the tab or stops a download mid-way is not a fault of ours; pino-http still logs the
    // request as "request aborted". A storage read error is.
    if (isClientGone(err)) return;
    throw err;
  }
}

/** The errors a response stream fails with when the client has closed the connection. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED']);

function isClientGone(err: unknown): boolean {
  return CLIENT_GONE.has((err as NodeJS.ErrnoException | undefined)?.code ?? '');
}
