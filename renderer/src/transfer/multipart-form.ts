import type { Endpoint } from '@shrinkly/contract';

/** Text fields of a multipart body; those left undefined or null are not sent. */
export type MultipartFields = Record<string, string | number | boolean | null | undefined>;

/**
 * The body of a multipart route: its text fields first, so the server knows them before the bytes stream in, then
 * the bytes under the route's file field.
 */
export function multipartForm(endpoint: Endpoint, fields: MultipartFields, bytes: Blob, fileName?: string): FormData {
  if (!endpoint.multipart) throw new Error(`${endpoint.path} takes no multipart body`);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  if (fileName === undefined) form.append(endpoint.multipart.file, bytes);
  else form.append(endpoint.multipart.file, bytes, fileName);
  return form;
}
