/**
 * Canaries for the content-attack suite: a listener that records every connection made to it, and a local picture
 * whose bytes must never show up in any output. A document that makes a tool reach either has opened a door.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';

export interface CanaryListener {
  /** http://127.0.0.1:PORT — every path under it answers a small PNG, so a tool that asks gets a picture back. */
  url: string;
  /** Request lines received so far, e.g. "GET /odt-image.png". */
  hits: string[];
  close(): Promise<void>;
}

export async function startCanaryListener(): Promise<CanaryListener> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff00ff' } })
    .png()
    .toBuffer();
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  // A raw connection that never sends a request line counts too.
  server.on('connection', () => hits.push('CONNECT'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface CanaryFile {
  /** Absolute path of a JPEG outside every work folder. */
  path: string;
  /** A run of its bytes from the middle of the compressed data: present in any output that embedded the file. */
  marker: Buffer;
}

/** A noisy JPEG (kept byte for byte by PDF export, so embedding it leaves its bytes in the output). */
export async function writeCanaryFile(dir: string): Promise<CanaryFile> {
  const file = path.join(dir, 'canary-secret.jpg');
  const noise = randomBytes(96 * 96 * 3);
  const jpeg = await sharp(noise, { raw: { width: 96, height: 96, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  await writeFile(file, jpeg);
  const middle = Math.floor(jpeg.length / 2);
  return { path: file, marker: jpeg.subarray(middle, middle + 48) };
}
