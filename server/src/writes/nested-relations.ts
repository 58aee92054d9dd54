import type { Model, RelationField } from '../query/model';
import { eachSubValue } from './component-values';
import { FieldError } from '../errors/field-error';
import { linkedRows, relatedIds } from './links';
import { targetVersionsOf } from '../query/record-id';
import type { Values } from '../query/tx-db';
import type { TxDb } from '../query/tx-db';

interface Use {
  ids: number[];
  index: number;
  path: string;
}

/**
 * Relations inside components name rows that exist (locked until the transaction ends, as top-level relations'
 * rows are): one query per relation field of a component, for all records; a missing row is a FieldError naming
 * the path (`links[1].article`).
 */
export const checkNestedRelations = async (db: TxDb, model: Model, records: Values[]) => {
  const uses = new Map<RelationField, Use[]>();
  records.forEach((values, index) =>
    eachSubValue(model.fields, values, (field, holder, key, path) => {
      if (field.kind !== 'relation') return;
      const ids = relatedIds(field, holder[key]);
      if (!ids.length) return;
      if (!uses.has(field)) uses.set(field, []);
      uses.get(field)!.push({ ids, index, path });
    })
  );
  for (const [field, list] of uses) {
    const rows = await linkedRows(
      db,
      field,
      list.flatMap((u) => u.ids),
      targetVersionsOf(field)
    );
    const missing = list.find((u) => u.ids.some((id) => !rows.has(id)));
    if (missing) throw new FieldError(missing.path, missing.index);
  }
};
