/**
 * @internal Test support for the office family's integration tests: fixture generation with sharp and LibreOffice,
 * and checks of a result that do not go through the family's own code paths.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { runProcess } from '../../process/run-process.js';
import { rgbPixels } from '../../tools/image/rgb-pixels.test-support.js';

export interface ZipPart {
  name: string;
  method: number;
  extraLength: number;
  data: Buffer;
}

/** Every member of a (small) zip, in stored order, read with yauzl. */
export async function readParts(file: string): Promise<ZipPart[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const parts: ZipPart[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      if (!entry.fileName.endsWith('/')) for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
      parts.push({
        name: entry.fileName,
        method: entry.compressionMethod,
        extraLength: entry.extraFieldLength,
        data: Buffer.concat(chunks),
      });
    }
  } finally {
    zip.close();
  }
  return parts;
}

/** Writes a zip from name → bytes with yazl (default deflate), in the given order. */
export async function writeParts(
  file: string,
  parts: ReadonlyArray<{ name: string; data: Buffer; level?: number }>,
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const p of parts) zip.addBuffer(p.data, p.name, { compressionLevel: p.level ?? 6 });
  zip.end();
  const { createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  await pipeline(zip.outputStream, createWriteStream(file));
}

/** A 480×320 picture with gradients and a checkerboard: compressible, with edges for SSIM to notice. */
async function pictures(dir: string): Promise<{ png: string; jpg: string }> {
  const width = 480;
  const height = 320;
  const raw = rgbPixels(width, height, (x, y) => [
    Math.round((x * 255) / width),
    Math.round((y * 255) / height),
    ((x >> 4) + (y >> 4)) % 2 ? 200 : 40,
  ]);
  const image = () => sharp(raw, { raw: { width, height, channels: 3 } });
  const png = path.join(dir, 'pic.png');
  const jpg = path.join(dir, 'pic.jpg');
  await image().png({ compressionLevel: 0 }).toFile(png);
  await image().blur(1).jpeg({ quality: 98 }).toFile(jpg);
  return { png, jpg };
}

export const ODF_NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
].join(' ');

function frame(base64: string, x: number): string {
  return `<draw:frame svg:x="${x}cm" svg:y="3cm" svg:width="10cm" svg:height="6.67cm"><draw:image><office:binary-data>${base64}</office:binary-data></draw:image></draw:frame>`;
}

/** Sources LibreOffice converts from: an HTML page, a flat ODF presentation (3 slides) and spreadsheet (3 sheets). */
async function sources(dir: string): Promise<{ html: string; fodp: string; fods: string }> {
  const { png, jpg } = await pictures(dir);
  const p64 = (await readFile(png)).toString('base64');
  const j64 = (await readFile(jpg)).toString('base64');
  const html = path.join(dir, 'doc.html');
  const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(60);
  await writeFile(
    html,
    `<html><body><h1>Report</h1><p>${text}</p><img src="data:image/png;base64,${p64}" width="480" height="320"><p>${text}</p><img src="data:image/jpeg;base64,${j64}"></body></html>`,
  );
  const slide = (i: number, b64: string) =>
    `<draw:page draw:name="s${i}"><draw:frame svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="2cm"><draw:text-box><text:p>Slide ${i}</text:p></draw:text-box></draw:frame>${frame(b64, 2)}</draw:page>`;
  const fodp = path.join(dir, 'deck.fodp');
  await writeFile(
    fodp,
    `<?xml version="1.0" encoding="UTF-8"?><office:document ${ODF_NS} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation>${slide(1, p64)}${slide(2, j64)}${slide(3, p64)}</office:presentation></office:body></office:document>`,
  );
  const cell = (t: string) => `<table:table-cell office:value-type="string"><text:p>${t}</text:p></table:table-cell>`;
  const sheet = (name: string, b64?: string) =>
    `<table:table table:name="${name}"><table:shapes>${b64 ? frame(b64, 1) : ''}</table:shapes><table:table-row>${cell('a')}${cell('b')}</table:table-row><table:table-row>${cell('1')}${cell('2')}</table:table-row></table:table>`;
  const fods = path.join(dir, 'book.fods');
  await writeFile(
    fods,
    `<?xml version="1.0" encoding="UTF-8"?><office:document ${ODF_NS} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:body><office:spreadsheet>${sheet('One', p64)}${sheet('Two', j64)}${sheet('Three')}</office:spreadsheet></office:body></office:document>`,
  );
  return { html, fodp, fods };
}

