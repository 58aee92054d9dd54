import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection: `global.gc` when Node runs with --expose-gc, else the same function taken from a
 * fresh context once the flag is set at run time (Jest's workers run without it).
 */
const collect = (): (() => void) => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
};

/**
 * The bytes of heap `build` leaves reachable: collected before and after, with what it built held meanwhile.
 * Heap sizes, not times: a loaded machine makes them no larger.
 */
export const retainedBytes = async (build: () => Promise<unknown>): Promise<number> => {
  const gc = collect();
  gc();
  const before = process.memoryUsage().heapUsed;
  const held = await build();
  gc();
  const after = process.memoryUsage().heapUsed;
  // Read after the measure, so that what was built stays reachable until then.
  expect(held).toBeDefined();
  return after - before;
};
