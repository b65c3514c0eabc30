import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { crc32 } from 'node:zlib';

/**
 * A ZIP holding one STORED text member of about `bytes` bytes (numbered lines, so it deflates well): a large,
 * quickly compressible, accepted file for the paid flow. Written in 1 MB blocks, never held in memory.
 * (Same writer as server/test/fixtures.ts makeStoredZip.)
 */
export async function makeStoredZip(file: string, bytes: number): Promise<void> {
  const lines: string[] = [];
  for (let i = 0, length = 0; length < 1 << 20; i++) {
    const line = `line ${String(i).padStart(8, '0')} of a large text file used to test paid compression\n`;
    lines.push(line);
    length += line.length;
  }
  const block = Buffer.from(lines.join('')).subarray(0, 1 << 20);
  const count = Math.ceil(bytes / block.length);
  const size = count * block.length;
  let crc = 0;
  for (let i = 0; i < count; i++) crc = crc32(block, crc);
  const name = Buffer.from('large.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(size, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(size, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + size, 16);
  const out = createWriteStream(file);
  out.write(Buffer.concat([local, name]));
  for (let i = 0; i < count; i++) if (!out.write(block)) await once(out, 'drain');
  out.write(Buffer.concat([central, name, end]));
  out.end();
  await once(out, 'finish');
}
