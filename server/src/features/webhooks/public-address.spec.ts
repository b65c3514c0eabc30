import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.js';

describe('public addresses', () => {
  it('accept public IPv4 and IPv6 addresses', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '100.63.255.255',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '[2a00:1450:4001:81b::200e]',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuse loopback, private, shared, link-local, multicast, reserved and unspecified IPv4', () => {
    // biome-ignore format: a list of addresses
    for (const address of [
      '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1',
      '169.254.169.254', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.5',
      '198.18.0.1', '203.0.113.9',
    ]) expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuse loopback, unique-local, link-local, multicast and unspecified IPv6, and IPv4 inside IPv6', () => {
    // biome-ignore format: a list of addresses
    for (const address of [
      '::1', '::', '[::1]', 'fc00::1', 'fd12:3456:789a::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', 'fec0::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '::127.0.0.1', '2002:7f00:1::1',
      '2001:db8::1', '64:ff9b:1::a00:1',
    ]) expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuse what is not an IP address', () => {
    for (const address of ['localhost', 'example.com', '', '1.2.3', '0x7f.1'])
      expect(isPublicAddress(address), address).toBe(false);
  });
});
