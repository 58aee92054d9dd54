import { z } from 'zod';

/** Any JSON object; its inner rules are checked against the content types on the server. */
export const jsonObject = z.record(z.string(), z.unknown());
