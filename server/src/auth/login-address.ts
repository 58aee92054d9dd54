import ipaddr from 'ipaddr.js';
import { normalizeIp } from '../../../contracts/ip';

/**
 * What the per-address login counter keys: an IPv4 address whole (IPv4-mapped IPv6 as IPv4), an IPv6 address by
 * its /64 prefix, since one client commonly holds a whole /64 and could otherwise move to a fresh address per try.
 */
export const loginAddressKey = (ip: string): string => {
  let addr;
  try {
    addr = normalizeIp(ipaddr.parse(ip));
  } catch {
    return ip;
  }
  if (addr.kind() === 'ipv4') return addr.toString();
  const prefix = (addr as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
};
