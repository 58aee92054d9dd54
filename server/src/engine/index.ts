import type { Core } from '@strapi/strapi';
import { pluginConfig } from '../config/plugin-config';
import { createCache } from '../cache';
import { createLimits } from '../limits';
import { createTotals } from '../totals';
import { checkDefinition } from './check-definition';
import { createCompileDeps } from './deps';
import { createRegistry, type Suspensions } from './registry';

/**
 * The endpoint engine: compiles definitions into handlers once per change and keeps the compiled set in force
 * (route table, keys, polling for other instances' changes). One per Strapi instance: the `engine` service
 * creates it, `register()` hands it to the runtime, and the other services take it from there.
 */
export const createEngine = (strapi: Core.Strapi, suspensions: Suspensions) => {
  const totals = createTotals(strapi, {
    maxAgeMs: pluginConfig(strapi, 'totals').maxAgeMs,
    intervalMs: pluginConfig(strapi, 'refreshIntervalMs'),
  });
  const depsFor = createCompileDeps(strapi, totals);
  const registry = createRegistry(strapi, depsFor, suspensions);
  /** The deps of the snapshot in force: its locales, with the services every snapshot shares. */
  const compileDeps = () => depsFor(registry.snapshot().locales);
  const limits = createLimits(strapi);
  const cache = createCache(strapi, totals);
  return {
    ...registry,
    async start() {
      totals.start();
      await limits.start();
      await registry.start();
    },
    async stop() {
      registry.stop();
      await totals.stop();
      await limits.stop();
      await cache.close();
    },
    /** The response cache (docs/cache.md). */
    cache,
    /** The rate limits' store and limiters (docs/rate-limits.md). */
    limits,
    compileDeps,
    /** A definition checked by itself and against the site (see check-definition.ts). */
    check: (input: unknown, id?: number) => checkDefinition(strapi, compileDeps(), input, id),
  };
};

export type Engine = ReturnType<typeof createEngine>;
