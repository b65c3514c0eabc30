import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Request, Response } from 'express';
import { rm } from 'node:fs/promises';
import multer from 'multer';
import type { z } from 'zod';
import { ZodBodyPipe } from '../common/zod-body.pipe.js';
import { PayloadTooLargeError, ValidationError } from '../common/errors.js';

/** A file received from a multipart request, already on disk under a random name, with its validated text fields. */
export interface ReceivedFile<F = Record<string, never>> {
  path: string;
  size: number;
  /** The client's file name: display data only. */
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
  if (!req.is('multipart/form-data')) throw new ValidationError(`Send the file as multipart/form-data in the "${options.field}" field`);
  await mkdir(options.dir, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({ destination: options.dir, filename: (_req, _file, cb) => cb(null, `${randomUUID()}.upload`) }),
    limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 24 },
  }).single(options.field);
  await new Promise<void>((resolve, reject) => {
    upload(req, res, (err: unknown) => (err ? reject(multipartError(err, options)) : resolve()));
  });
  const file = req.file;
  if (!file) throw new ValidationError(`${options.field} is required`);
  try {
    const fields = options.fields ? new ZodBodyPipe(options.fields).transform({ ...(req.body as object) }) : {};
    return { path: file.path, size: file.size, originalName: file.originalname, fields: fields as z.output<S> };
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
  if (!req.is('multipart/form-data')) throw new ValidationError(`Send the file as multipart/form-data in the "${options.field}" field`);
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 24 },
  }).single(options.field);
  await new Promise<void>((resolve, reject) => {
    upload(req, res, (err: unknown) => (err ? reject(multipartError(err, options)) : resolve()));
  });
  if (!req.file) throw new ValidationError(`${options.field} is required`);
  const fields = new ZodBodyPipe(options.fields).transform({ ...(req.body as object) });
  return { buffer: req.file.buffer, fields };
}

function multipartError(err: unknown, options: { field: string; tooLargeMessage: string; tooLargeError?: () => Error }): unknown {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return options.tooLargeError?.() ?? new PayloadTooLargeError(options.tooLargeMessage);
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return new ValidationError(`Send exactly one file, in the "${options.field}" field`);
    return new ValidationError(`Invalid upload: ${err.message}`);
  }
  return err instanceof Error && /Unexpected end of form|Malformed part header/i.test(err.message) ? new ValidationError('The upload was cut off before it finished') : err;
}
