import { keyNameFrom, keyNameSchema, type ApiKeyInput, type ApiKeySummary } from '../../../contracts/api-key';
import type { RateLimit } from '../../../contracts/rate-limit';
import {
  DESCRIPTION_TRANSFER_FORMAT,
  type ImportResult,
  type PlannedItem,
  type TransferDocument,
} from '../../../contracts/transfer';
import { sameJson } from '../utils/same-json';
import { keyChanges, toldChanges } from './transfer-changes';
import type apiKeysService from './api-keys';

type ApiKeys = ReturnType<typeof apiKeysService>;

/** A key's own limit and preview mark as a file gives them; undefined: left as it is here. */
interface KeySettings {
  rateLimit?: RateLimit | null;
  preview?: boolean;
}

/** What an import does with a key the file names: use a key of this environment (changing its settings), or make one. */
export type PlannedKey =
  | { kind: 'found'; key: ApiKeySummary; settings: KeySettings; changed: boolean }
  | { kind: 'new'; input: ApiKeyInput };

/** The key of this environment that the import marks for preview, if it is not marked now. */
export const markedForPreview = (planned: PlannedKey) =>
  planned.kind === 'found' && planned.settings.preview === true && !planned.key.preview ? planned.key : null;

/** A key the file names, planned; or why it cannot be told (null: told already, where the file first named it). */
export type KeyPlan = { key: PlannedKey } | { problem: string | null };

const changes = (key: ApiKeySummary, { rateLimit, preview }: KeySettings) =>
  (rateLimit !== undefined && !sameJson(rateLimit, key.rateLimit)) ||
  (preview !== undefined && preview !== key.preview);

/**
 * The keys an imported file names, planned against the keys of this environment (`existing`), writing nothing. A
 * name matches the key of that name (described alike), and one no key has is to be made with that name (its
 * secret answered once). A description (first format) matches a key only when it is the description of no other:
 * a description is free text that anyone with the key rights can copy, so a shared one is refused (once, where the
 * file first names it) rather than guessed.
 */
export const planKeys = (existing: ApiKeySummary[], file: TransferDocument) => {
  const byDescription = file.format === DESCRIPTION_TRANSFER_FORMAT;
  const descriptions = new Map(file.keys.flatMap((k) => ('name' in k ? [[k.name, k.description] as const] : [])));
  // A key's limit and preview mark are configuration like the rest: the file's replace this environment's, where
  // the file has them.
  const settings = new Map(file.keys.flatMap((k) => ('name' in k ? [[k.name, k] as const] : [])));
  const resolved = new Map<string, KeyPlan>();
  const planned: PlannedKey[] = [];

  const found = (key: ApiKeySummary, wanted: KeySettings = {}): KeyPlan => ({
    key: { kind: 'found', key, settings: wanted, changed: changes(key, wanted) },
  });

  /**
   * A key of that name here is the file's key only if the file describes it alike: a name another admin gave a key
   * of their own before the import, or a different key that happens to share it, is refused, not guessed.
   */
  const resolveName = (name: string): KeyPlan => {
    const key = existing.find((k) => k.name === name);
    const described = descriptions.get(name);
    const { rateLimit, preview } = settings.get(name) ?? {};
    if (!key) return { key: { kind: 'new', input: { name, description: described ?? name, rateLimit, preview } } };
    if (described !== undefined && described !== key.description) {
      const why = `the key "${name}" here is described "${key.description}", the file describes it "${described}"`;
      return { problem: `${why}: revoke one of them or describe them alike` };
    }
    return found(key, { rateLimit, preview });
  };

  const resolveDescription = (description: string): KeyPlan => {
    const keys = existing.filter((k) => k.description === description);
    if (keys.length > 1) {
      const names = keys.map((k) => k.name).join(', ');
      const advice = 'export the file again to name keys by name';
      return { problem: `"${description}" is the description of ${keys.length} keys (${names}): ${advice}` };
    }
    return keys.length ? found(keys[0]) : { key: { kind: 'new', input: { description } } };
  };

  return {
    /** The key `reference` names. Each is planned once: later mentions get the same plan, a problem is told once. */
    resolve(reference: string): KeyPlan {
      let identity = reference;
      if (!byDescription) {
        const parsed = keyNameSchema.safeParse(reference);
        if (!parsed.success) return { problem: `"${reference}" is not a key name: ${parsed.error.issues[0].message}` };
        identity = parsed.data;
      }
      const known = resolved.get(identity);
      if (known) return 'key' in known ? known : { problem: null };
      const outcome = byDescription ? resolveDescription(identity) : resolveName(identity);
      resolved.set(identity, outcome);
      if ('key' in outcome) planned.push(outcome.key);
      return outcome;
    },
    /** The keys planned so far, in the order the file first named them. */
    planned: () => planned,
  };
};

export type KeysPlanner = ReturnType<typeof planKeys>;

/** A planned key's name: a new key's as it will be made (unless taken). */
export const plannedKeyName = (planned: PlannedKey) =>
  planned.kind === 'found' ? planned.key.name : (planned.input.name ?? keyNameFrom(planned.input.description));

/** A planned key as the preview lists it: its name and description, and what the import changes of its settings. */
export const keyItem = (planned: PlannedKey): PlannedItem =>
  planned.kind === 'found'
    ? {
        change: planned.changed ? 'updated' : 'unchanged',
        name: planned.key.name,
        detail: planned.key.description,
        ...toldChanges(planned.changed ? keyChanges(planned.key, planned.settings) : []),
      }
    : {
        change: 'created',
        name: plannedKeyName(planned),
        detail: planned.input.description,
        changes: [],
        moreChanges: 0,
      };

/**
 * Carries out the keys' plan: sets the settings of the keys found that the file changes, makes the new keys, and
 * tells both in `result` (new secrets this once); answers each planned key's id.
 */
export const applyKeys = async (apiKeys: ApiKeys, planned: PlannedKey[], result: ImportResult) => {
  const ids = new Map<PlannedKey, number>();
  for (const plan of planned) {
    if (plan.kind === 'found') {
      const { id, name, description } = plan.key;
      if (plan.changed) await apiKeys.setSettings(id, plan.settings);
      result.keys.matched.push({ id, name, description });
      ids.set(plan, id);
    } else {
      const { id, name, description, secret } = await apiKeys.issue(plan.input);
      result.keys.created.push({ id, name, description, secret });
      ids.set(plan, id);
    }
  }
  return ids;
};
