import { EngineError } from '../errors.js';
import type { DetectedType } from '../types.js';
import type { FamilyConverter } from './types.js';

/**
 * Throws EngineError('unsupported') unless `converter` turns this type of input into `target`, naming the input by
 * its label (its extension in capitals when it has none).
 */
export function assertConvertible(
  converter: FamilyConverter,
  type: DetectedType,
  target: string,
  labels: Readonly<Record<string, string>>,
): void {
  if (converter.targets(type.ext).includes(target)) return;
  throw new EngineError(
    'unsupported',
    `${labels[type.ext] ?? type.ext.toUpperCase()} files cannot be converted to ${target.toUpperCase()}`,
  );
}
