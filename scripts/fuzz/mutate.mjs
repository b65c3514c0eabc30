// Mutations of real files, the way damaged downloads and hostile uploads look: bit flips, truncation, runs of random
// bytes, huge declared sizes, wrong extensions, empty files. Seeded, so a failure can be replayed with its seed.

/** mulberry32: a small, fast, seedable PRNG (returns numbers in [0, 1)). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (random, n) => Math.floor(random() * n);

/** Overwrites the 32-bit fields that formats use for sizes near the start with huge values. */
function hugeDeclaredSizes(bytes, random) {
  const out = Buffer.from(bytes);
  const huge = [0xffffffff, 0x7fffffff, 0x40000000, 0x00ffffff];
  // PNG IHDR width/height, RIFF/WAV chunk size, MP4 box size, zip sizes, BMP dimensions: all sit in the first 64 bytes.
  for (let i = 0; i < 3; i++) {
    const at = 4 + 4 * int(random, 15);
    if (at + 4 <= out.length) out.writeUInt32BE(huge[int(random, huge.length)], at);
  }
  return out;
}

const EXTENSIONS = ['jpg', 'png', 'pdf', 'docx', 'mp4', 'mp3', 'zip', 'gif', 'webp', 'xlsx', 'wav', 'txt', 'exe', ''];

/**
 * One mutation of `bytes` named `name`: returns { kind, bytes, name }. The kinds are chosen with the PRNG, so the
 * same seed gives the same sequence of files.
 */
export function mutate(bytes, name, random) {
  const kinds = ['bitflip', 'truncate', 'random-run', 'huge-sizes', 'wrong-extension', 'empty', 'bitflip-header', 'append'];
  const kind = kinds[int(random, kinds.length)];
  const out = Buffer.from(bytes);
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
  const base = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
  switch (kind) {
    case 'bitflip':
      for (let i = 0, n = 1 + int(random, 64); i < n && out.length > 0; i++) out[int(random, out.length)] ^= 1 << int(random, 8);
      return { kind, bytes: out, name };
    case 'bitflip-header':
      for (let i = 0, n = 1 + int(random, 8); i < n && out.length > 0; i++)
        out[int(random, Math.min(out.length, 512))] ^= 1 << int(random, 8);
      return { kind, bytes: out, name };
    case 'truncate':
      return { kind, bytes: out.subarray(0, int(random, out.length)), name };
    case 'random-run': {
      const start = int(random, out.length);
      const length = Math.min(out.length - start, 1 + int(random, 4096));
      for (let i = 0; i < length; i++) out[start + i] = int(random, 256);
      return { kind, bytes: out, name };
    }
    case 'huge-sizes':
      return { kind, bytes: hugeDeclaredSizes(out, random), name };
    case 'wrong-extension': {
      const other = EXTENSIONS.filter((e) => e !== ext)[int(random, EXTENSIONS.length - 1)];
      return { kind, bytes: out, name: other ? `${base}.${other}` : base };
    }
    case 'empty':
      return { kind, bytes: Buffer.alloc(0), name };
    default: {
      const tail = Buffer.alloc(1 + int(random, 65536));
      for (let i = 0; i < tail.length; i++) tail[i] = int(random, 256);
      return { kind, bytes: Buffer.concat([out, tail]), name };
    }
  }
}
