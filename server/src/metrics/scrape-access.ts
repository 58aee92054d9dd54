import { createHash, timingSafeEqual } from 'node:crypto';
import { anyBearerToken } from '../auth/bearer';
import { compileIpAllowlist } from '../auth/ip';

export interface ScrapeRules {
  token?: string;
  allowedIps?: string[];
}

/** Why a scrape is refused: its address is not allowed (403), or it lacks the token (401). */
export type ScrapeRefusal = 403 | 401 | null;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read the metrics: with allowed IPs, the source address must match; with a token, the request must
 * carry it as a Bearer token; both when both are set. The token is compared as a SHA-256 digest in constant
 * time, so neither its content nor its length shows in the timing.
 */
export const createScrapeAccess = ({ token, allowedIps }: ScrapeRules) => {
  const ipAllowed = compileIpAllowlist(allowedIps ?? []);
  const expected = token === undefined ? null : digest(token);
  return (ip: string, authorization: string | undefined): ScrapeRefusal => {
    if (ipAllowed && !ipAllowed(ip)) return 403;
    if (!expected) return null;
    const sent = anyBearerToken(authorization);
    return sent !== null && timingSafeEqual(digest(sent), expected) ? null : 401;
  };
};
