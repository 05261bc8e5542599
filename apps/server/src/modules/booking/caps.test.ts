import { describe, expect, it } from 'vitest';
import { networkOf } from './caps.js';

describe('networkOf: the network a pending cap counts an address in', () => {
  it('an IPv4 address is in its /24, an IPv4-mapped IPv6 address too', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
  });

  it('an IPv6 address is in its /64, however it is written', () => {
    expect(networkOf('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:0db8:0000:0001:ffff:0:0:1')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('anything else is a network of its own', () => {
    expect(networkOf('not an address')).toBe('not an address');
  });
});
