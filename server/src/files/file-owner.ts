import { quoter, type Dialect } from '../query/dialect';
import type { Executor } from '../query/executor';
import { publicationCondition, ROOT } from '../query/list-sql';
import type { MediaField } from '../query/model';
import type { CompiledEndpoint } from '../runtime/compile';

/**
 * Whether the file of a signed file URL belongs to the URL's endpoint: a List endpoint, and the file linked,
 * through a media field that endpoint exposes, to a row of its type in its status (published or draft), as
 * the files of its answers are. The endpoint's filter is not asked again: it may depend on the caller (a
 * session's user, a request variable), whom a file URL does not name; the URL, good for minutes, stands for
 * the caller that read it. One indexed lookup of the media link table.
 */
export const fileBelongsTo = async (
  endpoint: Pick<CompiledEndpoint, 'type' | 'definition' | 'model'>,
  fileId: number,
  deps: { executor: Executor; dialect: Dialect }
): Promise<boolean> => {
  const { model, definition } = endpoint;
  const fields = definition.fields
    .map((f) => model.fields.get(f.name))
    .filter((f): f is MediaField => f?.kind === 'media');
  if (endpoint.type !== 'list' || !fields.length) return false;
  const q = quoter(deps.dialect);
  const { link } = fields[0];
  const published = publicationCondition(model, definition.status, deps.dialect);
  const sql =
    `SELECT 1 AS found FROM ${q(link.table)} m JOIN ${q(model.table)} ${ROOT} ON ${ROOT}.${q('id')} = m.${q(link.idColumn)}` +
    ` WHERE m.${q(link.fileColumn)} = ? AND m.${q(link.typeColumn)} = ?` +
    ` AND m.${q(link.fieldColumn)} IN (${fields.map(() => '?').join(', ')})${published ? ` AND ${published}` : ''} LIMIT 1`;
  const rows = await deps.executor.all(sql, [fileId, model.uid, ...fields.map((f) => f.name)]);
  return rows.length > 0;
};
