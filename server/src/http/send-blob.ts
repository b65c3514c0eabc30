import contentDisposition from 'content-disposition';
import type { Request, Response } from 'express';
import rangeParser from 'range-parser';
import { pipeline } from 'node:stream/promises';
import type { StoragePort } from '../adapters/storage/storage.port.js';

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', heic: 'image/heic', bmp: 'image/bmp', tif: 'image/tiff',
  pdf: 'application/pdf', zip: 'application/zip', '7z': 'application/x-7z-compressed', rar: 'application/vnd.rar',
  doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo', mkv: 'video/x-matroska', webm: 'video/webm', wmv: 'video/x-ms-wmv', flv: 'video/x-flv',
  mp3: 'audio/mpeg', aac: 'audio/aac', m4a: 'audio/mp4', ogg: 'audio/ogg', opus: 'audio/opus', flac: 'audio/flac', wav: 'audio/wav',
};

/** The download name: the client's name with the result's extension (a .wav that became FLAC downloads as .flac). */
export function downloadName(fileName: string, format: string): string {
  const base = fileName.replace(/\.[^./\\]*$/, '') || 'file';
  return `${base}.${format}`;
}

/**
 * Streams a blob as an attachment with RFC 6266/5987 `Content-Disposition`, honouring a single Range
 * (206 with Content-Range; 416 when unsatisfiable), so large downloads resume.
 */
export async function sendBlob(req: Request, res: Response, storage: StoragePort, blob: { key: string; fileName: string; format: string }): Promise<void> {
  const size = await storage.size(blob.key);
  res.setHeader('Content-Type', MIME_BY_EXT[blob.format] ?? 'application/octet-stream');
  res.setHeader('Content-Disposition', contentDisposition(downloadName(blob.fileName, blob.format)));
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
  await pipeline(await storage.openRead(blob.key, range), res);
}
