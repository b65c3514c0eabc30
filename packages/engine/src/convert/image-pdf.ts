import { writeFile } from 'node:fs/promises';

/** Largest page the picture is placed on, in points (A4: 595 × 842); smaller pictures keep their size at 72 dpi. */
const MAX_LONG_SIDE_PT = 842;
const MAX_SHORT_SIDE_PT = 595;
/** PDF's smallest allowed page side (ISO 32000-1, annex C). */
const MIN_SIDE_PT = 3;

/** Page size in points for a picture of `width` × `height` pixels: 1 px = 1 pt, scaled down to fit A4 either way round. */
export function pdfPageSize(width: number, height: number): { width: number; height: number } {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const scale = Math.min(1, MAX_LONG_SIDE_PT / long, MAX_SHORT_SIDE_PT / short);
  const side = (px: number) => Math.max(MIN_SIDE_PT, Math.round(px * scale * 100) / 100);
  return { width: side(width), height: side(height) };
}

/** A number as PDF writes it: no exponent, at most two decimals. */
function pdfNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

export interface PdfPicture {
  /** A baseline or progressive JPEG, embedded as it is (DCTDecode). */
  jpeg: Buffer;
  width: number;
  height: number;
  /** 1 for a greyscale JPEG, 3 for RGB. */
  channels: 1 | 3;
}

/**
 * A one-page PDF showing `picture` over the whole page: catalog, page tree, page, image XObject and content
 * stream, with a cross-reference table whose offsets are counted as the bytes are laid out.
 */
export function buildImagePdf(picture: PdfPicture): Buffer {
  const page = pdfPageSize(picture.width, picture.height);
  const content = Buffer.from(`q ${pdfNumber(page.width)} 0 0 ${pdfNumber(page.height)} 0 0 cm /Im0 Do Q\n`, 'latin1');
  const colorSpace = picture.channels === 1 ? '/DeviceGray' : '/DeviceRGB';
  const objects: Buffer[][] = [
    [Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1')],
    [Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1')],
    [
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pdfNumber(page.width)} ${pdfNumber(page.height)}] ` +
          '/Resources << /XObject << /Im0 4 0 R >> /ProcSet [/PDF /ImageB /ImageC] >> /Contents 5 0 R >>',
        'latin1',
      ),
    ],
    [
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${picture.width} /Height ${picture.height} /ColorSpace ${colorSpace} ` +
          `/BitsPerComponent 8 /Filter /DCTDecode /Length ${picture.jpeg.length} >>\nstream\n`,
        'latin1',
      ),
      picture.jpeg,
      Buffer.from('\nendstream', 'latin1'),
    ],
    [Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('endstream', 'latin1')],
    [Buffer.from('<< /Producer (Shrinkly) >>', 'latin1')],
  ];
  // The binary comment tells transfer programs that the file is not text.
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), ...body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  // Each entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, keyword, space, newline.
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
  ].join('\n');
  const trailer = `\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref + trailer, 'latin1'));
  return Buffer.concat(parts);
}

export async function writeImagePdf(picture: PdfPicture, out: string): Promise<{ width: number; height: number }> {
  await writeFile(out, buildImagePdf(picture));
  return pdfPageSize(picture.width, picture.height);
}
