import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import { CORPUS_DIR } from '../corpus-ladder.test-support.js';
import { EngineError } from '../errors.js';
import { runProcess } from '../process/run-process.js';
import { LibreOfficeBridge, replaceSharedLibreOffice, sharedLibreOffice } from '../tools/office/libreoffice-bridge.js';
import { readZipMember, unpackZip } from '../tools/zip/members.js';
import { writeZip } from '../tools/zip/writer.js';
import { conversionTargets, extensionForMime } from './index.js';

const corpus = (folder: string): string | undefined => {
  const dir = path.join(CORPUS_DIR, folder);
  if (!existsSync(dir)) return undefined;
  // The smallest file of its kind keeps the suite quick; the bench times the bigger ones.
  const [smallest] = readdirSync(dir)
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(a).size - statSync(b).size);
  return smallest;
};

/** Kills the processes whose command line mentions `needle` (read from /proc); returns how many. */
function killProcessesMatching(needle: string): number {
  let killed = 0;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    const cmdline = (() => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    })();
    if (cmdline.includes('soffice') && cmdline.includes(needle)) {
      process.kill(Number(pid), 'SIGKILL');
      killed += 1;
    }
  }
  return killed;
}

const pdfText = async (file: string) =>
  (await runProcess('pdftotext', ['-enc', 'UTF-8', file, '-'], { captureStdout: true })).stdout;
const pdfPages = async (file: string) =>
  Number(/^Pages:\s+(\d+)/m.exec((await runProcess('pdfinfo', [file], { captureStdout: true })).stdout)?.[1]);
const expectKind = async (call: Promise<unknown>, kind: string, message?: RegExp) => {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  expect((err as EngineError).kind).toBe(kind);
  if (message) expect((err as EngineError).message).toMatch(message);
};

