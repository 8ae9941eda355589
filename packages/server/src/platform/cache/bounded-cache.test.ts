import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './bounded-cache';

describe('createBoundedCache (issue 16 item 2)', () => {
  it('keeps at most its bound, dropping the least recently used first', () => {
    const cache = createBoundedCache<{ n: number }>(2);
    cache.set('a', { n: 1 });
    cache.set('b', { n: 2 });
    expect(cache.get('a')).toEqual({ n: 1 }); // a is now the most recent
    cache.set('c', { n: 3 });
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ n: 1 });
    expect(cache.get('c')).toEqual({ n: 3 });
  });

  it('freezes what it keeps, deeply, so a shared value cannot be changed by one caller', () => {
    const cache = createBoundedCache<{ list: { id: string }[] }>(4);
    const value = cache.set('k', { list: [{ id: 'x' }] });
    expect(() => {
      (value.list as { id: string }[]).push({ id: 'y' });
    }).toThrow(TypeError);
    expect(() => {
      (value.list[0] as { id: string }).id = 'z';
    }).toThrow(TypeError);
    expect(cache.get('k')).toEqual({ list: [{ id: 'x' }] });
  });
});
