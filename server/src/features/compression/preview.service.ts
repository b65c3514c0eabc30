import { mkdir, rm } from 'node:fs/promises';
import {
  COMPRESSION_LEVELS,
  type CompressionPreview,
  FREE_COMPRESSION_LIMIT_BYTES,
  LEVEL_QUALITY,
  MB,
  spaceSavedPercent,
} from '@shrinkly/contract';
import { estimate, isEngineError } from '@shrinkly/engine';
import type { QueuePort } from '../../adapters/queue/queue.port.js';
import { UnprocessableError, ValidationError } from '../../common/errors.js';
import type { IncomingFile } from '../uploads/incoming-file.js';
import type { CompressionService } from './compression.service.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The compression preview: the engine's real estimate of each level for one uploaded file. It takes a slot of the
 * job queue like any compression (a burst of previews cannot starve the jobs), and the engine answers within its
 * preview budget or says the file is too costly (422).
 */
export class PreviewService {
  constructor(
    private readonly compression: CompressionService,
    private readonly queue: QueuePort,
    private readonly tmpDir: string,
  ) {}

  async preview(file: IncomingFile): Promise<CompressionPreview> {
    try {
      const type = await this.compression.checkType(file);
      await mkdir(this.tmpDir, { recursive: true });
      const result = await this.queue
        .runNow((signal) => estimate(file.path, { nameHint: file.originalName, tmpDir: this.tmpDir, signal }))
        .catch((err: unknown) => {
          if (isEngineError(err, 'invalid-input')) throw new ValidationError(err.message);
          if (isEngineError(err, 'over-budget')) throw new UnprocessableError(err.message);
          throw err;
        });
      return {
        fileName: file.originalName,
        originalSize: file.size,
        originalSizeMB: round2(file.size / MB),
        fileType: type.ext,
        previews: COMPRESSION_LEVELS.map((level) => {
          const size = result.sizes[level];
          return {
            level,
            estimatedSize: size,
            spaceSaved: spaceSavedPercent(file.size, size),
            compressionRatio: round2(file.size / Math.max(1, size)),
            quality: LEVEL_QUALITY[level],
            sizeMB: round2(size / MB),
            savedMB: round2((file.size - size) / MB),
          };
        }),
        maxFreeSize: FREE_COMPRESSION_LIMIT_BYTES,
        requiresPayment: file.size >= FREE_COMPRESSION_LIMIT_BYTES,
      };
    } finally {
      await rm(file.path, { force: true });
    }
  }
}