/** Target filter per fixture format, and the source it is converted from. */
const TARGETS: Record<string, { from: 'html' | 'fodp' | 'fods'; filter: string }> = {
  docx: { from: 'html', filter: 'docx:MS Word 2007 XML' },
  // Plain 'odt': the writer8 filter from HTML (Writer/Web) writes the text-web mimetype.
  odt: { from: 'html', filter: 'odt' },
  doc: { from: 'html', filter: 'doc:MS Word 97' },
  pptx: { from: 'fodp', filter: 'pptx:Impress MS PowerPoint 2007 XML' },
  odp: { from: 'fodp', filter: 'odp:impress8' },
  xlsx: { from: 'fods', filter: 'xlsx:Calc MS Excel 2007 XML' },
  ods: { from: 'fods', filter: 'ods:calc8' },
};

async function soffice(dir: string, args: string[]): Promise<void> {
  const profile = await mkdtemp(path.join(dir, 'profile-'));
  await runProcess('soffice', ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(profile).href}`, ...args], {
    timeoutMs: 120_000,
  });
}

/** The workbook as LibreOffice saves it again in the Excel 97–2003 format (what the engine's re-save makes). */
export async function resaveXls(file: string, dir: string): Promise<string> {
  const work = await mkdtemp(path.join(dir, 'resave-'));
  await soffice(work, ['--convert-to', 'xls:MS Excel 97', '--outdir', work, file]);
  return path.join(work, `${path.basename(file, path.extname(file))}.xls`);
}

/** Makes the requested Office fixtures (each with an uncompressed PNG and a q98 JPEG inside) in `dir`. */
export async function makeFixtures(dir: string, formats: readonly string[]): Promise<Record<string, string>> {
  await mkdir(dir, { recursive: true });
  const src = await sources(dir);
  const out: Record<string, string> = {};
  for (const ext of formats) {
    const target = TARGETS[ext];
    if (!target) throw new Error(`no fixture recipe for ${ext}`);
    const outDir = path.join(dir, ext);
    await soffice(dir, ['--convert-to', target.filter, '--outdir', outDir, src[target.from]]);
    out[ext] = path.join(outDir, `${path.basename(src[target.from], path.extname(src[target.from]))}.${ext}`);
  }
  return out;
}

/**
 * Pages (pdfinfo on LibreOffice's PDF), slides or sheets (tables in LibreOffice's ODF) of a document, counted
 * independently of the family's own counting code.
 */
export async function countInLibreOffice(file: string, ext: string, dir: string): Promise<number> {
  const work = await mkdtemp(path.join(dir, 'count-'));
  const kind = ['docx', 'odt', 'doc'].includes(ext) ? 'pdf' : ['pptx', 'odp', 'ppt'].includes(ext) ? 'odp' : 'ods';
  await soffice(work, ['--convert-to', kind, '--outdir', work, file]);
  const converted = path.join(work, `${path.basename(file, path.extname(file))}.${kind}`);
  if (kind === 'pdf') {
    const { stdout } = await runProcess('pdfinfo', [converted], { captureStdout: true });
    return Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? NaN);
  }
  const content = (await readParts(converted)).find((p) => p.name === 'content.xml')?.data.toString('utf8') ?? '';
  return content.split(kind === 'odp' ? '<draw:page ' : '<table:table ').length - 1;
}

/** Parts a rewrite may edit (only to drop references to dropped parts). */
const EDITABLE = new Set(['[Content_Types].xml', '_rels/.rels', 'META-INF/manifest.xml']);
/** Metadata parts whose people a rewrite empties: they must equal the original with those elements' text removed. */
const NAMES = /<(dc:creator|cp:lastModifiedBy|Company|Manager|meta:initial-creator|meta:printed-by)(\s[^>]*)?>[^<]*<\/\1>/g;
const METADATA_PARTS = new Set(['docProps/core.xml', 'docProps/app.xml', 'meta.xml']);
const nameless = (data: Buffer) => data.toString('utf8').replace(NAMES, '<$1$2></$1>');
const PICTURE = /^((word|ppt|xl)\/media|Pictures)\/[^/]+$|^docProps\/thumbnail\.[a-z]+$|^Thumbnails\/thumbnail\.png$/i;
const DROPPABLE = /^((word|ppt|xl)\/media\/[^/]+|docProps\/thumbnail\.[a-z]+|Thumbnails\/(thumbnail\.png)?)$/i;

/**
 * Checks a rewritten package against its original without the family's code: part order and ODF's stored
 * `mimetype`, no part lost but droppable ones, every other part byte-identical (but the few reference lists),
 * pictures in the same format and size and at or above the SSIM floor. Returns the problems found (none: valid).
 */
export async function packageProblems(
  original: string,
  output: string,
  floor: number,
  dir: string,
  measure: (reference: string, distorted: string) => Promise<number>,
): Promise<{ problems: string[]; minSsim: number; changedPictures: number }> {
  const problems: string[] = [];
  const before = await readParts(original);
  const after = await readParts(output);
  const odf = before.some((p) => p.name === 'mimetype');
  const raw = await readFile(output);
  if (odf) {
    if (raw.subarray(30, 38).toString('latin1') !== 'mimetype' || raw.readUInt16LE(8) !== 0 || raw.readUInt16LE(28) !== 0) {
      problems.push('mimetype is not the first, stored member without extra field');
    }
  } else if (after[0]?.name !== '[Content_Types].xml') problems.push('[Content_Types].xml is not first');
  const byName = new Map(after.map((p) => [p.name, p]));
  let minSsim = 1;
  let changedPictures = 0;
  const work = await mkdtemp(path.join(dir, 'check-'));
  for (const [i, part] of before.entries()) {
    const now = byName.get(part.name);
    if (!now) {
      if (!DROPPABLE.test(part.name)) problems.push(`${part.name} was dropped`);
      continue;
    }
    if (now.data.equals(part.data) || EDITABLE.has(part.name)) continue;
    if (METADATA_PARTS.has(part.name)) {
      if (now.data.toString('utf8') !== nameless(part.data)) problems.push(`${part.name} changed beyond its names`);
      continue;
    }
    if (!PICTURE.test(part.name)) {
      problems.push(`${part.name} changed`);
      continue;
    }
    const [a, b] = await Promise.all([sharp(part.data).metadata(), sharp(now.data).metadata()]);
    if (a.format !== b.format || a.width !== b.width || a.height !== b.height)
      problems.push(`${part.name} changed format or size`);
    // Pixels as libvips decodes them (as the image family measures), transparent ones flattened over black and
    // over white (what shows through them must not change either); GIFs go to ffmpeg as they are (all frames).
    let ssim = 1;
    const backgrounds = a.format === 'gif' ? [undefined] : a.hasAlpha ? ['#000000', '#ffffff'] : ['none'];
    for (const [k, background] of backgrounds.entries()) {
      const decode = (data: Buffer) =>
        background === undefined
          ? data
          : background === 'none'
            ? sharp(data).png().toBuffer()
            : sharp(data).flatten({ background }).png().toBuffer();
      const ext = background === undefined ? '.gif' : '.png';
      const ref = path.join(work, `${i}-${k}-a${ext}`);
      const dist = path.join(work, `${i}-${k}-b${ext}`);
      await writeFile(ref, await decode(part.data));
      await writeFile(dist, await decode(now.data));
      ssim = Math.min(ssim, await measure(ref, dist));
    }
    changedPictures += 1;
    minSsim = Math.min(minSsim, ssim);
    if (ssim < floor) problems.push(`${part.name} SSIM ${ssim} below ${floor}`);
  }
  for (const part of after) if (!before.some((p) => p.name === part.name)) problems.push(`${part.name} appeared`);
  const { stderrTail } = await runProcess('7z', ['t', output], { captureStdout: true }).catch((err: { message: string }) => ({
    stderrTail: `7z t failed: ${err.message}`,
  }));
  if (stderrTail.includes('failed')) problems.push(stderrTail);
  return { problems, minSsim, changedPictures };
}

const W_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/**
 * A small Word document built by hand (no LibreOffice): one paragraph repeated `paragraphs` times and a picture.
 * `level` 0 stores every part, as some producers do, so a re-zip has something to gain.
 */
export async function handMadeDocx(
  file: string,
  picture: Buffer,
  options: {
    paragraphs?: number;
    level?: number;
    extra?: Array<{ name: string; data: Buffer }>;
    /** The picture's part extension (its bytes must be of that format). */
    pictureExt?: 'png' | 'jpeg' | 'gif';
  } = {},
): Promise<void> {
  const level = options.level ?? 6;
  const pictureName = `media/image1.${options.pictureExt ?? 'png'}`;
  const body = '<w:p><w:r><w:t>The quick brown fox jumps over the lazy dog, again and again.</w:t></w:r></w:p>'.repeat(
    options.paragraphs ?? 200,
  );
  const drawing =
    '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="3048000" cy="2032000"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="pic.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="3048000" cy="2032000"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
  const ns =
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
  const parts = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/><Default Extension="gif" ContentType="image/gif"/><Override PartName="/word/document.xml" ContentType="${W_MAIN}"/></Types>`,
      ),
      level,
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      level,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${pictureName}"/></Relationships>`,
      ),
      level,
    },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${ns}><w:body>${body}${drawing}</w:body></w:document>`,
      ),
      level,
    },
    { name: `word/${pictureName}`, data: picture, level },
    ...(options.extra ?? []).map((p) => ({ ...p, level })),
  ];
  await writeParts(file, parts);
}

/** A noisy RGB PNG: slow to recompress, so a cancel lands while work is under way. */
export async function noisyPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = ((i / 3) % width) / 4 + (seed & 63);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
