import { contentHash } from '../../tools/content-hash.js';

/**
 * Facts about an original that do not depend on the level (how many pages LibreOffice lays it out on, whether a
 * re-save helps), remembered by content hash so that the three levels, or an estimate followed by the real job,
 * do not pay for the same LibreOffice run again. Small and bounded: oldest facts are forgotten first.
 */
export class ContentMemo<T> {
  private readonly facts = new Map<string, T>();

  constructor(private readonly capacity = 128) {}

  get(key: string): T | undefined {
    return this.facts.get(key);
  }

  set(key: string, value: T): void {
    this.facts.delete(key);
    this.facts.set(key, value);
    while (this.facts.size > this.capacity) {
      const oldest = this.facts.keys().next().value;
      if (oldest === undefined) break;
      this.facts.delete(oldest);
    }
  }
}

/** SHA-256 of a file's bytes plus the type it was read as. */
export async function contentKey(file: string, ext: string): Promise<string> {
  return `${ext}:${await contentHash(file)}`;
}
