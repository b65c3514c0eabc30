/**
 * Whether an embedded ICC profile only says "sRGB". Browsers, viewers and libraries read untagged pictures as sRGB,
 * so such a profile changes nothing on screen and costs its size in every output (3 kB for the common
 * "sRGB IEC61966-2.1", a sizeable share of a small picture). Any other profile (Display P3, Adobe RGB, a camera's or
 * a printer's) is kept, as is a profile this reader cannot parse.
 */
export function isSrgbProfile(icc: Buffer | undefined): boolean {
  if (!icc || icc.length < 132) return false;
  if (icc.toString('latin1', 16, 20) !== 'RGB ' || icc.toString('latin1', 36, 40) !== 'acsp') return false;
  const tags = icc.readUInt32BE(128);
  for (let i = 0; i < tags && 132 + i * 12 + 12 <= icc.length; i++) {
    const entry = 132 + i * 12;
    if (icc.toString('latin1', entry, entry + 4) !== 'desc') continue;
    const offset = icc.readUInt32BE(entry + 4);
    const size = icc.readUInt32BE(entry + 8);
    if (offset + size > icc.length || size < 12) return false;
    return /^sRGB\b|\bsRGB IEC61966-2[.-]1\b/.test(description(icc.subarray(offset, offset + size)));
  }
  return false;
}

/** The text of a 'desc' tag: ICC v2 'desc' (ASCII) or v4 'mluc' (first record, UTF-16BE). */
function description(tag: Buffer): string {
  const type = tag.toString('latin1', 0, 4);
  if (type === 'desc') {
    const count = tag.readUInt32BE(8);
    return tag.toString('latin1', 12, Math.min(tag.length, 12 + count)).replace(/\0+$/, '');
  }
  if (type === 'mluc' && tag.length >= 28) {
    const length = tag.readUInt32BE(20);
    const offset = tag.readUInt32BE(24);
    if (offset + length > tag.length) return '';
    return Buffer.from(tag.subarray(offset, offset + length))
      .swap16()
      .toString('utf16le');
  }
  return '';
}
