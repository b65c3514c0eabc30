#!/usr/bin/env node
// npm run fuzz [-- --count 300] [--seed N] [--corpus DIR]
// Starts the built server on a free port with its own data folder, sends mutated corpus files through every upload
// route (scripts/fuzz/run-fuzz.mjs), prints the status histogram per route, and exits 1 on any 5xx, hang, temporary
// file left behind or an unhealthy server. The seed is printed: `--seed` replays a run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBuiltServer } from './built-server.mjs';
import { formatHistogram, runFuzz } from './fuzz/run-fuzz.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '300' },
    seed: { type: 'string' },
    corpus: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const corpusDir = path.resolve(values.corpus ?? process.env.CORPUS_DIR ?? path.join(root, '../shared/corpus'));

const server = await startBuiltServer({ env: { NODE_ENV: 'test' }, dataDirPrefix: 'shrinkly-fuzz-' }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
const { baseUrl, dataDir } = server;

console.log(`[fuzz] seed ${seed}, ${values.count} files from ${corpusDir}, server ${baseUrl}`);
const started = Date.now();
const result = await runFuzz({
  baseUrl,
  dataDir,
  corpusDir,
  seed,
  count: Number(values.count),
  log: values.verbose ? (line) => console.log(`  ${line}`) : () => {},
});
const exitedEarly = server.exited();
await server.stop();

const slowest = [...result.cases]
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 3)
  .map((c) => `${c.route} ${c.source} (${c.kind}) ${(c.ms / 1000).toFixed(1)} s`);
console.log(`[fuzz] ${result.cases.length} files in ${((Date.now() - started) / 1000).toFixed(0)} s; status per route:`);
for (const line of formatHistogram(result.histogram)) console.log(line);
console.log(`[fuzz] slowest: ${slowest.join('; ')}`);
if (exitedEarly) result.failures.push('the server exited during the run');
if (result.failures.length > 0) {
  console.error(`[fuzz] ${result.failures.length} failure(s) (replay with --seed ${seed}):`);
  for (const f of result.failures) console.error(`  - ${f}`);
  process.exit(1);
}
console.log('[fuzz] no 5xx, no hang, no temporary file left, server healthy');