describe('document conversions', () => {
  let dir: string;
  let notes: string;
  let table: string;
  const outputs: string[] = [];
  const run = async (input: string, target: string, nameHint?: string) => {
    const result = await convert(input, { target, tmpDir: dir, ...(nameHint ? { nameHint } : {}) });
    outputs.push(result.output);
    return result;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-docs-'));
    notes = path.join(dir, 'notes.txt');
    await writeFile(notes, 'Quarterly harbour report\n\nThe ferries ran on time. Café prices rose by 3%.\n');
    table = path.join(dir, 'table.csv');
    await writeFile(table, 'city,visitors\nSkagen,1200\nAarhus,3400\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('offers the targets of each family and none for unknown types', () => {
    expect(conversionTargets('docx')).toEqual(['pdf', 'odt', 'txt', 'html']);
    expect(conversionTargets('xlsx')).toEqual(['pdf', 'ods', 'csv']);
    expect(conversionTargets('pptx')).toEqual(['pdf', 'odp']);
    expect(conversionTargets('pdf')).toEqual(['docx', 'txt', 'png', 'jpg']);
    expect(conversionTargets('zip')).toEqual([]);
    expect(extensionForMime('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('docx');
    expect(extensionForMime('text/plain; charset=utf-8')).toBe('txt');
    expect(extensionForMime('application/x-unknown')).toBeUndefined();
  });

  it('turns text into Word, Word into a PDF with its text, and back into text', async () => {
    const docx = await run(notes, 'docx');
    expect(docx.format).toBe('docx');
    expect((await readZipMember(docx.output, 'word/document.xml'))?.toString()).toContain('ferries ran on time');
    const pdf = await run(docx.output, 'pdf');
    expect(await pdfPages(pdf.output)).toBeGreaterThan(0);
    expect(await pdfText(pdf.output)).toContain('Café prices rose by 3%');
    const back = await run(pdf.output, 'txt');
    expect(await readFile(back.output, 'utf8')).toContain('Quarterly harbour report');
    const html = await run(docx.output, 'html');
    expect(await readFile(html.output, 'utf8')).toMatch(/<html[\s\S]*ferries ran on time/i);
  });

  it('reads a CSV into a spreadsheet and writes the cells back as CSV', async () => {
    const xlsx = await run(table, 'xlsx', 'table.csv');
    expect((await readZipMember(xlsx.output, 'xl/workbook.xml'))?.length).toBeGreaterThan(0);
    const csv = await run(xlsx.output, 'csv');
    expect((await readFile(csv.output, 'utf8')).trim().split(/\r?\n/)).toEqual(['city,visitors', 'Skagen,1200', 'Aarhus,3400']);
    const pdf = await run(xlsx.output, 'pdf');
    expect(await pdfText(pdf.output)).toContain('Aarhus');
  });

  it('renders a PDF page as a picture, and several pages as a zip of pictures', async () => {
    const docx = await run(notes, 'docx');
    const pdf = await run(docx.output, 'pdf');
    const png = await run(pdf.output, 'png');
    expect(png.format).toBe('png');
    expect((await sharp(png.output).metadata()).width).toBeGreaterThan(1000);
    const longText = path.join(dir, 'long.txt');
    await writeFile(longText, Array.from({ length: 160 }, (_, i) => `Line ${i + 1} of a long document.`).join('\n'));
    const longPdf = await run(await run(longText, 'docx').then((r) => r.output), 'pdf');
    const pages = await pdfPages(longPdf.output);
    expect(pages).toBeGreaterThan(1);
    const zip = await run(longPdf.output, 'jpg');
    expect(zip).toMatchObject({ format: 'zip', checks: { pages } });
    const first = await readZipMember(zip.output, 'page-1.jpg');
    expect((await sharp(first as Buffer).metadata()).format).toBe('jpeg');
  });

  it.skipIf(!corpus('docx'))('converts the corpus Word document to a PDF with extractable text', async () => {
    const pdf = await run(corpus('docx') as string, 'pdf');
    expect(await pdfPages(pdf.output)).toBeGreaterThan(0);
    expect((await pdfText(pdf.output)).trim().length).toBeGreaterThan(20);
  });

  it.skipIf(!corpus('xlsx'))('converts the corpus spreadsheet to CSV with its cell values', async () => {
    const csv = await run(corpus('xlsx') as string, 'csv');
    const text = await readFile(csv.output, 'utf8');
    expect(text.split(/\r?\n/).filter((l) => l.replace(/,/g, '').trim()).length).toBeGreaterThan(0);
  });

  it.skipIf(!corpus('pptx'))('converts the corpus presentation to a PDF with one page per slide', async () => {
    const pdf = await run(corpus('pptx') as string, 'pdf');
    expect(await pdfPages(pdf.output)).toBeGreaterThan(0);
  });

  it.skipIf(!corpus('pdf'))('imports the pages of a corpus PDF into Word with their text', async () => {
    // The corpus PDF that has a text layer, cut to its first 3 pages with qpdf to keep the test quick.
    const dirOf = path.join(CORPUS_DIR, 'pdf');
    const withText = [];
    for (const name of readdirSync(dirOf).sort())
      if ((await pdfText(path.join(dirOf, name))).trim().length > 200) withText.push(name);
    const source = path.join(dir, 'excerpt.pdf');
    await runProcess('qpdf', ['--empty', '--pages', path.join(dirOf, withText[0] as string), '1-3', '--', source]);
    const words = (await pdfText(source)).split(/\s+/).filter((w) => /^[A-Za-z]{6,}$/.test(w));
    const docx = await run(source, 'docx');
    const text = ((await readZipMember(docx.output, 'word/document.xml'))?.toString() ?? '').replace(/<[^>]+>/g, ' ');
    expect(words.length).toBeGreaterThan(10);
    const found = words.filter((w) => text.includes(w));
    expect(found.length / words.length).toBeGreaterThan(0.8);
  });

  it.skipIf(!corpus('pdf'))("renders the corpus PDF's pages as pictures", async () => {
    const source = corpus('pdf') as string;
    const pages = await pdfPages(source);
    const result = await run(source, 'png');
    expect(result.checks.pages).toBe(pages);
    const first =
      result.format === 'zip' ? ((await readZipMember(result.output, 'page-1.png')) as Buffer) : await readFile(result.output);
    expect((await sharp(first).metadata()).format).toBe('png');
  });

  it.skipIf(!corpus('doc'))('converts an old Word document to a new one', async () => {
    const docx = await run(corpus('doc') as string, 'docx');
    expect((await readZipMember(docx.output, 'word/document.xml'))?.length).toBeGreaterThan(0);
  });

  it('refuses PDF to PowerPoint, pairs it does not offer, and damaged documents', async () => {
    const docx = await run(notes, 'docx');
    const pdf = await run(docx.output, 'pdf');
    await expectKind(convert(pdf.output, { target: 'pptx', tmpDir: dir }), 'unsupported', /PowerPoint/);
    await expectKind(convert(notes, { target: 'mp3', tmpDir: dir }), 'unsupported', /not supported/);
    const broken = path.join(dir, 'broken.docx');
    // A real DOCX package whose document part is not XML.
    const parts = await unpackZip(docx.output, path.join(dir, 'parts'), new AbortController().signal);
    const body = parts.find((p) => p.name === 'word/document.xml');
    await writeFile(body?.file as string, '<w:document><w:body><w:p>never closed');
    await writeZip(
      parts.filter((p) => !p.isDirectory),
      broken,
      path.join(dir, 'deflate.tmp'),
      new AbortController().signal,
    );
    await expectKind(convert(broken, { target: 'pdf', tmpDir: dir }), 'invalid-input');
    const brokenPdf = path.join(dir, 'broken.pdf');
    await writeFile(brokenPdf, '%PDF-1.4\n1 0 obj garbage');
    await expectKind(convert(brokenPdf, { target: 'png', tmpDir: dir }), 'invalid-input');
  });

  it('falls back to a one-off soffice run when the warm office cannot start (no python3-uno)', async () => {
    const broken = new LibreOfficeBridge({ python: '/nonexistent/python3' });
    const previous = replaceSharedLibreOffice(broken);
    try {
      const pdf = await run(notes, 'pdf');
      expect(await pdfText(pdf.output)).toContain('ferries ran on time');
    } finally {
      if (previous) replaceSharedLibreOffice(previous);
      await broken.close();
    }
  });

  it('starts a fresh office when the warm one has died', async () => {
    await run(notes, 'odt');
    // Kill this process's warm office: its soffice is the one started with its profile folder.
    const profile = sharedLibreOffice().profileFolder as string;
    expect(profile).toBeTruthy();
    expect(killProcessesMatching(path.basename(profile))).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    const pdf = await run(notes, 'pdf');
    expect(await pdfText(pdf.output)).toContain('ferries ran on time');
  });

  it('kills a conversion that runs past its time limit and serves the next request from a fresh office', async () => {
    const bridge = new LibreOfficeBridge();
    const signal = new AbortController().signal;
    const docx = await run(notes, 'docx');
    const out = path.join(dir, 'timed.pdf');
    try {
      const slow = bridge.convert({ input: docx.output, output: out, filter: 'writer_pdf_Export' }, { timeoutMs: 1, signal });
      await expectKind(slow, 'timeout');
      await bridge.convert({ input: docx.output, output: out, filter: 'writer_pdf_Export' }, { timeoutMs: 60_000, signal });
      expect(await pdfText(out)).toContain('ferries ran on time');
    } finally {
      await bridge.close();
    }
  });

  it('leaves no working folders behind', async () => {
    const names = await readdir(dir);
    expect(names.filter((n) => n.startsWith('shrinkly-convert-'))).toEqual([]);
  });
});
