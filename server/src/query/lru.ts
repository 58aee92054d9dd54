/** A small least-recently-used cache: `set` hands back what it evicted, so the caller can release it. */
export const createLru = <V>(capacity: number) => {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V): [string, V] | null {
      entries.set(key, value);
      if (entries.size <= capacity) return null;
      const [oldest, evicted] = entries.entries().next().value as [string, V];
      entries.delete(oldest);
      return [oldest, evicted];
    },
  };
};
