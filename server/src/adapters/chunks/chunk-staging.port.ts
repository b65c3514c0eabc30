/** What a chunked upload is: its name, size and number of chunks, fixed by its first chunk. */
export interface UploadMeta {
  fileName: string;
  fileSize: number;
  totalChunks: number;
}

/**
 * Where the chunks of large uploads wait until the upload is assembled: each chunk lands at its offset in the
 * upload's one data file, and which chunks arrived is recorded apart, so chunks may come in any order and a retried
 * chunk rewrites the same bytes. Local disk by default; a store several processes share is the scale-out adapter.
 * Upload ids are checked by the contract (letters, digits, - and _).
 */
export abstract class ChunkStagingPort {
  /** Records the upload's description the first time; afterwards returns the one recorded. */
  abstract describe(uploadId: string, meta: UploadMeta): Promise<UploadMeta>;
  /** Writes `bytes` at `offset` of the upload's data, then records chunk `index` as received. */
  abstract writeChunk(uploadId: string, index: number, offset: number, bytes: Buffer): Promise<void>;
  /** The indexes of the chunks received so far. */
  abstract received(uploadId: string): Promise<Set<number>>;
  /** The bytes the data holds so far. */
  abstract size(uploadId: string): Promise<number>;
  /** Moves the assembled data to `target` on local disk and forgets the upload. */
  abstract takeAssembled(uploadId: string, target: string): Promise<void>;
  /** Forgets uploads untouched for longer than `maxAgeMs`; returns how many. */
  abstract removeAbandoned(now: Date, maxAgeMs: number): Promise<number>;
}
