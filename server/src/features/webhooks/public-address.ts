import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook never reaches (unless the operator allows private addresses): this machine, private and shared
 * networks, link-local, documentation and benchmark ranges, multicast, reserved and unspecified addresses. IPv6
 * forms that carry an IPv4 address (mapped, compatible, 6to4, Teredo, local NAT64) are refused as a whole: a public
 * receiver has a plain address of its own.
 */
const NOT_PUBLIC_V4 = new BlockList();
// biome-ignore format: one range a line
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
/** Kept apart from the IPv4 list: Node's BlockList matches IPv4 addresses against an IPv4-mapped IPv6 range. */
const NOT_PUBLIC_V6 = new BlockList();
// biome-ignore format: one range a line
for (const [network, prefix] of [
  ['::', 96], ['::ffff:0:0', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP literal) is on the public internet; anything that is not an IP address is not. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 0) return false;
  return version === 4 ? !NOT_PUBLIC_V4.check(bare, 'ipv4') : !NOT_PUBLIC_V6.check(bare, 'ipv6');
}
