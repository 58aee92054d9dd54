import type { Core } from '@strapi/strapi';
import {
  apiKeyInputSchema,
  apiKeyUpdateSchema,
  keyNameFrom,
  numberedKeyName,
  type ApiKeyInput,
  type ApiKeySummary,
} from '../../../contracts/api-key';
import { problemsOfIssues, type Problem } from '../../../contracts/problems';
import type { RateLimit } from '../../../contracts/rate-limit';
import { UIDS } from '../../../contracts/plugin';
import { displayPrefix, generateSecret, hashSecret } from '../auth/api-key';
import { resolveKeySecret } from '../auth/key-secret';
import { forbid } from '../errors/forbid';
import { refuse } from '../errors/refuse';
import { isUniqueViolation } from '../errors/unique-violation';
import { pluginConfig } from '../config/plugin-config';
import type { AdminActor } from './admin-rights';
import { getService } from './get-service';
import { listsKey, previewProblems, storedDraftReaders } from './preview-rights';
import { storedApiKey, unnamedKey, keyName, keyPreview, type StoredApiKey } from '../stored/stored-api-key';
import { endpointKeys } from '../stored/stored-endpoint';
import { decodedOrThrow, decodeRows, warnLeftOut } from '../stored/decode';

/** A key as the admin API answers it: all but its hash. */
const toSummary = ({ hash: _hash, ...summary }: StoredApiKey): ApiKeySummary => summary;

/** API keys (docs/endpoints.md#api-keys): the secret is made here, answered once, and stored only as its HMAC. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const query = () => strapi.db.query(UIDS.apiKey);
  const precision = pluginConfig(strapi, 'lastUsedPrecisionMs');
  const lastWritten = new Map<number, number>();

  const nameTaken = (name: string): Problem => ({ path: ['name'], message: `"${name}" is already the name of a key` });

  const leftOut = warnLeftOut(strapi);
  const takenNames = async () =>
    new Set(
      decodeRows(await query().findMany({ select: keyName.columns }), keyName.decode, leftOut).map((k) => k.name)
    );

  /** `base`, or the first `base-<n>` not in `taken`. */
  const firstFree = (taken: Set<string>, base: string) => {
    let n = 1;
    while (taken.has(numberedKeyName(base, n))) n += 1;
    return numberedKeyName(base, n);
  };

  /**
   * Makes a key and its secret, named `name` (already in the name rule) if no key has it, else refused, or without
   * `name` after its description; `create` then puts it in force, an import once for all.
   */
  const issue = async ({
    name,
    description,
    expiresAt,
    rateLimit,
    preview,
  }: ApiKeyInput): Promise<ApiKeySummary & { secret: string }> => {
    if (name && (await query().findOne({ where: { name }, select: ['id'] }))) refuse([nameTaken(name)]);
    const chosen = name ?? firstFree(await takenNames(), keyNameFrom(description));
    const secret = generateSecret();
    let row;
    try {
      row = await query().create({
        data: {
          name: chosen,
          description,
          prefix: displayPrefix(secret),
          hash: hashSecret(resolveKeySecret(strapi), secret),
          expiresAt: expiresAt ? new Date(expiresAt) : null,
          rateLimit: rateLimit ?? null,
          preview: preview ?? false,
        },
      });
    } catch (error) {
      // Two keys given one name at once: the unique index decides, after the check above passed for both.
      if (isUniqueViolation(error)) refuse([nameTaken(chosen)]);
      throw error;
    }
    return { ...toSummary(decodedOrThrow(storedApiKey.decode(row))), secret };
  };

  return {
    issue,
    /**
     * Names each key stored before keys had names (at boot, once Strapi added the column) after its description,
     * as a new key is named: the same in every environment that has it, so an import matches it there.
     */
    async nameUnnamed() {
      const rows = await query().findMany({ where: { name: { $null: true } }, select: unnamedKey.columns });
      const unnamed = decodeRows(rows, unnamedKey.decode, leftOut);
      if (!unnamed.length) return;
      const taken = await takenNames();
      for (const { id, description } of unnamed) {
        const name = firstFree(taken, keyNameFrom(description));
        taken.add(name);
        try {
          await query().update({ where: { id, name: { $null: true } }, data: { name } });
        } catch (error) {
          // Another instance, booting at once, gave that name first: this key is named at the next boot.
          if (!isUniqueViolation(error)) throw error;
        }
      }
    },

    async find(): Promise<ApiKeySummary[]> {
      const rows = await query().findMany({ orderBy: { id: 'asc' } });
      return decodeRows(rows, storedApiKey.decode, leftOut).map(toSummary);
    },

    async create(input: unknown): Promise<ApiKeySummary & { secret: string }> {
      const parsed = apiKeyInputSchema.safeParse(input);
      if (!parsed.success) return refuse(problemsOfIssues(parsed.error));
      const created = await issue(parsed.data);
      await getService(strapi, 'engine').changed();
      return created;
    },

    /**
     * Changes a key's description, limit or preview mark; its name, secret and expiry stay. Marking it for preview
     * shows it the drafts of the endpoints that list it: refused (403) unless the admin `actor` may read them.
     */
    async update(id: number, input: unknown, actor: AdminActor): Promise<ApiKeySummary | null> {
      const parsed = apiKeyUpdateSchema.safeParse(input);
      if (!parsed.success) return refuse(problemsOfIssues(parsed.error));
      const current = await query().findOne({ where: { id }, select: keyPreview.columns });
      if (!current) return null;
      const { name, preview } = decodedOrThrow(keyPreview.decode(current));
      if (parsed.data.preview && !preview) {
        const readers = (await storedDraftReaders(strapi)).filter((r) => listsKey(r.definition, id));
        const problems = await previewProblems(
          strapi,
          name,
          readers.map((r) => r.definition),
          actor,
          ['preview']
        );
        if (problems.length) forbid(problems);
      }
      const row = await query().update({ where: { id }, data: parsed.data });
      if (!row) return null;
      await getService(strapi, 'engine').changed();
      return toSummary(decodedOrThrow(storedApiKey.decode(row)));
    },

    /**
     * Sets a key's own limit and preview mark, each where given (undefined: left as it is), without putting them
     * in force: an import does that once for all.
     */
    async setSettings(id: number, settings: { rateLimit?: RateLimit | null; preview?: boolean }) {
      const data = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
      if (Object.keys(data).length) await query().update({ where: { id }, data });
    },

    /** Revokes a key: the row goes, and so does its id from every endpoint that allowed it. */
    async remove(id: number) {
      const removed = await strapi.db.transaction(async () => {
        const row = await query().delete({ where: { id } });
        if (!row) return null;
        const rows = await strapi.db.query(UIDS.endpoint).findMany({ select: endpointKeys.columns });
        for (const { id: endpointId, auth } of decodeRows(rows, endpointKeys.decode, leftOut)) {
          if (auth?.method === 'api-key' && auth.keys?.includes(id)) {
            const keys = auth.keys.filter((k) => k !== id);
            await strapi.db
              .query(UIDS.endpoint)
              .update({ where: { id: endpointId }, data: { auth: { ...auth, keys } } });
          }
        }
        return { id };
      });
      if (removed) await getService(strapi, 'engine').changed();
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
