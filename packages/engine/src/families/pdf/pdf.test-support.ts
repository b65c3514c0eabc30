import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { runProcess } from '../../process/run-process.js';
import { pixelNoise, rgbPixels } from '../../tools/image/rgb-pixels.test-support.js';

/** @internal Test fixtures: small PDFs written object by object, so CI needs no PDF producer. */

/** A photo-like picture: gradients, waves and a little noise, compressing like a real photo. */
export async function photoJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  const pixels = rgbPixels(width, height, (x, y) => {
    const noise = pixelNoise(x, y) * 18;
    return [
      110 + 80 * Math.sin(x / 57) * Math.cos(y / 83) + noise,
      (y / height) * 180 + 30 + noise,
      140 + 70 * Math.sin((x + y) / 41) + noise,
    ];
  });
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.8)
    .jpeg({ quality })
    .toBuffer();
}

/** A screenshot-like picture (flat colours, sharp edges), stored as raw RGB. */
function screenshotRgb(width: number, height: number): Buffer {
  return rgbPixels(width, height, (x, y) =>
    y % 40 < 22 && x % 300 < 260 ? [40 + (x % 300) / 3, 60, 120 + (y % 40) * 4] : [245, 245, 245],
  );
}

interface PageSpec {
  text: string;
  uri: string;
  image: { data: Buffer; width: number; height: number; filter: 'DCTDecode' | 'FlateDecode'; grey?: boolean };
}

export interface PdfExtras {
  /** Adds a signature field with a value and /SigFlags 3, as a signed PDF has. */
  signed?: boolean;
  /** Names its author in /Info and in an XMP packet (dc:creator, pdf:Author as an attribute, an edit history). */
  authors?: boolean;
}

/** The author the `authors` fixture names. */
export const FIXTURE_AUTHOR = 'Ada Writer';

const AUTHORED_XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Author="${FIXTURE_AUTHOR}"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Shrinkly fixture</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>${FIXTURE_AUTHOR}</rdf:li></rdf:Seq></dc:creator>
<xmpMM:History><rdf:Seq><rdf:li>saved by ${FIXTURE_AUTHOR} from /home/ada/drafts/report.indd</rdf:li></rdf:Seq></xmpMM:History>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

/** Writes a PDF with one picture, one line of text and one web link per page. */
export async function writePdf(file: string, pages: PageSpec[], extras: PdfExtras = {}): Promise<void> {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer): number => objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const page of pages) {
    const { data, width, height, filter, grey } = page.image;
    const space = grey ? 'DeviceGray' : 'DeviceRGB';
    const image = add(
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${space} /BitsPerComponent 8 /Filter /${filter} /Length ${data.length} >>\nstream\n`,
        ),
        data,
        Buffer.from('\nendstream'),
      ]),
    );
    const drawHeight = Math.round((500 * height) / width);
    const content = `q 500 0 0 ${drawHeight} 56 150 cm /Im1 Do Q BT /F1 12 Tf 56 110 Td (${page.text}) Tj ET`;
    const contents = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const link = add(
      `<< /Type /Annot /Subtype /Link /Rect [56 105 400 125] /Border [0 0 0] /A << /S /URI /URI (${page.uri}) >> >>`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> /XObject << /Im1 ${image} 0 R >> >> /Contents ${contents} 0 R /Annots [${link} 0 R] >>`,
      ),
    );
  }
  let acroform = '';
  if (extras.signed) {
    const sig = add(
      '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 10] /Contents <00000000> /M (D:20240101000000Z) >>',
    );
    const field = add(
      `<< /FT /Sig /T (Signature1) /V ${sig} 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 /P ${kids[0]} 0 R >>`,
    );
    acroform = ` /AcroForm << /Fields [${field} 0 R] /SigFlags 3 >>`;
  }
  const metadata = extras.authors
    ? ` /Metadata ${add(`<< /Type /Metadata /Subtype /XML /Length ${AUTHORED_XMP.length} >>\nstream\n${AUTHORED_XMP}\nendstream`)} 0 R`
    : '';
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${tree} 0 R${acroform}${metadata} >>`);
  objects[tree - 1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`);
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let offset = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info << /Title (Shrinkly fixture)${extras.authors ? ` /Author (${FIXTURE_AUTHOR})` : ''} /CreationDate (D:20240102030405Z) >> >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  await writeFile(file, Buffer.concat(parts));
}

