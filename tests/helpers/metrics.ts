/** The value of the sample `series` (a name with its labels, as exposed) in a Prometheus text exposition, or undefined. */
export const sampleOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
