import ipaddr from 'ipaddr.js';
import { normalizeIp, parseIpRule } from '../../contracts/ip';

const show = (entry: string) => {
  const rule = parseIpRule(entry);
  return rule && `${rule[0].kind()} ${rule[0].toString()}/${rule[1]}`;
};

describe('parseIpRule', () => {
  test.each([
    ['127.0.0.1', 'ipv4 127.0.0.1/32'],
    [' 10.0.0.1 ', 'ipv4 10.0.0.1/32'],
    ['203.0.113.0/24', 'ipv4 203.0.113.0/24'],
    ['0.0.0.0/0', 'ipv4 0.0.0.0/0'],
    ['::1', 'ipv6 ::1/128'],
    ['2001:db8::/32', 'ipv6 2001:db8::/32'],
    ['::ffff:10.0.0.5', 'ipv4 10.0.0.5/32'],
    ['::ffff:10.0.0.0/104', 'ipv4 10.0.0.0/8'],
  ])('%p → %s', (entry, expected) => {
    expect(show(entry)).toBe(expected);
  });

  test.each([
    '10',
    '999.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '0x0a.0.0.1',
    '1.2.3.4/33',
    '1.2.3.4/',
    '2001:db8::/129',
    'abc',
    '',
    'localhost',
    '2001:db8::g',
  ])('refuses %p', (entry) => {
    expect(parseIpRule(entry)).toBeNull();
  });

  test('refuses legacy IPv4 forms in a CIDR subnet, as it does for a single address', () => {
    // Otherwise '10/8' is 0.0.0.10/8, '10.1/16' is 10.0.0.1/16 and '010.0.0.1/32' the octal 8.0.0.1/32.
    const entries = ['10/8', '10.1/16', '0x0a.0.0.0/8', '010.0.0.1/32'];
    expect(entries.map(show)).toEqual([null, null, null, null]);
  });
});

describe('normalizeIp', () => {
  test('maps IPv4-mapped IPv6 to IPv4 and keeps other addresses', () => {
    expect(normalizeIp(ipaddr.parse('::ffff:192.0.2.1')).toString()).toBe('192.0.2.1');
    expect(normalizeIp(ipaddr.parse('2001:db8::1')).kind()).toBe('ipv6');
    expect(normalizeIp(ipaddr.parse('192.0.2.1')).kind()).toBe('ipv4');
  });
});
