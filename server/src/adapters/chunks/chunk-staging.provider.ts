import type { AppConfig } from '../../config/app.config.js';
import type { ChunkStagingPort } from './chunk-staging.port.js';
import { LocalDiskChunkStaging } from './local-disk.chunk-staging.js';

/** Chunk staging from the configuration: DATA_DIR/uploads on local disk (the embedded default). */
export function createChunkStaging(config: AppConfig): ChunkStagingPort {
  return new LocalDiskChunkStaging(`${config.dataDir}/uploads`);
}
