import type { EngineErrorKind } from '@shrinkly/engine';
import type { LocalCompressionRequest, LocalCompressionResult } from './local-compressor.js';

/** What the main thread asks the compression worker. */
export type ToWorker = ({ type: 'compress'; id: number } & LocalCompressionRequest) | { type: 'cancel'; id: number };

/** What the compression worker answers, per call id. */
export type FromWorker =
  | { type: 'progress'; id: number; percent: number }
  | { type: 'done'; id: number; result: LocalCompressionResult }
  | { type: 'failed'; id: number; kind: EngineErrorKind; message: string };
