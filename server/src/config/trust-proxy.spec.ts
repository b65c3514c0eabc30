import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy.js';

describe('parseTrustProxy', () => {
  it('reads no proxy, a number of proxies (true is one), or their addresses and subnets', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 10.0.0.0/8,  fd00::/8')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    expect(parseTrustProxy('203.0.113.7')).toEqual(['203.0.113.7']);
  });

  it('refuses what express would not read as proxies', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', 'example.com', '1.2.3.4/8/1', '::1/129'])
      expect(parseTrustProxy(bad), bad).toBeUndefined();
  });
});