/** Two pages: a high-quality photo drawn at ~260 ppi, and a lossless screenshot; each with text and a link. */
export async function writeImagePdf(file: string, extras: PdfExtras = {}): Promise<void> {
  const shot = screenshotRgb(900, 600);
  await writePdf(
    file,
    [
      {
        text: 'Quarterly report alpha bravo charlie',
        uri: 'https://example.com/report',
        image: { data: await photoJpeg(1800, 1350, 95), width: 1800, height: 1350, filter: 'DCTDecode' },
      },
      {
        text: 'Appendix delta echo foxtrot',
        uri: 'https://example.com/appendix',
        image: { data: deflateSync(shot), width: 900, height: 600, filter: 'FlateDecode' },
      },
    ],
    extras,
  );
}

/** One page with a grey photo (a one-channel JPEG at q95, like a scanned photograph) drawn at ~260 ppi. */
export async function writeGreyPhotoPdf(file: string): Promise<void> {
  const data = await sharp(await photoJpeg(1800, 1350, 100))
    .toColourspace('b-w')
    .jpeg({ quality: 95 })
    .toBuffer();
  await writePdf(file, [
    {
      text: 'Plate two: the harbour in winter',
      uri: 'https://example.com/harbour',
      image: { data, width: 1800, height: 1350, filter: 'DCTDecode', grey: true },
    },
  ]);
}

/**
 * One page with a photo-like picture (1800×1350, q95, drawn at ~260 ppi) crossed by fine vertical stripes of the
 * given period (in the picture's pixels) and amplitude. Resampled to 150 or 100 ppi, stripes finer than the new
 * pixel grid vanish, which the rendered page shows and the picture's own SSIM (against its resampled self) does not:
 * a period of 6 survives 150 ppi but not 100 ppi, one of 4.3 survives neither.
 */
export async function writeStripesPdf(file: string, stripes: { period: number; amplitude: number }): Promise<void> {
  const [width, height] = [1800, 1350];
  const pixels = rgbPixels(width, height, (x, y) => {
    const stripe = stripes.amplitude * Math.sin((2 * Math.PI * x) / stripes.period);
    return [120 + 60 * Math.sin(x / 97) + stripe, 110 + 50 * Math.cos(y / 71) + stripe, 130 + stripe];
  });
  const data = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  await writePdf(file, [
    {
      text: 'Figure one: woven fabric under the microscope',
      uri: 'https://example.com/fabric',
      image: { data, width, height, filter: 'DCTDecode' },
    },
  ]);
}

/**
 * Two pages of text in fonts embedded whole (not subset), made by ghostscript from PostScript: the kind of file
 * ghostscript's font rewrite shrinks most, so its candidate is the one every level takes.
 */
export async function writeEmbeddedFontPdf(file: string): Promise<void> {
  const page = (font: string, line: string) =>
    `/${font} findfont 11 scalefont setfont 0 1 59 { /i exch def 56 760 i 12 mul sub moveto (${line}) show } for showpage`;
  const program = path.join(path.dirname(file), `${path.basename(file, '.pdf')}.ps`);
  await writeFile(
    program,
    [
      page('Times-Roman', 'Line of a report: the quick brown fox jumps over the lazy dog, again and again.'),
      page('Helvetica', 'Second page: pack my box with five dozen liquor jugs, sphinx of black quartz.'),
    ].join('\n'),
  );
  await runProcess('gs', [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pdfwrite',
    '-dSubsetFonts=false',
    '-dCompressFonts=false',
    '-dEmbedAllFonts=true',
    `-sOutputFile=${file}`,
    '-c',
    '<< /NeverEmbed [ ] >> setdistillerparams',
    '-f',
    program,
  ]);
}
