import { readFile } from 'node:fs/promises';

/**
 * Walks a GIF's blocks (extensions, images and their data sub-blocks) to the trailer: true only when every block
 * is well formed and the file ends where the trailer says it does.
 */
export async function gifIsComplete(file: string): Promise<boolean> {
  const b = await readFile(file);
  if (b.length < 14 || !/^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return false;
  const table = (packed: number) => ((packed & 0x80) !== 0 ? 3 * (2 << (packed & 7)) : 0);
  let p = 13 + table(b[10] ?? 0);
  const skipSubBlocks = (): boolean => {
    for (;;) {
      if (p >= b.length) return false;
      const len = b[p++] ?? 0;
      if (len === 0) return true;
      p += len;
    }
  };
  while (p < b.length) {
    const introducer = b[p++];
    if (introducer === 0x3b) return true;
    if (introducer === 0x21) {
      p++;
      if (!skipSubBlocks()) return false;
    } else if (introducer === 0x2c) {
      if (p + 10 > b.length) return false;
      p += 9 + table(b[p + 8] ?? 0) + 1;
      if (!skipSubBlocks()) return false;
    } else return false;
  }
  return false;
}
