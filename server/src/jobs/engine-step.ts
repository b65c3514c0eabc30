import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TargetOutcome } from '@shrinkly/contract';
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
}

/** The work of one job on its input file, in a private work folder: a compression or a conversion. */
export type EngineWork = (input: string, workDir: string) => Promise<EngineOutput>;

/** A job's result, in storage: the input's own blob when unchanged. */
export interface StoredOutput extends Omit<EngineOutput, 'output'> {
  blobKey: string;
  size: number;
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
        const { output, ...facts } = await work(input, this.workRoot);
        if (facts.unchanged) return { ...facts, blobKey: inputBlob, size: originalSize };
        resultDir = path.dirname(output);
        const stored = await this.storage.putFile(output);
        return { ...facts, blobKey: stored.key, size: stored.size };
      });
    } finally {
      if (resultDir) await rm(resultDir, { recursive: true, force: true });
    }
  }
}
