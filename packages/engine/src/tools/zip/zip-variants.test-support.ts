/**
 * @internal Rewrites of a valid zip into shapes that unzip, Python's zipfile, 7-Zip and the office suites all
 * open, though a strict reader may not: bytes after the end record, gaps between members, data descriptors, ZIP64
 * records, bytes before the archive. Each keeps every member's bytes; only the layout changes. Parsed here on its
 * own (not with the reader under test).
 */

interface Member {
  /** The central header's bytes, and where its fields are. */
  central: Buffer;
  nameLength: number;
  extraLength: number;
  offset: number;
  compressedSize: number;
  size: number;
  crc32: number;
}

function parse(zip: Buffer): { members: Member[]; end: Buffer } {
  const at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(at + 10);
  let p = zip.readUInt32LE(at + 16);
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const length = 46 + nameLength + extraLength + zip.readUInt16LE(p + 32);
    const central = Buffer.from(zip.subarray(p, p + length));
    members.push({
      central,
      nameLength,
      extraLength,
      offset: central.readUInt32LE(42),
      compressedSize: central.readUInt32LE(20),
      size: central.readUInt32LE(24),
      crc32: central.readUInt32LE(16),
    });
    p += length;
  }
  return { members, end: Buffer.from(zip.subarray(at)) };
}

function zip64Extra(values: readonly number[]): Buffer {
  const field = Buffer.alloc(4 + values.length * 8);
  field.writeUInt16LE(0x0001, 0);
  field.writeUInt16LE(values.length * 8, 2);
  for (const [i, v] of values.entries()) field.writeBigUInt64LE(BigInt(v), 4 + i * 8);
  return field;
}

export interface Layout {
  /** Bytes between members (and before the directory), as some writers and repair tools leave them. */
  gaps?: boolean;
  /** Sizes and CRC after each member's data (bit 3), zeros in the local headers, as streaming writers do. */
  dataDescriptors?: boolean;
  /**
   * ZIP64 records: 'local' in the local headers only, as Python's and Java's streaming writers leave them (office
   * suites read these); 'everywhere' also in the directory and a ZIP64 end record, as for archives over 4 GiB.
   */
  zip64?: 'local' | 'everywhere';
}

/** The same members laid out again in another shape (see `Layout`). */
export function relayout(zip: Buffer, layout: Layout): Buffer {
  const { members, end } = parse(zip);
  const parts: Buffer[] = [];
  let position = 0;
  const push = (b: Buffer) => {
    parts.push(b);
    position += b.length;
  };
  const offsets = new Map<Member, number>();
  for (const [i, m] of [...members].sort((a, b) => a.offset - b.offset).entries()) {
    const nameLength = zip.readUInt16LE(m.offset + 26);
    const extraLength = zip.readUInt16LE(m.offset + 28);
    const header = Buffer.from(zip.subarray(m.offset, m.offset + 30 + nameLength));
    let extra = Buffer.from(zip.subarray(m.offset + 30 + nameLength, m.offset + 30 + nameLength + extraLength));
    const dataStart = m.offset + 30 + nameLength + extraLength;
    if (layout.dataDescriptors) {
      header.writeUInt16LE(header.readUInt16LE(6) | 0x0008, 6);
      header.fill(0, 14, 26);
    } else if (layout.zip64) {
      header.writeUInt32LE(0xffffffff, 18);
      header.writeUInt32LE(0xffffffff, 22);
      extra = Buffer.concat([extra, zip64Extra([m.size, m.compressedSize])]);
    }
    header.writeUInt16LE(extra.length, 28);
    offsets.set(m, position);
    push(Buffer.concat([header, extra, zip.subarray(dataStart, dataStart + m.compressedSize)]));
    if (layout.dataDescriptors) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(m.crc32, 4);
      descriptor.writeUInt32LE(m.compressedSize, 8);
      descriptor.writeUInt32LE(m.size, 12);
      push(descriptor);
    }
    if (layout.gaps) push(Buffer.from('gap '.repeat(5 + i)));
  }
  const directoryStart = position;
  for (const m of members) {
    const central = Buffer.from(m.central);
    const offset = offsets.get(m) ?? 0;
    if (layout.dataDescriptors) central.writeUInt16LE(central.readUInt16LE(8) | 0x0008, 8);
    if (layout.zip64 !== 'everywhere') {
      central.writeUInt32LE(offset, 42);
      push(central);
      continue;
    }
    central.writeUInt32LE(0xffffffff, 20);
    central.writeUInt32LE(0xffffffff, 24);
    central.writeUInt32LE(0xffffffff, 42);
    const extra = Buffer.concat([
      central.subarray(46 + m.nameLength, 46 + m.nameLength + m.extraLength),
      zip64Extra([m.size, m.compressedSize, offset]),
    ]);
    central.writeUInt16LE(extra.length, 30);
    push(Buffer.concat([central.subarray(0, 46 + m.nameLength), extra, central.subarray(46 + m.nameLength + m.extraLength)]));
  }
  const directorySize = position - directoryStart;
  const record = Buffer.from(end);
  if (layout.zip64 === 'everywhere') {
    const zip64End = Buffer.alloc(56);
    zip64End.writeUInt32LE(0x06064b50, 0);
    zip64End.writeBigUInt64LE(44n, 4);
    zip64End.writeUInt16LE(45, 12);
    zip64End.writeUInt16LE(45, 14);
    zip64End.writeBigUInt64LE(BigInt(members.length), 24);
    zip64End.writeBigUInt64LE(BigInt(members.length), 32);
    zip64End.writeBigUInt64LE(BigInt(directorySize), 40);
    zip64End.writeBigUInt64LE(BigInt(directoryStart), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(position), 8);
    locator.writeUInt32LE(1, 16);
    push(Buffer.concat([zip64End, locator]));
    record.writeUInt16LE(0xffff, 8);
    record.writeUInt16LE(0xffff, 10);
    record.writeUInt32LE(0xffffffff, 12);
    record.writeUInt32LE(0xffffffff, 16);
  } else {
    record.writeUInt32LE(directorySize, 12);
    record.writeUInt32LE(directoryStart, 16);
  }
  push(record);
  return Buffer.concat(parts);
}

/**
 * Bytes after the end record (a signature block, a download tool's padding). unzip and Python look 64 KiB back for
 * the end record, LibreOffice only 512 bytes: `length` stays within what all of them read by default.
 */
export function withTrailingBytes(zip: Buffer, length = 400): Buffer {
  const filler = Buffer.from('trailing bytes after the end of central directory record; ');
  return Buffer.concat([zip, Buffer.alloc(length, filler)]);
}

/** Bytes before the archive (a self-extractor's stub): every offset is off by their length. */
export function withLeadingBytes(zip: Buffer): Buffer {
  return Buffer.concat([Buffer.from('MZ stub '.repeat(64)), zip]);
}

/** The first half of the file: what an interrupted download leaves. */
export function cutInTheMiddle(zip: Buffer): Buffer {
  return zip.subarray(0, Math.floor(zip.length / 2));
}
