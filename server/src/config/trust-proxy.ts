import { isIP } from 'node:net';

/**
 * Which proxies in front are believed about the client's address: none, how many (each appends the address it saw
 * to X-Forwarded-For, so the client's own entries come before theirs), or their addresses and subnets. What express's
 * `trust proxy` takes; `true` is one proxy, never "believe every entry", which would let a client name any address.
 */
export type TrustProxy = false | number | string[];

/** express's names for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as express takes it: `false` (the default), `true` or a number of proxies, or a comma-separated list of
 * addresses, subnets and express's range names (`loopback, 10.0.0.0/8`). Undefined for anything else.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Math.min(Number(text), 16);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length > 0 && entries.every(isAddressOrSubnet) ? entries : undefined;
}
