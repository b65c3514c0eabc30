import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompressionJob, CompressionResponse } from '@shrinkly/contract';
import { detect } from '@shrinkly/engine';
import { describe, expect, it } from 'vitest';
import { useTempDir, useTestApp } from '../harness.js';

const corpus = process.env.CORPUS_DIR ?? path.resolve(fileURLToPath(new URL('../../..', import.meta.url)), '../shared/corpus');
/** One real file per family the landing page accepts. */
const FILES = [
  'jpg/skagen.jpg',
  'png/search.png',
  'pdf/R-FAQ.pdf',
  'docx/stress023.docx',
  'mp3/Lively_Light.mp3',
  'mov/FakeSample.mov',
  'zip/chelsea.zip',
];

describe.runIf(existsSync(corpus))('public compression of real files', () => {
  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '0' } });
  const dir = useTempDir('shrinkly-corpus-');

  it.each(FILES)(
    '%s: compressed through HTTP, downloaded valid and never larger',
    async (relative) => {
      const file = path.join(corpus, relative);
      const form = new FormData();
      form.set('compressionLevel', 'balanced');
      form.set('file', new Blob([await readFile(file)]), path.basename(file));
      const first = (await (await t.fetch('/api/compress', { method: 'POST', body: form })).json()) as CompressionResponse;
      let job: CompressionJob | undefined;
      for (let i = 0; i < 600; i++) {
        job = (await (await t.fetch(`/api/compression-job/${first.jobId}`)).json()) as CompressionJob;
        if (job.status === 'completed' || job.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(job?.status, job?.error ?? '').toBe('completed');
      const download = await fetch(job?.temporaryUrl as string);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.length).toBeLessThanOrEqual((await stat(file)).size);
      const saved = path.join(dir, `result-${path.basename(file)}`);
      await writeFile(saved, bytes);
      // The download is the same kind of file (a WAV would come back as FLAC; none of these change format).
      expect((await detect(saved)).ext).toBe((await detect(file)).ext);
    },
    300_000,
  );
});
