import { documentConverter } from './document.converter.js';
import { imageConverter } from './image.converter.js';
import { mediaConverter } from './media.converter.js';
import type { FamilyConverter } from './types.js';

/** Every conversion the engine does, by family; the first converter offering a pair does it. */
export const CONVERTERS: readonly FamilyConverter[] = [documentConverter, imageConverter, mediaConverter];

/** The targets for an input type (as `DetectedType.ext`), lower-case, in a stable order. */
export function conversionTargets(from: string): string[] {
  return [...new Set(CONVERTERS.flatMap((c) => c.targets(from)))];
}

/** The engine's name for the type a browser gives a file: the contract's one MIME table. */
export { extensionForMime } from '@shrinkly/contract';
export { configureSharedLibreOffice, LibreOfficeBridge, sharedLibreOffice } from '../tools/office/libreoffice-bridge.js';
export type { ConvertOptions, ConvertResult, FamilyConverter } from './types.js';
