import { loginAddressKey } from '../../server/src/auth/login-address';

/** The per-address login counter keys IPv4 by the address and IPv6 by its /64, which one client often holds. */
describe('loginAddressKey', () => {
  test('addresses of one IPv6 /64 share a key, in any notation', () => {
    const key = loginAddressKey('2001:db8:1:2::a');
    expect(loginAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(loginAddressKey('2001:0DB8:0001:0002:0000:0000:0000:0001')).toBe(key);
    expect(loginAddressKey('2001:db8:1:3::a')).not.toBe(key);
    expect(loginAddressKey('2001:db8:2:2::a')).not.toBe(key);
  });

  test('IPv4 by the whole address; an IPv4-mapped IPv6 address is its IPv4 address', () => {
    expect(loginAddressKey('203.0.113.7')).toBe(loginAddressKey('::ffff:203.0.113.7'));
    expect(loginAddressKey('203.0.113.7')).not.toBe(loginAddressKey('203.0.113.8'));
    // Not the /64 of ::ffff:0:0, which every IPv4 client would share.
    expect(loginAddressKey('::ffff:203.0.113.7')).not.toBe(loginAddressKey('::ffff:198.51.100.1'));
  });

  test('a zone index does not make a new key; text that is no address keys as itself', () => {
    expect(loginAddressKey('fe80::1%eth0')).toBe(loginAddressKey('fe80::2'));
    expect(loginAddressKey('unknown')).toBe('unknown');
  });
});
