/**
 * Loads started before the page that reads them has mounted (issue 16 item 5), each taken once.
 * Registered synchronously, before the page can render, so a page never takes an older load.
 */
const started = new Map<string, Promise<unknown>>();

/** The key of a link's fill data (process and fill state), shared by its starters and its page. */
export function fillLoadKey(studyId: string, token: string): string {
  return `fill:${studyId}/${token}`;
}

/** Starts `load` under `key` unless a load is already waiting there; a failure waits for its taker. */
export function startLoad(key: string, load: () => Promise<unknown>): void {
  if (started.has(key)) return;
  const pending = load();
  pending.catch(() => undefined);
  started.set(key, pending);
}

/** The load started under `key`, once; null when none was started. */
export function takeLoad<T>(key: string): Promise<T> | null {
  const pending = started.get(key);
  if (!pending) return null;
  started.delete(key);
  return pending as Promise<T>;
}
