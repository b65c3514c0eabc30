import { open, stat } from 'node:fs/promises';
import { EngineError } from '../../errors.js';
import type { RunProcess } from '../../process/run-process.js';
import { MAX_INPUT_PIXELS } from './sharp-input.js';

/** What a BMP header declares, or null when it is not one. */
export async function bmpHeader(file: string): Promise<{ width: number; height: number; complete: boolean } | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(34);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < 26 || head.toString('latin1', 0, 2) !== 'BM') return null;
    const fileSize = (await handle.stat()).size;
    const dataOffset = head.readUInt32LE(10);
    const core = head.readUInt32LE(14) === 12;
    const width = core ? head.readUInt16LE(18) : Math.abs(head.readInt32LE(18));
    const height = core ? head.readUInt16LE(20) : Math.abs(head.readInt32LE(22));
    const bitCount = core ? head.readUInt16LE(24) : head.readUInt16LE(28);
    const compression = core || bytesRead < 34 ? 0 : head.readUInt32LE(30);
    // Uncompressed rows are padded to 4 bytes: a file shorter than its pixel array has been cut off.
    const pixelBytes = compression === 0 || compression === 3 ? Math.floor((bitCount * width + 31) / 32) * 4 * height : 0;
    return { width, height, complete: dataOffset + pixelBytes <= fileSize };
  } finally {
    await handle.close();
  }
}

/**
 * BMP cannot be made smaller as BMP, so it becomes PNG (lossless). sharp's libvips has no BMP reader; ffmpeg
 * decodes it into a PNG that the PNG recipes then work from. The declared size is checked first, so a header
 * claiming a gigantic picture is refused before anything is allocated.
 */
export async function decodeBmp(ctx: { runProcess: RunProcess; signal: AbortSignal }, input: string, out: string): Promise<void> {
  const size = await bmpHeader(input);
  if (!size || size.width === 0 || size.height === 0 || !size.complete)
    throw new EngineError('invalid-input', 'The BMP image is damaged or incomplete and cannot be read');
  if (size.width * size.height > MAX_INPUT_PIXELS)
    throw new EngineError('invalid-input', 'The image is too large to process (more than 100 megapixels)');
  try {
    await ctx.runProcess(
      'ffmpeg',
      [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-xerror',
        '-i',
        input,
        '-frames:v',
        '1',
        '-c:v',
        'png',
        '-f',
        'image2',
        '-update',
        '1',
        '-y',
        out,
      ],
      {
        signal: ctx.signal,
        timeoutMs: 2 * 60 * 1000,
      },
    );
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'failed')
      throw new EngineError('invalid-input', 'The BMP image is damaged or incomplete and cannot be read', err.stderrTail, {
        cause: err,
      });
    throw err;
  }
  if (
    !(await stat(out).then(
      (s) => s.size > 0,
      () => false,
    ))
  )
    throw new EngineError('invalid-input', 'The BMP image is damaged or incomplete and cannot be read');
}
