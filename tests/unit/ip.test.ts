import { compileIpAllowlist } from '../../server/src/auth/ip';

describe('compileIpAllowlist', () => {
  test('an empty list is no restriction', () => {
    expect(compileIpAllowlist([])).toBeNull();
  });

  test('a single IPv4 address', () => {
    const allowed = compileIpAllowlist(['127.0.0.1'])!;
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('127.0.0.2')).toBe(false);
  });

  test('an IPv4 subnet', () => {
    const allowed = compileIpAllowlist(['203.0.113.0/24'])!;
    expect(allowed('203.0.113.0')).toBe(true);
    expect(allowed('203.0.113.255')).toBe(true);
    expect(allowed('203.0.114.1')).toBe(false);
  });

  test('a single IPv6 address, written in any form', () => {
    const allowed = compileIpAllowlist(['2001:db8::1'])!;
    expect(allowed('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe(true);
    expect(allowed('2001:db8::2')).toBe(false);
  });

  test('an IPv6 subnet', () => {
    const allowed = compileIpAllowlist(['2001:db8::/32'])!;
    expect(allowed('2001:db8:ffff::1')).toBe(true);
    expect(allowed('2001:db9::1')).toBe(false);
  });

  test('an IPv4-mapped IPv6 remote matches its IPv4 form', () => {
    const allowed = compileIpAllowlist(['10.0.0.0/8'])!;
    expect(allowed('::ffff:10.0.0.5')).toBe(true);
    expect(allowed('::ffff:11.0.0.5')).toBe(false);
  });

  test('an IPv4-mapped rule matches the plain IPv4 remote', () => {
    expect(compileIpAllowlist(['::ffff:192.0.2.7'])!('192.0.2.7')).toBe(true);
    expect(compileIpAllowlist(['::ffff:10.0.0.0/104'])!('10.20.30.40')).toBe(true);
  });

  test('IPv4 rules never match IPv6 remotes and the reverse', () => {
    expect(compileIpAllowlist(['0.0.0.0/0'])!('::1')).toBe(false);
    expect(compileIpAllowlist(['::/0'])!('127.0.0.1')).toBe(false);
    expect(compileIpAllowlist(['::1'])!('127.0.0.1')).toBe(false);
  });

  test('any entry of the list may match', () => {
    const allowed = compileIpAllowlist(['127.0.0.1', '2001:db8::/32', '10.0.0.0/8'])!;
    expect(['127.0.0.1', '2001:db8::7', '10.9.9.9'].map(allowed)).toEqual([true, true, true]);
    expect(allowed('192.168.0.1')).toBe(false);
  });

  test('an unparseable remote is refused', () => {
    const allowed = compileIpAllowlist(['0.0.0.0/0'])!;
    expect(allowed('')).toBe(false);
    expect(allowed('not-an-ip')).toBe(false);
  });

  test('a list of only invalid entries refuses everyone instead of allowing everyone', () => {
    const allowed = compileIpAllowlist(['abc', '1.2.3.4/33']);
    expect(allowed).not.toBeNull();
    expect(allowed!('1.2.3.4')).toBe(false);
  });
});
