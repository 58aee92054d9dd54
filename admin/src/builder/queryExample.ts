import type { FieldSpec } from '../../../contracts/definition';
import type { ObjectDescription, ObjectField } from '../../../contracts/objects';

const NUMBERS = new Set(['integer', 'biginteger', 'float', 'decimal']);
const TEXTS = new Set(['string', 'email']);

/** A sample query filter for each kind of field a List compares (docs/list.md#calling-a-list-endpoint), best first. */
const SAMPLES: ReadonlyArray<(f: ObjectField) => string | null> = [
  (f) => (NUMBERS.has(f.type) ? `${f.name}:lt=20` : null),
  (f) => (f.type === 'uid' ? `${f.name}=home` : null),
  (f) => (f.type === 'enumeration' && f.enum?.length ? `${f.name}=${f.enum[0]}` : null),
  (f) => (TEXTS.has(f.type) ? `${f.name}=example` : null),
  (f) => (f.type === 'boolean' ? `${f.name}=true` : null),
  (f) => (f.type === 'date' ? `${f.name}:gt=2025-01-01` : null),
  (f) => (f.type === 'relation' ? `${f.name}:in=1,2` : null),
];

/**
 * One query filter a client of the List may send, made from the fields it answers (`price:lt=20`), so the
 * builder shows the syntax on the draft's own fields; `id` only when nothing else fits; null with no such field.
 */
export const queryFilterExample = (fields: FieldSpec[], object: ObjectDescription | undefined): string | null => {
  const answered = fields.flatMap((f) => object?.fields.filter((o) => o.name === f.name && o.name !== 'id') ?? []);
  for (const sample of SAMPLES)
    for (const field of answered) {
      const found = sample(field);
      if (found) return found;
    }
  return fields.some((f) => f.name === 'id') ? 'id:in=1,2,3' : null;
};
