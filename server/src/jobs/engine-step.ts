import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Comparison, TargetOutcome } from '@shrinkly/contract';
import { type ComparePair, comparisonOf } from '@shrinkly/engine';
import type { StoragePort } from '../adapters/storage/storage.port.js';

/** What the engine made of a job's input: a new local file, or the input itself when nothing was gained. */
export interface EngineOutput {
  output: string;
  format: string;
  unchanged: boolean;
  recipe: string | null;
  /** The result's closeness to the input on SSIM's scale (the engine's score); null when not measured. */
  score: number | null;
  /** How a requested target size went (compressions only). */
  target?: TargetOutcome;
  /** Before/after renditions (compressions only; none for sound, documents and archives). */
  compare?: ComparePair[] | undefined;
}

/** The work of one job on its input file, in a private work folder: a compression or a conversion. */
export type EngineWork = (input: string, workDir: string) => Promise<EngineOutput>;

/** A job's result, in storage: the input's own blob when unchanged. */
export interface StoredOutput extends Omit<EngineOutput, 'output' | 'compare'> {
  blobKey: string;
  size: number;
  /** The renditions in storage, as the contract's comparison (JSON); null when there are none. */
  compareBlob: string | null;
}

/** A stored comparison (see `EngineStep.storeComparison`), read back for the API. */
export async function readComparison(storage: StoragePort, key: string): Promise<Comparison> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.openRead(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Comparison;
}

/**
 * The one step every job takes: its input from storage (a local copy only while the engine runs), the engine in a
 * private work folder, and the result into storage. The work folder is always removed.
 */
export class EngineStep {
  constructor(
    private readonly storage: StoragePort,
    private readonly workRoot: string,
  ) {}

  async run(inputBlob: string, originalSize: number, work: EngineWork): Promise<StoredOutput> {
    await mkdir(this.workRoot, { recursive: true });
    let resultDir: string | undefined;
    try {
      return await this.storage.withLocalCopy(inputBlob, async (input) => {
        const { output, compare, ...facts } = await work(input, this.workRoot);
        if (facts.unchanged) return { ...facts, blobKey: inputBlob, size: originalSize, compareBlob: null };
        resultDir = path.dirname(output);
        const stored = await this.storage.putFile(output);
        // Renditions are an extra: a result whose before/after could not be stored is still the result (the view
        // then says there is none), and its blob is not left behind by a failed job.
        const compareBlob = compare?.length ? await this.storeComparison(compare, resultDir).catch(() => null) : null;
        return { ...facts, blobKey: stored.key, size: stored.size, compareBlob };
      });
    } finally {
      if (resultDir) await rm(resultDir, { recursive: true, force: true });
    }
  }

  /** The renditions as the contract's comparison, one JSON blob (pictures as data: URLs, which the page may show). */
  private async storeComparison(pairs: ComparePair[], dir: string): Promise<string> {
    const file = path.join(dir, 'comparison.json');
    await writeFile(file, JSON.stringify(comparisonOf(pairs)));
    return (await this.storage.putFile(file)).key;
  }
}
