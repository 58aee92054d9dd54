import { quoter, type Dialect } from '../query/dialect';
import { idList, ROOT } from '../query/list-sql';
import type { Model } from '../query/model';
import { recordIdOf, versionsOf } from '../query/record-id';
import { statusCondition, type Status } from '../query/status';

/**
 * The other translations of a record of a translated type: Strapi 5 keeps them as rows of the same document in
 * other locales (its `localizations` attribute is virtual). A List answers their ids, or records with chosen
 * fields as a related field does.
 */
export interface LocalizationsField {
  kind: 'localizations';
  name: 'localizations';
}

export const LOCALIZATIONS: LocalizationsField = { kind: 'localizations', name: 'localizations' };

/** The record ids of the row `t0`'s other translations ("3,1,2", by locale code), in the status read. */
export const localizationsColumn = (model: Model, dialect: Dialect, status: Status) => {
  const q = quoter(dialect);
  const locale = (model.fields.get('locale') as { column: string } | undefined)?.column ?? 'locale';
  const where = [
    `l.${q('document_id')} = ${ROOT}.${q('document_id')}`,
    `l.${q(locale)} <> ${ROOT}.${q(locale)}`,
    ...(model.draftAndPublish ? [statusCondition('l', status, dialect)] : []),
  ].join(' AND ');
  return idList(
    dialect,
    `${q(model.table)} l`,
    recordIdOf(versionsOf(model), 'l', dialect, status),
    `l.${q(locale)}`,
    where
  );
};
