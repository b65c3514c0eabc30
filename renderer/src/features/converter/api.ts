import { type Conversion, endpoints } from '@shrinkly/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { conversionEnded, followConversion } from '../../transfer/follow-job';
import { multipartForm } from '../../transfer/multipart-form';
import { postMultipart } from '../../transfer/post-multipart';
import { JobFailedError } from '../../transfer/transfer-errors';
import { directUploadTimeoutMs } from '../../transfer/transfer-timing';

export const converterQueryKeys = {
  formats: (mimeType: string) => ['converter', 'formats', mimeType] as const,
};

/**
 * The target formats (lower-case extensions) for a MIME type; empty when it cannot be converted. Cached per type by
 * the query client, so ten PNGs ask once; a failure is not cached, so the next file of that type asks again.
 */
export async function fetchConverterFormats(queryClient: QueryClient, mimeType: string): Promise<string[]> {
  const { formats } = await queryClient.fetchQuery({
    queryKey: converterQueryKeys.formats(mimeType),
    queryFn: () => api.converterFormats({ mimeType }),
  });
  return [...new Set(formats.map((format) => format.toLowerCase()))];
}

export interface ConversionCallbacks {
  signal: AbortSignal;
  /** The share of the bytes sent, 0 to 1. */
  onUploadProgress: (fraction: number) => void;
  /** Every byte is sent; the server is converting. */
  onUploaded: () => void;
  /** A long conversion's real progress, 0-100, while its job is followed. */
  onJobProgress: (percent: number) => void;
}

/** A finished conversion: its signed link (valid 24 hours) and both sizes. */
export interface ConvertedFile {
  downloadUrl: string;
  originalSize: number;
  convertedSize: number;
}

/** The converted file of a settled conversion, or a JobFailedError carrying the server's words. */
function convertedFileOf(conversion: Conversion): ConvertedFile {
  const { status, downloadUrl, convertedSize, originalSize, message } = conversion;
  if (status === 'completed' && downloadUrl && convertedSize !== null) return { downloadUrl, originalSize, convertedSize };
  throw new JobFailedError(status === 'failed' && message ? message : 'Conversion failed');
}

/**
 * Uploads one file with real byte progress and converts it. A quick conversion answers completed at once; a long one
 * (HTTP 202, queued or processing) is followed through its job. Throws ApiError when the server refuses (400, 413,
 * 415, 422), UploadError for transport failures and JobFailedError when the conversion itself fails.
 */
export async function convertFile(file: File, targetFormat: string, callbacks: ConversionCallbacks): Promise<ConvertedFile> {
  const { signal } = callbacks;
  const route = endpoints.convert;
  const answer = await postMultipart(route, multipartForm(route, { targetFormat }, file), {
    signal,
    timeoutMs: directUploadTimeoutMs(file.size),
    onUploadProgress: callbacks.onUploadProgress,
    onUploaded: callbacks.onUploaded,
  });
  if (conversionEnded(answer.status)) return convertedFileOf(answer);
  callbacks.onUploaded();
  const job = await followConversion(answer.jobId, {
    signal,
    onProgress: (current) => callbacks.onJobProgress(current.progress),
  });
  return convertedFileOf(job);
}
