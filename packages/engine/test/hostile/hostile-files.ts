/**
 * Small files built to make a tool work without end or do what a document should not: frame bombs, pixel bombs,
 * media that run for hours, PDFs with scripts and launch actions.
 */
import { writeFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { runProcess } from '../../src/process/run-process.js';
import { lavfi } from '../../src/tools/media/media.test-support.js';

/** A PDF from numbered object bodies, with a correct cross-reference table. */
function pdfFromObjects(bodies: string[]): Buffer {
  let out = '%PDF-1.7\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A two-page PDF with every kind of active content: a document-level script (/Names /JavaScript), an auto-run
 * /OpenAction script, page and annotation additional actions (/AA), a link that launches a program, and a harmless
 * link to a web address that must survive. Its content streams are uncompressed, so compression has work to do.
 */
export async function writeActivePdf(file: string): Promise<void> {
  const text = Array.from(
    { length: 40 },
    (_, i) => `BT /F1 11 Tf 40 ${780 - i * 18} Td (Line ${i}: the quick brown fox jumps over the lazy dog) Tj ET`,
  ).join('\n');
  const stream = (s: string) => `<< /Length ${Buffer.byteLength(s, 'latin1')} >>\nstream\n${s}\nendstream`;
  await writeFile(
    file,
    pdfFromObjects([
      /* 1 */ '<< /Type /Catalog /Pages 2 0 R /OpenAction 8 0 R /Names << /JavaScript << /Names [(boot) 9 0 R] >> >> /AA << /WC << /S /JavaScript /JS (app.alert("closing")) >> >> >>',
      /* 2 */ '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      /* 3 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 5 0 R /Resources << /Font << /F1 7 0 R >> >> /Annots [10 0 R 11 0 R] /AA << /O << /S /JavaScript /JS (app.alert("page")) >> >> >>',
      /* 4 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 6 0 R /Resources << /Font << /F1 7 0 R >> >> >>',
      /* 5 */ stream(text),
      /* 6 */ stream(text.replaceAll('fox', 'cat')),
      /* 7 */ '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      /* 8 */ '<< /Type /Action /S /JavaScript /JS (app.launchURL("http://127.0.0.1:9/opened")) >>',
      /* 9 */ '<< /Type /Action /S /JavaScript /JS (this.exportDataObject({cName: "x", nLaunch: 2})) >>',
      /* 10 */ '<< /Type /Annot /Subtype /Link /Rect [40 40 200 60] /A << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >> >>',
      /* 11 */ '<< /Type /Annot /Subtype /Link /Rect [40 70 200 90] /A << /S /URI /URI (https://example.com/kept) >> >>',
    ]),
  );
}

/** The PDF's objects written out plainly (no object streams, streams uncompressed), to search its text. */
export async function expandedPdf(file: string): Promise<string> {
  const { stdout } = await runProcess(
    'qpdf',
    ['--qdf', '--object-streams=disable', '--stream-data=uncompress', '--', file, '-'],
    { captureStdout: true },
  );
  return stdout;
}

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A PNG that declares 60000×60000 pixels (3.6 gigapixels) in a few kilobytes: a pixel bomb. */
export async function writePixelBombPng(file: string): Promise<void> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // The first rows of zeros, deflated: decoding all of it would take gigabytes.
  const rows = deflateSync(Buffer.alloc(64 * (60_000 + 1)), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await writeFile(file, Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]));
}

/** A 16×16 GIF of `frames` frames (each a different shade): small on disk, slow to work through. */
export async function writeFrameBombGif(file: string, frames: number): Promise<void> {
  await lavfi(
    `color=c=black:s=16x16:r=100,geq=lum='mod(N*7,255)':cb=128:cr=128`,
    ['-frames:v', String(frames), '-gifflags', '-offsetting'],
    file,
  );
}

/** A 16×16 video of black at one frame a second that lasts `seconds`: tiny, and hours long. */
export async function writeLongVideo(file: string, seconds: number): Promise<void> {
  await lavfi(
    'color=c=black:s=16x16:r=1',
    ['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '100000'],
    file,
  );
}
