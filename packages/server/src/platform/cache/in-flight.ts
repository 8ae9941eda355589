/**
 * Reads shared while in flight (issue 16 item 2): a read asked for under a key while one is running
 * under the same key (and `tag`) takes that one's result instead of reading again; a participant
 * page's calls come in pairs and read the same rows. A shared read that failed (its caller's
 * transaction, say) is read again by each caller that took it. Nothing is kept once a read ends.
 */
export function sharedReads<V>(): (key: string, read: () => Promise<V>, tag?: unknown) => Promise<V> {
  const reads = new Map<string, { tag: unknown; reading: Promise<V> }>();
  return (key, read, tag) => {
    const shared = reads.get(key);
    if (shared && shared.tag === tag) return shared.reading.catch(read);
    const reading = read();
    const entry = { tag, reading };
    reads.set(key, entry);
    const done = () => {
      if (reads.get(key) === entry) reads.delete(key);
    };
    reading.then(done, done);
    return reading;
  };
}
