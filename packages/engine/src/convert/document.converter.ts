import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { EngineError } from '../errors.js';
import { convertDocument } from '../tools/office/convert-document.js';
import { placeAs } from '../tools/office/soffice.js';
import { readZipMember } from '../tools/zip/members.js';
import { writeZip } from '../tools/zip/writer.js';
import type { DetectedType } from '../types.js';
import { withoutExternalContent } from './external-content.js';
import type { ConvertContext, ConverterOutput, FamilyConverter } from './types.js';

/** A document that takes minutes in LibreOffice is treated as too costly. */
const OFFICE_TIMEOUT_MS = 3 * 60 * 1000;
/** PDF pages become pictures at this resolution: sharp on screen, readable when printed. */
const RASTER_DPI = 150;
const MAX_RASTER_PAGES = 200;
/** Targets that are documents to edit further, rather than renderings. */
const EDITABLE_TARGETS = new Set(['docx', 'odt', 'xlsx', 'ods', 'pptx', 'odp']);

type Kind = 'text' | 'spreadsheet' | 'presentation';

const KIND_OF: Record<string, Kind> = {
  doc: 'text',
  docx: 'text',
  odt: 'text',
  rtf: 'text',
  txt: 'text',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  ods: 'spreadsheet',
  csv: 'spreadsheet',
  ppt: 'presentation',
  pptx: 'presentation',
  odp: 'presentation',
};

/**
 * PDF export keeps pictures as they are: downsampling them to 300 dpi (LibreOffice's default) costs about a second
 * per slide of a picture-heavy deck and made the corpus deck's PDF larger, not smaller.
 */
const PDF_DATA = { ReduceImageResolution: false };

/** How a target is written: LibreOffice's export filter, its options string and its settings. */
interface Export {
  filter: string;
  options?: string;
  data?: Record<string, boolean>;
}

/** LibreOffice's export filter per target, for each kind of document. */
const EXPORT: Record<Kind, Record<string, Export>> = {
  text: {
    pdf: { filter: 'writer_pdf_Export', data: PDF_DATA },
    docx: { filter: 'MS Word 2007 XML' },
    odt: { filter: 'writer8' },
    txt: { filter: 'Text (encoded)', options: 'UTF8' },
    html: { filter: 'HTML (StarWriter)' },
  },
  spreadsheet: {
    pdf: { filter: 'calc_pdf_Export', data: PDF_DATA },
    xlsx: { filter: 'Calc MS Excel 2007 XML' },
    ods: { filter: 'calc8' },
    // Comma separated, double-quoted, UTF-8 (76), first sheet.
    csv: { filter: 'Text - txt - csv (StarCalc)', options: '44,34,76,1,,0,false,true,true' },
  },
  presentation: {
    pdf: { filter: 'impress_pdf_Export', data: PDF_DATA },
    pptx: { filter: 'Impress MS PowerPoint 2007 XML' },
    odp: { filter: 'impress8' },
  },
};

/** How a text file is read: UTF-8 (csv: comma separated, double-quoted, UTF-8, from line 1). */
const IMPORT: Record<string, { filter: string; options: string }> = {
  txt: { filter: 'Text (encoded)', options: 'UTF8' },
  csv: { filter: 'Text - txt - csv (StarCalc)', options: '44,34,76,1' },
};

const PDF_TARGETS = ['docx', 'txt', 'png', 'jpg'] as const;

/** The part every package of a format has, to tell a real output from an empty zip. */
const MAIN_PART: Record<string, string> = {
  docx: 'word/document.xml',
  xlsx: 'xl/workbook.xml',
  pptx: 'ppt/presentation.xml',
  odt: 'content.xml',
  ods: 'content.xml',
  odp: 'content.xml',
};

/**
 * Documents: Word, Excel and PowerPoint files (old and new), OpenDocument, RTF, plain text and CSV through the
 * warm LibreOffice; PDF to Word through LibreOffice's PDF import, to text with pdftotext, and to pictures (one per
 * page, zipped when there are several) with pdftoppm. PDF to PowerPoint is not offered.
 */
