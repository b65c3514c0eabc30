import { crc32 } from 'node:zlib';
import { extraFields, FLAG_UTF8, UNICODE_PATH_EXTRA } from './format.js';

/** Code page 437, bytes 0x80-0xff: what a zip name means when its header does not say UTF-8 (APPNOTE D.1). */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/** @internal */
export function decodeCp437(bytes: Buffer): string {
  let out = '';
  for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80];
  return out;
}

/** Text of a name or comment: UTF-8 when the header's flag says so, code page 437 otherwise. */
export function decodeText(bytes: Buffer, flags: number): string {
  return flags & FLAG_UTF8 ? bytes.toString('utf8') : decodeCp437(bytes);
}

/**
 * A member's name as unzip and Python read it: the Info-ZIP Unicode Path field when present and current (its CRC
 * matches the header's name), else the header's name; backslashes read as folder separators, as unzip does.
 */
export function memberName(nameRaw: Buffer, flags: number, extra: Buffer): string {
  let name = decodeText(nameRaw, flags);
  if (!(flags & FLAG_UTF8)) {
    const unicode = extraFields(extra).find((f) => f.id === UNICODE_PATH_EXTRA);
    if (unicode && unicode.data.length >= 5 && unicode.data[0] === 1 && unicode.data.readUInt32LE(1) === crc32(nameRaw)) {
      name = unicode.data.subarray(5).toString('utf8');
    }
  }
  return name.replaceAll('\\', '/');
}
