/**
 * How many times longer `prepare(size)`'s work takes on an input 4 times larger: about 4 for linear work (less
 * when a fixed cost dominates, as in a whole HTTP request), 16 for quadratic work. A machine busy with other
 * things would stretch a trial's wall time (the longer trial more often), so each size is timed in this process's
 * CPU time, as the fastest of several trials, each repeating the work long enough to outlast the clock's grain:
 * the ratio holds at any load, where a bound in ms did not.
 * `prepare` builds the input outside the timing and returns the work to time.
 */
export const growthOf = async (prepare: (size: number) => () => unknown, size: number) => {
  const small = prepare(size);
  const large = prepare(size * 4);
  await small(); // the first call pays for compiling the code paths
  await large();
  let repeats = 1;
  while ((await fastest(small, repeats, 1)) < TRIAL_MS && repeats < MAX_REPEATS) repeats *= 2;
  return (await fastest(large, repeats, TRIALS)) / (await fastest(small, repeats, TRIALS));
};

/** Above linear growth, below quadratic (16): what `growthOf` of a linear check must stay under. */
export const LINEAR_GROWTH = 8;

const TRIALS = 5;
const TRIAL_MS = 5;
const MAX_REPEATS = 1 << 16;

/** CPU time this process has spent, in ms (time waiting for a core is not in it). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const fastest = async (work: () => unknown, repeats: number, trials: number) => {
  let best = Infinity;
  for (let trial = 0; trial < trials; trial += 1) {
    const started = cpuMs();
    for (let i = 0; i < repeats; i += 1) await work();
    best = Math.min(best, cpuMs() - started);
  }
  return best;
};
