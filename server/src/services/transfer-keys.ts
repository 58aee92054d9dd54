import { keyNameSchema, type ApiKeyInput, type ApiKeySummary } from '../../../contracts/api-key';
import { DESCRIPTION_TRANSFER_FORMAT, type ImportResult, type TransferDocument } from '../../../contracts/transfer';
import type apiKeysService from './api-keys';

type ApiKeys = ReturnType<typeof apiKeysService>;

/** What a key an imported file names is here: the ids of this environment, or why it cannot be told. */
export type ResolvedKey = { ids: number[] } | { problem: string };

/**
 * The keys an imported file names, as ids of this environment. A name matches the key of that name (described
 * alike), and one no key has is made with that name (its secret answered once, in `result`). A description (first format)
 * matches a key only when it is the description of no other: a description is free text that anyone with the
 * key rights can copy, so a shared one is refused (once, where the file first names it) rather than guessed.
 */
export const keyResolver = async (apiKeys: ApiKeys, file: TransferDocument, result: ImportResult) => {
  const existing = await apiKeys.find();
  const byDescription = file.format === DESCRIPTION_TRANSFER_FORMAT;
  const descriptions = new Map(file.keys.flatMap((k) => ('name' in k ? [[k.name, k.description] as const] : [])));
  // A key's limit and preview mark are configuration like the rest: the file's replace this environment's, where
  // the file has them.
  const settings = new Map(file.keys.flatMap((k) => ('name' in k ? [[k.name, k] as const] : [])));
  const resolved = new Map<string, ResolvedKey>();

  const matched = (key: ApiKeySummary): ResolvedKey => {
    result.keys.matched.push({ id: key.id, name: key.name, description: key.description });
    return { ids: [key.id] };
  };
  const created = async (input: ApiKeyInput): Promise<ResolvedKey> => {
    const { id, name, description, secret } = await apiKeys.issue(input);
    result.keys.created.push({ id, name, description, secret });
    return { ids: [id] };
  };

  /**
   * A key of that name here is the file's key only if the file describes it alike: a name another admin gave a key
   * of their own before the import, or a different key that happens to share it, is refused, not guessed.
   */
  const resolveName = async (name: string): Promise<ResolvedKey> => {
    const key = existing.find((k) => k.name === name);
    const described = descriptions.get(name);
    const { rateLimit, preview } = settings.get(name) ?? {};
    if (!key) return created({ name, description: described ?? name, rateLimit, preview });
    if (described !== undefined && described !== key.description) {
      const why = `the key "${name}" here is described "${key.description}", the file describes it "${described}"`;
      return { problem: `${why}: revoke one of them or describe them alike` };
    }
    await apiKeys.setSettings(key.id, { rateLimit, preview });
    return matched(key);
  };

  const resolveDescription = async (description: string): Promise<ResolvedKey> => {
    const keys = existing.filter((k) => k.description === description);
    if (keys.length > 1) {
      const names = keys.map((k) => k.name).join(', ');
      const advice = 'export the file again to name keys by name';
      return { problem: `"${description}" is the description of ${keys.length} keys (${names}): ${advice}` };
    }
    return keys.length ? matched(keys[0]) : created({ description });
  };

  /** Each key is resolved once: later mentions get the same ids, and a problem is told only once. */
  return async (reference: string): Promise<ResolvedKey> => {
    let identity = reference;
    if (!byDescription) {
      const parsed = keyNameSchema.safeParse(reference);
      if (!parsed.success) return { problem: `"${reference}" is not a key name: ${parsed.error.issues[0].message}` };
      identity = parsed.data;
    }
    const known = resolved.get(identity);
    if (known) return 'ids' in known ? known : { ids: [] };
    const outcome = await (byDescription ? resolveDescription : resolveName)(identity);
    resolved.set(identity, outcome);
    return outcome;
  };
};
