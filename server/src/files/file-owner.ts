import { quoter, type Dialect } from '../query/dialect';
import type { Executor } from '../query/executor';
import { publicationCondition, ROOT } from '../query/list-sql';
import type { MediaField } from '../query/model';
import type { CompiledEndpoint } from '../runtime/compile';

type FileEndpoint = Pick<CompiledEndpoint, 'type' | 'definition' | 'model'>;

/** The lookup of an endpoint's files, made once per compiled endpoint (null: it shows no files). */
const lookups = new WeakMap<FileEndpoint, { sql: string; bindings: unknown[] } | null>();

const lookupOf = (endpoint: FileEndpoint, dialect: Dialect) => {
  const { model, definition } = endpoint;
  const fields = definition.fields
    .map((f) => model.fields.get(f.name))
    .filter((f): f is MediaField => f?.kind === 'media');
  if (endpoint.type !== 'list' || !fields.length) return null;
  const q = quoter(dialect);
  const { link } = fields[0];
  const published = publicationCondition(model, definition.status, dialect);
  const sql =
    `SELECT 1 AS found FROM ${q(link.table)} m JOIN ${q(model.table)} ${ROOT} ON ${ROOT}.${q('id')} = m.${q(link.idColumn)}` +
    ` WHERE m.${q(link.fileColumn)} = ? AND m.${q(link.typeColumn)} = ?` +
    ` AND m.${q(link.fieldColumn)} IN (${fields.map(() => '?').join(', ')})${published ? ` AND ${published}` : ''} LIMIT 1`;
  return { sql, bindings: [model.uid, ...fields.map((f) => f.name)] };
};

/**
 * Whether the file of a signed file URL belongs to the URL's endpoint: a List endpoint, and the file linked,
 * through a media field that endpoint exposes, to a row of its type in its status (published or draft), as
 * the files of its answers are. The endpoint's filter is not asked again: it may depend on the caller (a
 * session's user, a request variable), whom a file URL does not name; the URL, good for minutes, stands for
 * the caller that read it. One indexed lookup of the media link table.
 */
export const fileBelongsTo = async (
  endpoint: FileEndpoint,
  fileId: number,
  deps: { executor: Executor; dialect: Dialect }
): Promise<boolean> => {
  if (!lookups.has(endpoint)) lookups.set(endpoint, lookupOf(endpoint, deps.dialect));
  const lookup = lookups.get(endpoint);
  if (!lookup) return false;
  return (await deps.executor.all(lookup.sql, [fileId, ...lookup.bindings])).length > 0;
};
