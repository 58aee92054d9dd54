/**
 * Milliseconds of CPU (user + system) the process spends on `work`. In-process servers count too: the issue asks
 * hostile input to cost no more than ordinary input, which CPU time shows whatever else loads the machine.
 */
export const cpuMsOf = async (work: () => unknown) => {
  const before = process.cpuUsage();
  await work();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
};

/** What a linear check of hostile input may cost: generous, as the quadratic ones cost 10-100 times more. */
export const CHEAP_MS = 50;
