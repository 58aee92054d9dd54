import ipaddr from 'ipaddr.js';
import { normalizeIp, parseIpRule, type IpRule } from '../../../contracts/ip';

/**
 * Compiles an allowlist once; the matcher answers whether a remote address may call (an endpoint's `allowedIps`,
 * docs/reference.md#endpoint-definition-json).
 */
export const compileIpAllowlist = (entries: string[]): ((remote: string) => boolean) | null => {
  const rules = entries.map(parseIpRule).filter((r): r is IpRule => r !== null);
  if (entries.length === 0) return null;
  return (remote: string) => {
    let addr;
    try {
      addr = normalizeIp(ipaddr.parse(remote));
    } catch {
      return false;
    }
    return rules.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range as never, bits));
  };
};