export const documentConverter: FamilyConverter = {
  id: 'document',
  tools: ['soffice', 'pdftoppm', 'pdftotext', 'pdfinfo'],
  targets(from) {
    if (from === 'pdf') return PDF_TARGETS;
    const kind = KIND_OF[from];
    return kind ? Object.keys(EXPORT[kind]).filter((t) => t !== from) : [];
  },

  async convert(input, type, ctx) {
    if (!this.targets(type.ext).includes(ctx.target))
      throw new EngineError('unsupported', `${ctx.target.toUpperCase()} conversion is not supported for this file type`);
    ctx.onProgress(5);
    const output = type.ext === 'pdf' ? await fromPdf(input, ctx) : await throughOffice(input, type, ctx);
    ctx.onProgress(100);
    return output;
  },
};

async function throughOffice(input: string, type: DetectedType, ctx: ConvertContext): Promise<ConverterOutput> {
  const kind = KIND_OF[type.ext] as Kind;
  const exportAs = EXPORT[kind][ctx.target] as Export;
  // A rendering (PDF, text, web page) shows no outside content; an editable copy keeps the user's links.
  const rendered = !EDITABLE_TARGETS.has(ctx.target)
    ? await withoutExternalContent(input, type.ext, ctx.workDir, ctx.signal)
    : input;
  // LibreOffice picks its import filter by extension: give the upload its real one.
  const source = await placeAs(rendered, path.join(ctx.workDir, 'in', `document.${type.ext}`));
  const output = path.join(ctx.workDir, 'out', `document.${ctx.target}`);
  await runOffice(source, output, exportAs, ctx, IMPORT[type.ext]);
  return { path: output, format: ctx.target, checks: await check(output, ctx.target, ctx) };
}

async function fromPdf(input: string, ctx: ConvertContext): Promise<ConverterOutput> {
  const pages = await pdfPages(input, ctx);
  const outDir = path.join(ctx.workDir, 'out');
  if (ctx.target === 'txt') {
    const output = path.join(outDir, 'document.txt');
    await mkdir(outDir, { recursive: true });
    await ctx.runProcess('pdftotext', ['-enc', 'UTF-8', '-layout', input, output], {
      signal: ctx.signal,
      timeoutMs: OFFICE_TIMEOUT_MS,
    });
    return { path: output, format: 'txt', checks: { pages, ...(await check(output, 'txt', ctx)) } };
  }
  if (ctx.target === 'docx') {
    const source = await placeAs(input, path.join(ctx.workDir, 'in', 'document.pdf'));
    const output = path.join(outDir, 'document.docx');
    await runOffice(source, output, EXPORT.text.docx as Export, ctx, { filter: 'writer_pdf_import', options: '' });
    return { path: output, format: 'docx', checks: { pages, ...(await check(output, 'docx', ctx)) } };
  }
  return rasterise(input, pages, ctx);
}

/** One picture per page; several pages come back as one zip of page-1.png, page-2.png, ... */
async function rasterise(input: string, pages: number, ctx: ConvertContext): Promise<ConverterOutput> {
  if (pages > MAX_RASTER_PAGES)
    throw new EngineError('unsupported', `Only PDFs of up to ${MAX_RASTER_PAGES} pages are turned into pictures`);
  const format = ctx.target as 'png' | 'jpg';
  const pagesDir = path.join(ctx.workDir, 'pages');
  await mkdir(pagesDir, { recursive: true });
  const flag = format === 'png' ? '-png' : '-jpeg';
  await ctx.runProcess(
    'pdftoppm',
    [flag, '-r', String(RASTER_DPI), ...(format === 'jpg' ? ['-jpegopt', 'quality=90'] : []), input, path.join(pagesDir, 'page')],
    {
      signal: ctx.signal,
      timeoutMs: OFFICE_TIMEOUT_MS,
    },
  );
  const ext = format === 'png' ? '.png' : '.jpg';
  const files = (await readdir(pagesDir)).filter((n) => n.endsWith(ext)).sort((a, b) => pageNumber(a) - pageNumber(b));
  if (files.length !== pages) throw new EngineError('failed', `Only ${files.length} of ${pages} pages could be rendered`);
  let width = 0;
  let height = 0;
  for (const name of files) {
    const meta = await sharp(path.join(pagesDir, name)).metadata();
    if (!meta.width || !meta.height) throw new EngineError('failed', 'A rendered page could not be read back');
    width = Math.max(width, meta.width);
    height = Math.max(height, meta.height);
  }
  if (files.length === 1) return { path: path.join(pagesDir, files[0] as string), format, checks: { pages, width, height } };
  const zip = path.join(ctx.workDir, 'out', 'pages.zip');
  await mkdir(path.dirname(zip), { recursive: true });
  const now = dosStamp(new Date());
  await writeZip(
    files.map((name) => ({ name: `page-${pageNumber(name)}${ext}`, file: path.join(pagesDir, name), ...now })),
    zip,
    path.join(ctx.workDir, 'deflate.tmp'),
    ctx.signal,
  );
  return { path: zip, format: 'zip', checks: { pages, width, height } };
}

