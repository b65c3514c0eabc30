import { newItemId } from '../../transfer/use-transfer-list';
import type { ConvertedFile } from './api';
import { type ConverterCategory, categoryOfMimeType, converterMimeType } from './mime-types';

/** One file of the converter list (docs/product/SPEC.md §3 "Converter file item", section 4 "Converter file"). */
export interface ConverterItem {
  id: string;
  file: File;
  /** The type the formats were asked for: the browser's, or guessed from the extension. */
  mimeType: string;
  category: ConverterCategory;
  /** The targets for this file, lower-case; null while they load, empty when they could not be loaded. */
  availableFormats: string[] | null;
  targetFormat: string | null;
  status: 'idle' | 'converting' | 'converted' | 'error';
  /** 0-100 while converting, 100 once converted. */
  progress: number;
  error: string | null;
  result: ConvertedFile | null;
}

export function newConverterItem(file: File): ConverterItem {
  const mimeType = converterMimeType(file);
  return {
    id: newItemId(),
    file,
    mimeType,
    category: categoryOfMimeType(mimeType),
    availableFormats: null,
    targetFormat: null,
    status: 'idle',
    progress: 0,
    error: null,
    result: null,
  };
}

/** The format choice is locked while converting and once converted; an error lets the user pick again. */
export function isFormatLocked(item: ConverterItem): boolean {
  return item.status === 'converting' || item.status === 'converted';
}

/** Remove is blocked while converting (docs/product/SPEC.md §4). */
export function isConverting(item: ConverterItem): boolean {
  return item.status === 'converting';
}
