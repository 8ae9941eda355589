/**
 * A small in-process cache with a bound on its entries, least recently used out first (issue 16
 * item 2). Only for values that never change under their key (published form versions, a process
 * document at one revision): nothing here expires or is invalidated, so the key must name the
 * exact content. Values are frozen, deeply, so a caller that would change a shared one fails loudly.
 */
export type BoundedCache<V> = {
  get(key: string): V | undefined;
  /** Stores the value (frozen) and returns it. */
  set(key: string, value: V): V;
  clear(): void;
  readonly size: number;
};

export function createBoundedCache<V>(maxEntries: number): BoundedCache<V> {
  const entries = new Map<string, V>();
  return {
    get: (key) => {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Map keeps insertion order: moving a hit to the end makes the first entry the least recent.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set: (key, value) => {
      entries.delete(key);
      entries.set(key, deepFreeze(value));
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/** Freezes a plain JSON-like value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  return value;
}
