import { z } from 'zod';
import { storedInteger } from './columns';
import { rowDecoder } from './decode';

/** A row of `data_api_login_throttles`: failed logins counted on a key (an HMAC) since `windowStart` (ms). */
export const storedLoginCounterSchema = z.object({
  key: z.string(),
  failures: storedInteger,
  windowStart: storedInteger,
});

export const loginCounter = rowDecoder('data_api_login_throttles', storedLoginCounterSchema);
