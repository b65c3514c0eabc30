import { LocalCompressionError } from './local-compressor.js';

const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'The file or folder no longer exists',
  EACCES: 'Shrinkly is not allowed to read or write here',
  EPERM: 'Shrinkly is not allowed to read or write here',
  ENOSPC: 'The disk is full',
  EROFS: 'The folder is read-only',
  EISDIR: 'This is a folder, not a file',
};

/** Why a job failed, in words for the user: the engine's message where it is one, else what the system said. */
export function failureMessage(err: unknown): string {
  if (err instanceof LocalCompressionError) {
    switch (err.kind) {
      case 'tool-missing':
        return `${err.message.replace('on this server', 'on this computer')}: files of this kind cannot be compressed here`;
      case 'failed':
        return `The compression failed: ${err.message}`;
      default:
        return err.message;
    }
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code && FILE_ERRORS[code]) return FILE_ERRORS[code];
  return err instanceof Error ? err.message : String(err);
}
