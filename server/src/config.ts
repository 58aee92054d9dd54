import { z } from 'zod';
import { describeIssues } from '../../contracts/issues';

/** The plugin's options, set under `data-api.config` in the app's config/plugins file. */
export const configSchema = z.strictObject({
  /** Keys the HMAC of API key secrets. Defaults to one derived from the app's `server.app.keys`. */
  keySecret: z.string().min(32, 'keySecret must be at least 32 characters').optional(),
  /** How often (ms) each instance checks whether definitions or keys changed elsewhere (kept under a second). */
  refreshIntervalMs: z.number().int().min(50).max(800),
  /** How often (ms) at most a key's lastUsedAt is written. */
  lastUsedPrecisionMs: z.number().int().min(0).max(3_600_000),
  /** The largest request body (bytes) a Create or Modify endpoint reads. */
  maxBodyBytes: z
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024),
  /**
   * Which writes go through the Document Service. `auto`: Draft & Publish types and types with their own
   * lifecycle hooks; the others are written with direct SQL. `always`: every write, for sites whose global
   * lifecycle subscribers or Document Service middlewares must see these writes.
   */
  documentService: z.enum(['auto', 'always']),
});

export type PluginConfig = z.infer<typeof configSchema>;

export default {
  default: {
    refreshIntervalMs: 500,
    lastUsedPrecisionMs: 60_000,
    maxBodyBytes: 1024 * 1024,
    documentService: 'auto',
  } satisfies Omit<PluginConfig, 'keySecret'>,
  validator(config: unknown) {
    const result = configSchema.safeParse(config);
    if (!result.success) {
      throw new Error(`Invalid config for plugin data-api: ${describeIssues(result.error).join('; ')}`);
    }
  },
};
