import { LATENCY_BOUNDS_MS } from '../../../contracts/usage';

/** How many latency classes a bucket counts: one per bound, and one for everything slower. */
export const LATENCY_CLASSES = LATENCY_BOUNDS_MS.length + 1;

/** The latency class of `ms`: the first whose upper bound it does not pass, else the last (open) one. */
export const latencyClass = (ms: number) => {
  let i = 0;
  while (i < LATENCY_BOUNDS_MS.length && ms > LATENCY_BOUNDS_MS[i]) i += 1;
  return i;
};

/**
 * The latency (ms) that a share `q` (0 to 1) of the requests counted in `classes` did not pass, null when none
 * were counted. Requests are taken as spread evenly over their class, so the value is interpolated linearly
 * within the class where the count reaches `q`; the open last class has no upper bound and answers its lower
 * one (10 s: "at least"). Rounded to 0.1 ms.
 */
export const percentile = (classes: ArrayLike<number>, q: number): number | null => {
  let total = 0;
  for (let i = 0; i < classes.length; i += 1) total += classes[i];
  if (!total) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < classes.length; i += 1) {
    const count = classes[i];
    if (count > 0 && below + count >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1];
      if (i === LATENCY_BOUNDS_MS.length) return lower;
      const value = lower + ((rank - below) / count) * (LATENCY_BOUNDS_MS[i] - lower);
      return Math.round(value * 10) / 10;
    }
    below += count;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1];
};
