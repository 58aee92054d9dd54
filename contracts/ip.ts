import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;
export type IpRule = [IpAddress, number];

/** IPv4-mapped IPv6 addresses (::ffff:203.0.113.5) are treated as their IPv4 form. */
export const normalizeIp = (addr: IpAddress): IpAddress =>
  addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;

/** ipaddr.js also reads legacy forms such as "10", "10.1" or "0x0a.0.0.1"; only the usual notations are allowed. */
const isUsualNotation = (text: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(text) || (text.includes(':') && ipaddr.IPv6.isValid(text));

/** Parses one allowlist entry: a single IPv4/IPv6 address or a CIDR subnet; null when it does not parse. */
export const parseIpRule = (entry: string): IpRule | null => {
  const text = entry.trim();
  try {
    if (text.includes('/')) {
      const [address, prefix] = text.split('/');
      if (!isUsualNotation(address) || !/^\d{1,3}$/.test(prefix ?? '')) return null;
      const [addr, bits] = ipaddr.parseCIDR(text);
      const mapped = addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress();
      return mapped && bits >= 96 ? [normalizeIp(addr), bits - 96] : [addr, bits];
    }
    if (!isUsualNotation(text)) return null;
    const addr = normalizeIp(ipaddr.parse(text));
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
};
