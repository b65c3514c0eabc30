import { type DetectedType, detect, isEngineError } from '@shrinkly/engine';
import { UnsupportedMediaTypeError } from '../../common/errors.js';

/** An upload received on local disk, waiting to be checked and stored. */
export interface IncomingFile {
  path: string;
  size: number;
  originalName: string;
}

/** The real type of an upload, read from the content (never the name alone); `refusal` (415) unless `accepts` it. */
export async function readRealType(
  file: IncomingFile,
  accepts: (ext: string) => boolean,
  refusal: string,
): Promise<DetectedType> {
  const type = await detect(file.path, file.originalName).catch((err: unknown) => {
    if (isEngineError(err)) return undefined;
    throw err;
  });
  if (!type || !accepts(type.ext)) throw new UnsupportedMediaTypeError(refusal);
  return type;
}

/** The file types one surface accepts, and how its refusal names them. */
export class AcceptedTypes {
  private readonly types: ReadonlySet<string>;
  private readonly listed: string;

  /** `unlisted`: accepted spellings the message leaves out (`jpeg` beside `jpg`). */
  constructor(types: readonly string[], unlisted: readonly string[] = []) {
    this.types = new Set(types);
    this.listed = types
      .filter((t) => !unlisted.includes(t))
      .map((t) => t.toUpperCase())
      .join(', ');
  }

  read(file: IncomingFile): Promise<DetectedType> {
    return readRealType(file, (ext) => this.types.has(ext), `This file type is not supported. Accepted types: ${this.listed}.`);
  }
}
