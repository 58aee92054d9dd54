/**
 * A least-recently-used map bounded by the bytes of what it holds: past `maxBytes`, the entries used longest ago
 * go first. Each value's size is given when it is set; `onEvict` hears of every entry pushed out by the bound.
 */
export const createByteLru = <V>(maxBytes: number, onEvict: () => void) => {
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const held = entries.get(key);
    if (!held) return false;
    entries.delete(key);
    bytes -= held.bytes;
    return true;
  };
  return {
    get(key: string): V | undefined {
      const held = entries.get(key);
      if (!held) return undefined;
      entries.delete(key);
      entries.set(key, held);
      return held.value;
    },
    set(key: string, value: V, size: number) {
      remove(key);
      entries.set(key, { value, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
        onEvict();
      }
    },
    delete: remove,
    /** Removes every entry `drop` picks: how many. */
    deleteWhere(drop: (value: V) => boolean) {
      let n = 0;
      for (const [key, held] of entries) if (drop(held.value) && remove(key)) n += 1;
      return n;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
};
