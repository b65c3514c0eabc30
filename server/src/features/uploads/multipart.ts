import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { cleanFileName, FILE_NAME_MAX_LENGTH } from '@shrinkly/contract';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { z } from 'zod';
import { PayloadTooLargeError, ValidationError } from '../../common/errors.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';

/** Text fields and parts one multipart request may carry besides its file. */
const LIMITS = { files: 1, fields: 20, fieldSize: 4096, parts: 24 } as const;
/**
 * What a multipart body may add around its file: every field at its largest, and a generous 2 KB of boundary and
 * part headers per part (a long UTF-8 file name, percent-encoded, included).
 */
const FRAMING_BYTES = LIMITS.fields * LIMITS.fieldSize + LIMITS.parts * 2048;

/**
 * The least the file of a multipart request can weigh, from its declared Content-Length (0 when none is declared):
 * enough to refuse early what cannot fit, never a file that would.
 */
export function declaredFileBytes(req: Request): number {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) ? Math.max(0, declared - FRAMING_BYTES) : 0;
}

/**
 * Runs a check before the body is read; when it refuses, the connection is closed after the answer rather than
 * drained, so the refused bytes are never received.
 */
export async function beforeBody(res: Response, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (err) {
    res.setHeader('Connection', 'close');
    throw err;
  }
}

/**
 * A body that declares more than the route takes is refused before a byte of it is read, and the connection is
 * closed after the answer rather than drained. (A body without Content-Length, or one that lies low, is still
 * cut off at the limit while it streams.)
 */
function refuseDeclaredOversize(req: Request, res: Response, maxBytes: number, tooLarge: () => Error): void {
  const declared = Number(req.headers['content-length']);
  if (!Number.isFinite(declared) || declared <= maxBytes + FRAMING_BYTES) return;
  res.setHeader('Connection', 'close');
  throw tooLarge();
}

/** A file received from a multipart request, already on disk under a random name, with its validated text fields. */
export interface ReceivedFile<F = Record<string, never>> {
  path: string;
  size: number;
  /**
   * The client's file name: display data only. Read as UTF-8 (or from RFC 5987 `filename*` when sent), and cleaned
   * by the contract's name rule: a name that comes with a file is never a reason to refuse the file.
   */
  originalName: string;
  fields: F;
}

/**
 * Streams the one file of a multipart request to `dir` (never into memory) and returns it with the text fields.
 * Over `maxBytes` the partial file is removed and the request answers 413 with `tooLargeMessage`.
 */
export async function receiveFile<S extends z.ZodType = z.ZodObject<Record<string, never>>>(
  req: Request,
  res: Response,
  options: { field: string; dir: string; maxBytes: number; tooLargeMessage: string; tooLargeError?: () => Error; fields?: S },
): Promise<ReceivedFile<z.output<S>>> {
  if (!req.is('multipart/form-data'))
    throw new ValidationError(`Send the file as multipart/form-data in the "${options.field}" field`);
  refuseDeclaredOversize(req, res, options.maxBytes, () => tooLargeError(options));
  await mkdir(options.dir, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({ destination: options.dir, filename: (_req, _file, cb) => cb(null, `${randomUUID()}.upload`) }),
    limits: { fileSize: options.maxBytes, ...LIMITS },
    defParamCharset: 'utf8',
  }).single(options.field);
  await new Promise<void>((resolve, reject) => {
    upload(req, res, (err: unknown) => (err ? reject(multipartError(err, options)) : resolve()));
  });
  const file = req.file;
  if (!file) throw new ValidationError(`${options.field} is required`);
  try {
    const fields = options.fields ? new ZodBodyPipe(options.fields).transform({ ...(req.body as object) }) : {};
    return {
      path: file.path,
      size: file.size,
      originalName: cleanFileName(file.originalname, FILE_NAME_MAX_LENGTH),
      fields: fields as z.output<S>,
    };
  } catch (err) {
    // A refused request keeps nothing.
    await rm(file.path, { force: true });
    throw err;
  }
}

/** A small file part held in memory (bounded by `maxBytes`), with its validated text fields. */
export interface ReceivedBuffer<F> {
  buffer: Buffer;
  fields: F;
}

/**
 * Reads the one file of a multipart request into memory: only for parts bounded by a small `maxBytes` (upload
 * chunks), so they can be written straight to their place without a temporary file.
 */
export async function receiveBuffer<S extends z.ZodType>(
  req: Request,
  res: Response,
  options: { field: string; maxBytes: number; tooLargeMessage: string; fields: S },
): Promise<ReceivedBuffer<z.output<S>>> {
  if (!req.is('multipart/form-data'))
    throw new ValidationError(`Send the file as multipart/form-data in the "${options.field}" field`);
  refuseDeclaredOversize(req, res, options.maxBytes, () => tooLargeError(options));
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.maxBytes, ...LIMITS },
    defParamCharset: 'utf8',
  }).single(options.field);
  await new Promise<void>((resolve, reject) => {
    upload(req, res, (err: unknown) => (err ? reject(multipartError(err, options)) : resolve()));
  });
  if (!req.file) throw new ValidationError(`${options.field} is required`);
  const fields = new ZodBodyPipe(options.fields).transform({ ...(req.body as object) });
  return { buffer: req.file.buffer, fields };
}

interface TooLargeOptions {
  tooLargeMessage: string;
  tooLargeError?: () => Error;
}

function tooLargeError(options: TooLargeOptions): Error {
  return options.tooLargeError?.() ?? new PayloadTooLargeError(options.tooLargeMessage);
}

function multipartError(err: unknown, options: { field: string } & TooLargeOptions): unknown {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return tooLargeError(options);
    if (err.code === 'LIMIT_UNEXPECTED_FILE')
      return new ValidationError(`Send exactly one file, in the "${options.field}" field`);
    return new ValidationError(`Invalid upload: ${err.message}`);
  }
  return err instanceof Error && /Unexpected end of form|Malformed part header/i.test(err.message)
    ? new ValidationError('The upload was cut off before it finished')
    : err;
}
