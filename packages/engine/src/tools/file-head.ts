import { open } from 'node:fs/promises';

/** The first `length` bytes of a file, or all of it when it is shorter: for reading a signature or a header. */
export async function readFileHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
