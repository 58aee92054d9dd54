import { quoter, type Dialect } from '../query/dialect';
import type { Executor } from '../query/executor';
import { publicationCondition, ROOT } from '../query/list-sql';
import { STATUS_FROM_QUERY, type EndpointDefinition } from '../../../contracts/definition';
import type { Model } from '../query/model';
import { endpointFilePaths, type FilePath } from './file-paths';

/** What of a compiled endpoint tells which files it serves. */
interface FileEndpoint {
  definition: EndpointDefinition;
  model: Model;
}

/** The lookup of an endpoint's files: one SQL text, and per branch the bindings after the file id. */
interface Lookup {
  sql: string;
  branches: unknown[][];
}

interface LookupDeps {
  dialect: Dialect;
  modelOf: (uid: string) => Model | null;
}

/** The lookup of an endpoint's files, made once per compiled endpoint (null: it shows no files). */
const lookups = new WeakMap<FileEndpoint, Lookup | null>();

const lookupOf = (endpoint: FileEndpoint, deps: LookupDeps): Lookup | null => {
  const { model, definition } = endpoint;
  const paths = endpointFilePaths(model, definition, deps.modelOf);
  const link = paths[0]?.fields[0]?.link;
  if (!link) return null;
  const q = quoter(deps.dialect);
  // An endpoint whose status comes from the request signs the files of either version (drafts for preview keys
  // only): the signed URL stands for the caller that read it.
  const published =
    definition.status === STATUS_FROM_QUERY ? null : publicationCondition(model, definition.status, deps.dialect);

  /** Links of the file to media `fields` of `uid` rows, held (through `hops`) by a row the endpoint reads. */
  const branch = ({ uid, fields, hops }: FilePath) => {
    const joins: string[] = [];
    const where = [
      `m.${q(link.fileColumn)} = ?`,
      `m.${q(link.typeColumn)} = ?`,
      `m.${q(link.fieldColumn)} IN (${fields.map(() => '?').join(', ')})`,
    ];
    const bindings: unknown[] = [uid, ...fields.map((f) => f.name)];
    let holder = `m.${q(link.idColumn)}`;
    // From the row holding the file up to the endpoint's row: a component's `_cmps` link, a relation's link row,
    // or the other translation of the same document, per level.
    [...hops].reverse().forEach((hop, i) => {
      const k = `k${i}`;
      if (hop.kind === 'component') {
        joins.push(`JOIN ${q(hop.link.table)} ${k} ON ${k}.${q(hop.link.componentColumn)} = ${holder}`);
        where.push(`${k}.${q(hop.link.typeColumn)} = ?`, `${k}.${q(hop.link.fieldColumn)} = ?`);
        bindings.push(hop.uid, hop.field);
        holder = `${k}.${q(hop.link.entityColumn)}`;
      } else if (hop.kind === 'relation') {
        joins.push(`JOIN ${q(hop.link.table)} ${k} ON ${k}.${q(hop.link.targetColumn)} = ${holder}`);
        holder = `${k}.${q(hop.link.ownerColumn)}`;
      } else {
        const doc = q('document_id');
        joins.push(
          `JOIN ${q(hop.table)} ${k} ON ${k}.${q('id')} = ${holder}`,
          `JOIN ${q(hop.table)} ${k}t ON ${k}t.${doc} = ${k}.${doc} AND ${k}t.${q('id')} <> ${k}.${q('id')}`
        );
        holder = `${k}t.${q('id')}`;
      }
    });
    joins.push(`JOIN ${q(model.table)} ${ROOT} ON ${ROOT}.${q('id')} = ${holder}`);
    if (published) where.push(published);
    return {
      sql: `SELECT 1 AS found FROM ${q(link.table)} m ${joins.join(' ')} WHERE ${where.join(' AND ')}`,
      bindings,
    };
  };

  const branches = paths.map(branch);
  return {
    sql: `${branches.map((b) => b.sql).join(' UNION ALL ')} LIMIT 1`,
    branches: branches.map((b) => b.bindings),
  };
};

/**
 * Whether the file of a signed file URL belongs to the URL's endpoint: a List endpoint, and the file linked,
 * through a media field that endpoint exposes (directly, or inside a component field or dynamic zone it exposes,
 * at any depth), to a row of its type in its status (published or draft; either, where the request chooses), as the files of its answers are. The
 * endpoint's filter is not asked again: it may depend on the caller (a session's user, a request variable), whom
 * a file URL does not name; the URL, good for minutes, stands for the caller that read it. One query of indexed
 * lookups (the media link table, then each level's component links).
 */
export const fileBelongsTo = async (
  endpoint: FileEndpoint,
  fileId: number,
  deps: LookupDeps & { executor: Executor }
): Promise<boolean> => {
  if (!lookups.has(endpoint)) lookups.set(endpoint, lookupOf(endpoint, deps));
  const lookup = lookups.get(endpoint);
  if (!lookup) return false;
  const bindings = lookup.branches.flatMap((rest) => [fileId, ...rest]);
  return (await deps.executor.all(lookup.sql, bindings)).length > 0;
};
