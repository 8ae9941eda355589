import { describe, expect, it } from 'vitest';
import { newId, newLinkToken, newSecret } from './ids';

describe('ids and link tokens (DESIGN.md database)', () => {
  it('makes 24-character lowercase hex ids that start with the creation time', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    const id = newId(at);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(Math.floor(at.getTime() / 1000));
  });

  it('never repeats an id, and later ids sort after earlier ones', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect(newId(new Date('2030-01-01')) > newId(new Date('2026-01-01'))).toBe(true);
  });

  it('makes 32-character link tokens from the whole alphabet, without repeats', () => {
    const tokens = Array.from({ length: 2000 }, () => newLinkToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Every one of the 62 characters shows up in 64,000 draws: no character is left out.
    expect(new Set(tokens.join('')).size).toBe(62);
  });

  it('makes 256-bit secrets', () => {
    expect(Buffer.from(newSecret(), 'base64url')).toHaveLength(32);
  });
});
