import { z } from 'zod';
import { callbackUrlSchema } from './webhooks.js';

/** GET /api/converter/formats/{mimeType}: the targets for that type, lower-case extensions; empty when none. */
export const converterFormatsSchema = z.object({ formats: z.array(z.string()) });
export type ConverterFormats = z.infer<typeof converterFormatsSchema>;

/** Text fields of POST /api/converter/convert (multipart; the bytes are the `file`). */
export const convertFieldsSchema = z.object({
  targetFormat: z
    .string({ error: 'targetFormat is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{2,5}$/, 'targetFormat must be a file extension such as pdf or png'),
  callbackUrl: callbackUrlSchema,
});

export const CONVERSION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export const conversionStatusSchema = z.enum(CONVERSION_STATUSES);
export type ConversionStatus = z.infer<typeof conversionStatusSchema>;

/**
 * One conversion (SPEC.md §3 "Convert response", plus its job): a quick one answers completed with its link;
 * a long one answers 202 and is followed at GET /api/converter/jobs/{jobId} until completed or failed.
 */
export const conversionSchema = z.object({
  success: z.boolean().describe('true once the converted file is ready'),
  jobId: z.string(),
  status: conversionStatusSchema,
  progress: z.number().int().min(0).max(100),
  fileName: z.string().describe("the converted file's name"),
  targetFormat: z.string(),
  originalSize: z.number().int(),
  convertedSize: z.number().int().nullable(),
  downloadUrl: z.string().nullable().describe('signed link, valid 24 hours'),
  downloadExpiresAt: z.string().nullable(),
  message: z.string().describe('what happened, for people: the error when failed'),
});
export type Conversion = z.infer<typeof conversionSchema>;
