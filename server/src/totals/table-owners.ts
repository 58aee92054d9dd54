import type { Core } from '@strapi/strapi';
import type { Dialect } from '../query/dialect';

/** What is read of an attribute's metadata (`@strapi/database`'s Attribute, a union of every kind). */
interface AttributeMeta {
  type: string;
  target?: string;
  joinTable?: { name: string };
}
interface ModelMeta {
  uid: string;
  tableName: string;
  attributes: Record<string, AttributeMeta>;
}

/**
 * Which content types' writes can change each table of the database, from Strapi's metadata: a type's own
 * table is its; a link table is both ends' (either side of a relation may rewrite it); a polymorphic link table
 * (the media library's `files_related_mph`) is the type it belongs to, the file type: a row's links there are
 * read with the row's own table, whose type's writes count (write-watch.ts counts a write of those links as a
 * write of both). Components are their own types (Strapi writes them through their own queries; this plugin's
 * writes count as writes of the type that holds them). Strapi's metadata also holds a model per link table,
 * named by the table: it is no type, and owns nothing.
 */
export const tableOwners = (strapi: Core.Strapi): Map<string, Set<string>> => {
  const isType = (uid: string) => uid in strapi.contentTypes || uid in strapi.components;
  const metas: ModelMeta[] = [...strapi.db.metadata.values()].filter((meta) => isType(meta.uid));
  const owners = new Map<string, Set<string>>();
  const own = (table: string | undefined, ...uids: Array<string | undefined>) => {
    if (!table) return;
    const set = owners.get(table) ?? new Set<string>();
    for (const uid of uids) if (uid) set.add(uid);
    owners.set(table, set);
  };
  for (const meta of metas) {
    own(meta.tableName, meta.uid);
    for (const attribute of Object.values(meta.attributes)) own(attribute.joinTable?.name, meta.uid, attribute.target);
  }
  return owners;
};

/**
 * The quoted identifiers of SQL this plugin built (`"name"` or `` `name` ``; values are never in the text, they
 * travel as bindings), read in one pass.
 */
export const quotedIdentifiers = (sql: string, dialect: Dialect): Set<string> => {
  const quote = dialect === 'mysql' ? '`' : '"';
  const names = new Set<string>();
  let i = sql.indexOf(quote);
  while (i !== -1) {
    let name = '';
    let j = i + 1;
    for (; j < sql.length; j += 1) {
      if (sql[j] !== quote) name += sql[j];
      else if (sql[j + 1] === quote) name += sql[(j += 1)];
      else break;
    }
    names.add(name);
    i = sql.indexOf(quote, j + 1);
  }
  return names;
};

/** The content types whose writes can change what `sql` reads. */
export const typesRead = (sql: string, dialect: Dialect, owners: Map<string, Set<string>>): string[] => {
  const uids = new Set<string>();
  for (const name of quotedIdentifiers(sql, dialect)) for (const uid of owners.get(name) ?? []) uids.add(uid);
  return [...uids];
};
