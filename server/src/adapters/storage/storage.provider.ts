import path from 'node:path';
import type { AppConfig } from '../../config/app.config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import type { StoragePort } from './storage.port.js';

/** Blob storage from the configuration: files under DATA_DIR/blobs (the embedded default). */
export function createStorage(config: AppConfig): StoragePort {
  return new LocalDiskStorage(path.join(config.dataDir, 'blobs'));
}
