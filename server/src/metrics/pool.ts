import { Gauge, type Registry } from 'prom-client';

/** The numbers knex's connection pool (tarn) keeps. */
export interface PoolState {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/**
 * The database pool Strapi and this plugin share, read when scraped (nothing is kept per query): connections in
 * use and idle, and queries waiting for one, the sign of a pool too small for the load.
 */
export const registerPoolGauges = (registry: Registry, pool: () => PoolState) => {
  new Gauge({
    name: 'data_api_db_pool_connections',
    help: 'Connections of the database pool, by state: used (lent to a query or transaction) or free (idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const state = pool();
      this.set({ state: 'used' }, state.numUsed());
      this.set({ state: 'free' }, state.numFree());
    },
  });
  new Gauge({
    name: 'data_api_db_pool_pending_acquires',
    help: 'Queries waiting for a connection of the database pool',
    registers: [registry],
    collect() {
      this.set(pool().numPendingAcquires());
    },
  });
};