async function runOffice(
  source: string,
  output: string,
  exportAs: Export,
  ctx: ConvertContext,
  importAs?: { filter: string; options: string },
): Promise<void> {
  await mkdir(path.dirname(output), { recursive: true });
  await convertDocument(officeRequest(source, output, exportAs, importAs), ctx, OFFICE_TIMEOUT_MS).catch((err: unknown) => {
    // LibreOffice refusing to open a file is the file's fault.
    if (err instanceof EngineError && err.kind === 'failed' && /could not (open|convert)/i.test(err.message)) {
      throw new EngineError(
        'invalid-input',
        'This document could not be read. It may be damaged or password-protected.',
        err.stderrTail,
        { cause: err },
      );
    }
    throw err;
  });
  const size = await stat(output).then(
    (s) => s.size,
    () => 0,
  );
  if (size === 0)
    throw new EngineError('invalid-input', 'This document could not be converted. It may be damaged or password-protected.');
}

/** The request the office driver takes: LibreOffice's filters and settings for this source and target. */
function officeRequest(source: string, output: string, exportAs: Export, importAs?: { filter: string; options: string }) {
  return {
    input: source,
    output,
    filter: exportAs.filter,
    ...(exportAs.options ? { filterOptions: exportAs.options } : {}),
    ...(exportAs.data ? { filterData: exportAs.data } : {}),
    ...(importAs ? { inputFilter: importAs.filter, ...(importAs.options ? { inputFilterOptions: importAs.options } : {}) } : {}),
  };
}

/** Opens the output again: pages for PDF, the main part for packages, readable text for text formats. */
async function check(output: string, format: string, ctx: ConvertContext): Promise<Record<string, number>> {
  if (format === 'pdf') {
    const pages = await pdfPages(output, ctx);
    if (pages < 1) throw new EngineError('failed', 'The converted PDF has no pages');
    return { pages };
  }
  const part = MAIN_PART[format];
  if (part) {
    const xml = await readZipMember(output, part).catch(() => undefined);
    if (!xml || xml.length === 0)
      throw new EngineError('failed', `The converted ${format.toUpperCase()} file could not be opened`);
    return { bytes: (await stat(output)).size };
  }
  const text = await readFile(output);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(text);
  } catch {
    throw new EngineError('failed', `The converted ${format.toUpperCase()} file is not valid text`);
  }
  return { bytes: text.length };
}

/** Page count from pdfinfo; a PDF it cannot read is the input's fault. */
async function pdfPages(file: string, ctx: ConvertContext): Promise<number> {
  const result = await ctx
    .runProcess('pdfinfo', [file], { signal: ctx.signal, timeoutMs: 60_000, captureStdout: true })
    .catch((err: unknown) => {
      throw new EngineError('invalid-input', 'This PDF could not be read. It may be damaged or password-protected.', undefined, {
        cause: err,
      });
    });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(result.stdout)?.[1] ?? 0);
  if (pages < 1) throw new EngineError('invalid-input', 'This PDF has no pages');
  return pages;
}

function pageNumber(name: string): number {
  return Number(/(\d+)\.\w+$/.exec(name)?.[1] ?? 0);
}

function dosStamp(d: Date): { dosTime: number; dosDate: number } {
  return {
    dosTime: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    dosDate: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}
