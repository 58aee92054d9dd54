import type { Core } from '@strapi/strapi';
import { apiKeyInputSchema, type ApiKeySummary } from '../../../contracts/api-key';
import { describeIssues } from '../../../contracts/issues';
import { UIDS } from '../../../contracts/plugin';
import { displayPrefix, generateSecret, hashSecret } from '../auth/api-key';
import { resolveKeySecret } from '../auth/key-secret';
import { iso } from '../definitions/rows';
import { refuse } from '../errors/refuse';
import { pluginConfig } from '../utils/plugin-config';
import { getService } from '../utils/get-service';

const toSummary = (row: Record<string, unknown>): ApiKeySummary => ({
  id: row.id as number,
  description: row.description as string,
  prefix: row.prefix as string,
  expiresAt: row.expiresAt ? iso(row.expiresAt) : null,
  lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  createdAt: iso(row.createdAt),
});

/** API keys (spec 2.3): the secret is made here, answered once, and stored only as its HMAC. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const query = () => strapi.db.query(UIDS.apiKey);
  const precision = pluginConfig(strapi, 'lastUsedPrecisionMs');
  const lastWritten = new Map<number, number>();

  /** Makes a key and its secret; `create` then puts it in force, an import once for all. */
  const issue = async (description: string, expiresAt?: string | null): Promise<ApiKeySummary & { secret: string }> => {
    const secret = generateSecret();
    const row = await query().create({
      data: {
        description,
        prefix: displayPrefix(secret),
        hash: hashSecret(resolveKeySecret(strapi), secret),
        expiresAt: expiresAt ? new Date(expiresAt) : null,
      },
    });
    return { ...toSummary(row), secret };
  };

  return {
    issue,
    async find(): Promise<ApiKeySummary[]> {
      return (await query().findMany({ orderBy: { id: 'asc' } })).map(toSummary);
    },

    async create(input: unknown): Promise<ApiKeySummary & { secret: string }> {
      const parsed = apiKeyInputSchema.safeParse(input);
      if (!parsed.success) return refuse(describeIssues(parsed.error));
      const created = await issue(parsed.data.description, parsed.data.expiresAt);
      await getService(strapi, 'registry').changed();
      return created;
    },

    /** Revokes a key: the row goes, and so does its id from every endpoint that allowed it. */
    async remove(id: number) {
      const removed = await strapi.db.transaction(async () => {
        const row = await query().delete({ where: { id } });
        if (!row) return null;
        const endpoints = await strapi.db.query(UIDS.endpoint).findMany({ select: ['id', 'auth'] });
        for (const endpoint of endpoints) {
          const auth = endpoint.auth as { method: string; keys?: number[] } | null;
          if (auth?.method === 'api-key' && auth.keys?.includes(id)) {
            const keys = auth.keys.filter((k) => k !== id);
            await strapi.db
              .query(UIDS.endpoint)
              .update({ where: { id: endpoint.id }, data: { auth: { ...auth, keys } } });
          }
        }
        return { id };
      });
      if (removed) await getService(strapi, 'registry').changed();
      return removed;
    },

    /** Records use without a write per request: at most one per key per `lastUsedPrecisionMs`. */
    touch(id: number) {
      const now = Date.now();
      if (now - (lastWritten.get(id) ?? 0) < precision) return;
      lastWritten.set(id, now);
      query()
        .update({ where: { id }, data: { lastUsedAt: new Date(now) } })
        .catch((error: Error) => strapi.log.warn(`[data-api] could not record key use: ${error.message}`));
    },
  };
};
