import type { Readable } from 'node:stream';

/** Where a blob is and how big it is. */
export interface BlobInfo {
  key: string;
  size: number;
}

/**
 * A blob that is not in storage, as a remote store reports it. It carries the file system's code, so callers see
 * one error for a missing blob whichever adapter is configured.
 */
export class MissingBlobError extends Error {
  readonly code = 'ENOENT';

  constructor(key: string) {
    super(`blob ${key} is not in storage`);
  }
}

/**
 * Blob storage for uploads and results. Keys are random ids chosen here, never client file names.
 * The local disk adapter is the default; S3-compatible storage is the scale-out adapter.
 * Reading a missing blob (`withLocalCopy`, `openRead`, `size`) rejects with an error whose `code` is `ENOENT`.
 */
export abstract class StoragePort {
  /** Moves a finished local file into storage (the file is gone afterwards) and returns its new key. */
  abstract putFile(localPath: string): Promise<BlobInfo>;
  /**
   * Runs `work` with a local file holding the blob's bytes, for tools that need a file, and lets it go afterwards
   * (a remote store downloads a private copy and removes it). `work` must only read the file.
   */
  abstract withLocalCopy<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T>;
  /** Streams bytes `start`..`end` (inclusive) of a blob, or all of it. */
  abstract openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  abstract size(key: string): Promise<number>;
  /** Deletes a blob; deleting a missing blob is not an error. */
  abstract delete(key: string): Promise<void>;
}
