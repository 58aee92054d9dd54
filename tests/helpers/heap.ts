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

/** The heap and the memory of ArrayBuffers (Buffers' bytes live outside the heap) once garbage is collected. */
const inUse = (gc: () => void) => {
  // The backing stores of ArrayBuffers one collection found dead are freed behind it: the next one waits for that.
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/** A heap test's time limit: it floods a structure and collects garbage several times, seconds on a loaded machine. */
export const HEAP_TEST_MS = 30_000;

/**
 * The bytes of heap and ArrayBuffers `build` leaves reachable: collected before and after, with what it built
 * held meanwhile. Memory sizes, not times: a loaded machine makes them no larger.
 */
export const retainedBytes = async (build: () => Promise<unknown>): Promise<number> => {
  const gc = collect();
  const before = inUse(gc);
  const held = await build();
  const after = inUse(gc);
  // Read after the measure, so that what was built stays reachable until then.
  expect(held).toBeDefined();
  return after - before;
};
