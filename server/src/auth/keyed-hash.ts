import { createHmac } from 'node:crypto';

/**
 * HMAC-SHA256 keyed by the plugin's secret, for values stored in place of what they stand for (session tokens,
 * password stamps, failed-login keys). `purpose` keeps the uses apart: equal texts of two uses never match.
 */
export const keyedHash = (keySecret: string, purpose: string, text: string): string =>
  createHmac('sha256', keySecret).update(`${purpose}:${text}`).digest('hex');
