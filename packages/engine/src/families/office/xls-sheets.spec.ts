import CFB from 'cfb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sheetsOfWorkbook, sheetsOfWorkbookStream } from './xls-sheets.js';

/** One BIFF record: type, length, data. */
const record = (type: number, data: Buffer = Buffer.alloc(0)): Buffer => {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
};
const BOF = () => record(0x0809, Buffer.alloc(16));
const EOF = () => record(0x000a);
const XCT = () => record(0x0059, Buffer.alloc(4));
const CELL = () => record(0x0203, Buffer.alloc(14));

/** A BoundSheet8 record pointing at `offset` (its BOF) named "S". */
const boundSheet = (offset: number): Buffer => {
  const data = Buffer.alloc(8);
  data.writeUInt32LE(offset, 0);
  data.writeUInt8(1, 6);
  data.write('S', 7, 'latin1');
  return record(0x0085, data);
};

/** A workbook stream: globals listing its sheets (and `extra` records), then the sheets' substreams, then padding. */
function workbook(sheets: Buffer[][], options: { extra?: Buffer[]; shift?: number; padding?: number } = {}): Buffer {
  const globalsWithout = (starts: number[]) =>
    Buffer.concat([BOF(), ...starts.map((s) => boundSheet(s + (options.shift ?? 0))), ...(options.extra ?? []), EOF()]);
  const bodies = sheets.map((records) => Buffer.concat([BOF(), ...records, EOF()]));
  const globalsLength = globalsWithout(sheets.map(() => 0)).length;
  const starts: number[] = [];
  let at = globalsLength;
  for (const body of bodies) {
    starts.push(at);
    at += body.length;
  }
  return Buffer.concat([globalsWithout(starts), ...bodies, Buffer.alloc(options.padding ?? 0)]);
}

describe('sheets of an Excel 97–2003 workbook stream', () => {
  it('counts the sheets the globals list, each at the start of its own substream, padding after the end ignored', () => {
    expect(sheetsOfWorkbookStream(workbook([[CELL()], [CELL(), CELL()], []], { padding: 300 }))).toBe(3);
  });

  it('reads through a chart embedded in a sheet (a substream inside the sheet’s)', () => {
    expect(sheetsOfWorkbookStream(workbook([[CELL(), BOF(), CELL(), EOF(), CELL()], [CELL()]]))).toBe(2);
  });

  it('counts the cached sheets of linked workbooks too, as LibreOffice opens them', () => {
    expect(sheetsOfWorkbookStream(workbook([[CELL()]], { extra: [XCT(), XCT()] }))).toBe(3);
  });

  it('knows no count for a workbook whose records do not add up', () => {
    // A sheet pointing anywhere but at a substream's start.
    expect(sheetsOfWorkbookStream(workbook([[CELL()], [CELL()]], { shift: 4 }))).toBeUndefined();
    // A record running past the end of the stream.
    const whole = workbook([[CELL()]]);
    expect(sheetsOfWorkbookStream(whole.subarray(0, whole.length - 6))).toBeUndefined();
    // A substream that never ends, and an end with no start.
    expect(sheetsOfWorkbookStream(Buffer.concat([workbook([[CELL()]]), BOF()]))).toBeUndefined();
    expect(sheetsOfWorkbookStream(Buffer.concat([EOF(), workbook([[CELL()]])]))).toBeUndefined();
    // Nothing at all, and no sheet listed.
    expect(sheetsOfWorkbookStream(Buffer.alloc(0))).toBeUndefined();
    expect(sheetsOfWorkbookStream(Buffer.concat([BOF(), EOF()]))).toBeUndefined();
    // Substreams nested deeper than any workbook nests them.
    const deep = [...Array.from({ length: 9 }, BOF), ...Array.from({ length: 9 }, EOF)];
    expect(sheetsOfWorkbookStream(workbook([deep]))).toBeUndefined();
  });

  it('reads the workbook stream out of its compound file, and any damage to the file gives a count or none, never a crash', () => {
    const container = CFB.utils.cfb_new();
    // Large enough to live in the compound file's regular sectors (a workbook stream is at least 4 KiB).
    CFB.utils.cfb_add(container, 'Workbook', workbook([[CELL()], [CELL()]], { padding: 5000 }));
    const file = Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
    expect(sheetsOfWorkbook(file)).toBe(2);
    expect(sheetsOfWorkbook(file.subarray(0, 600))).toBeUndefined();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: file.length - 1 }), fc.nat({ max: 255 })), { minLength: 1, maxLength: 12 }),
        fc.nat({ max: file.length }),
        (flips, keep) => {
          const damaged = Buffer.from(file.subarray(0, Math.max(keep, 512)));
          for (const [at, value] of flips) if (at < damaged.length) damaged[at] = value;
          const count = sheetsOfWorkbook(damaged);
          expect(count === undefined || (Number.isInteger(count) && count >= 1)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
