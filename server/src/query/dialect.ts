import type { Core } from '@strapi/strapi';

export type Dialect = 'sqlite' | 'postgres' | 'mysql';

export const dialectOf = (strapi: Core.Strapi): Dialect => {
  const client = (strapi.db as unknown as { dialect: { client: string } }).dialect.client;
  if (client === 'postgres' || client === 'mysql') return client;
  return 'sqlite';
};

/** Quotes an identifier taken from Strapi's metadata (never from a client). */
export const quoter = (dialect: Dialect) =>
  dialect === 'mysql'
    ? (name: string) => `\`${name.replace(/`/g, '``')}\``
    : (name: string) => `"${name.replace(/"/g, '""')}"`;
