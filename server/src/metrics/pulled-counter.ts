import { Counter, type Registry } from 'prom-client';

/** A counter whose count is kept elsewhere: it takes what was added since the last scrape. */
export const pulledCounter = (registry: Registry, name: string, help: string, source: () => number) => {
  let seen = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = source();
      if (now > seen) this.inc(now - seen);
      seen = now;
    },
  });
};
