import type { Core } from '@strapi/strapi';

export type Dialect = 'sqlite' | 'postgres' | 'mysql';

export const dialectOf = (strapi: Core.Strapi): Dialect => {
  const client = (strapi.db as unknown as { dialect: { client: string } }).dialect.client;
  if (client === 'postgres' || client === 'mysql') return client;
  return 'sqlite';
};

/** MySQL cuts GROUP_CONCAT (to-many ids, aggregate texts) at 1,024 bytes by default: lifted per session. */
export const MYSQL_LONG_GROUP_CONCAT = 'SET SESSION group_concat_max_len = 4294967295';

/** Quotes an identifier taken from Strapi's metadata (never from a client). */
export const quoter = (dialect: Dialect) =>
  dialect === 'mysql'
    ? (name: string) => `\`${name.replace(/`/g, '``')}\``
    : (name: string) => `"${name.replace(/"/g, '""')}"`;
