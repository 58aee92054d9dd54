import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { quoter, type Dialect } from '../query/dialect';
import { SITE_USER } from './site-users';

interface Meta {
  tableName: string;
  attributes: Record<string, { columnName?: string; joinTable?: JoinTable }>;
}
interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
}

/**
 * One statement for a Browser Session request: the live session of a token hash, its user, the user's role
 * type and password hash (to see whether it changed since login). Bindings: token hash, user object, now (as the
 * datetime column stores it).
 */
export const siteSessionSql = (strapi: Core.Strapi, dialect: Dialect): string => {
  const q = quoter(dialect);
  const meta = (uid: string) => strapi.db.metadata.get(uid) as unknown as Meta;
  const [session, user, role] = [meta(UIDS.session), meta(SITE_USER), meta('plugin::users-permissions.role')];
  const column = (m: Meta, alias: string, attribute: string) => `${alias}.${q(m.attributes[attribute].columnName!)}`;
  const link = user.attributes.role.joinTable!;
  const selected = [
    [column(user, 'u', 'id'), 'id'],
    [column(user, 'u', 'email'), 'email'],
    [column(user, 'u', 'username'), 'username'],
    [column(user, 'u', 'blocked'), 'blocked'],
    [column(user, 'u', 'confirmed'), 'confirmed'],
    [column(role, 'r', 'type'), 'role'],
    [column(user, 'u', 'password'), 'password'],
    [column(session, 's', 'passwordStamp'), 'passwordStamp'],
    [column(session, 's', 'expiresAt'), 'expiresAt'],
  ];
  return [
    `SELECT ${selected.map(([expression, alias]) => `${expression} AS ${q(alias)}`).join(', ')}`,
    `FROM ${q(session.tableName)} s`,
    `JOIN ${q(user.tableName)} u ON ${column(user, 'u', 'id')} = ${column(session, 's', 'userId')}`,
    `LEFT JOIN ${q(link.name)} l ON l.${q(link.joinColumn.name)} = ${column(user, 'u', 'id')}`,
    `LEFT JOIN ${q(role.tableName)} r ON ${column(role, 'r', 'id')} = l.${q(link.inverseJoinColumn.name)}`,
    `WHERE ${column(session, 's', 'tokenHash')} = ? AND ${column(session, 's', 'userObject')} = ?`,
    `AND ${column(session, 's', 'expiresAt')} > ?`,
  ].join(' ');
};
