import { describe, expect, it } from 'vitest';
import { sharedReads } from './in-flight';

describe('reads shared while in flight (issue 16 item 2)', () => {
  it('gives callers of a key the read in flight, reads again for another tag and once it ended', async () => {
    const read = sharedReads<number>();
    let reads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++reads), 5));
    expect(await Promise.all([read('a', slow), read('a', slow), read('b', slow)])).toEqual([1, 1, 2]);
    expect(await Promise.all([read('a', slow, 1), read('a', slow, 2)])).toEqual([3, 4]);
    expect(await read('a', slow)).toBe(5);
  });

  it('reads again for a caller that took a read which failed', async () => {
    const read = sharedReads<string>();
    const failing = read('k', () => Promise.reject(new Error('its transaction ended')));
    const taker = read('k', async () => 'read again');
    await expect(failing).rejects.toThrow('its transaction ended');
    expect(await taker).toBe('read again');
  });
});
