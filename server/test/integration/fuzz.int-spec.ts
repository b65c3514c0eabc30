import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// The same runner as `npm run fuzz`, here on a short, fixed-seed run of small files.
import { formatHistogram, runFuzz } from '../../../scripts/fuzz/run-fuzz.mjs';
import { useTestApp } from '../harness.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const corpus = process.env.CORPUS_DIR ?? path.resolve(root, '../shared/corpus');
// Without the sample corpus beside the checkout, the browser tests' fixtures stand in.
const sources = existsSync(corpus) ? corpus : path.join(root, 'e2e/fixtures');

describe('fuzz (short run): mutated real files through every upload route', () => {
  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '2000' } });

  it('answers every one with a 2xx or 4xx, settles every job, keeps no temporary file and stays healthy', {
    timeout: 300_000,
  }, async () => {
    const result = await runFuzz({
      baseUrl: t.baseUrl,
      dataDir: t.dataDir,
      corpusDir: sources,
      count: 30,
      seed: 20261123,
      maxFileBytes: 400 * 1024,
      requestBudgetMs: 120_000,
    });
    const total = Object.values(result.histogram).reduce(
      (sum, counts) => sum + Object.values(counts).reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBe(30);
    expect(result.failures, formatHistogram(result.histogram).join('\n')).toEqual([]);
  });
});
