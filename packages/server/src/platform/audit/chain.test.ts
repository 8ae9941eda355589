/**
 * The canonical JSON an audit event's hashes cover (chain.ts): what JSON.stringify writes for the
 * same value with every object's keys sorted, whatever order they were written in, so a writer's
 * values hash the same as the JSON stored from them and read back (issue 16).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CanonicalText, canonicalJson } from './chain';

/**
 * The reference: the value through JSON (toJSON, omissions), then written again with every object's
 * keys sorted (as text: a JavaScript object would put integer-like keys first).
 */
function sortedJson(value: unknown): string | undefined {
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    const record = v as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${write(record[k])}`);
    return `{${members.join(',')}}`;
  };
  const text = JSON.stringify(value);
  return text === undefined ? undefined : write(JSON.parse(text));
}

describe('canonicalJson', () => {
  it('writes what JSON.stringify writes, with keys sorted', () => {
    const when = new Date('2026-11-29T01:02:03.004Z');
    const value = {
      zeta: [1, undefined, () => 1, Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 0.1],
      alpha: { when, nested: { b: 'two', a: 'one "quoted" \\ \n line', skip: undefined } },
      ключ: 'значение',
      '"odd\\key"': true,
      '\u0001control': false,
      '😀': null,
      emptyList: [],
      emptyObject: {},
    };
    expect(canonicalJson(value)).toBe(sortedJson(value));
    expect(canonicalJson(when)).toBe(JSON.stringify(when));
    expect(canonicalJson(undefined)).toBe('null');
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });

  it('puts JSON written canonically already in place as it is', () => {
    const inner = { b: [2, { d: 'x', c: null }], a: 'one' };
    const written = new CanonicalText(canonicalJson(inner));
    expect(canonicalJson({ z: 1, before: written })).toBe(canonicalJson({ z: 1, before: inner }));
  });

  it('does not depend on the order the keys were written in', () => {
    const a = { answers: { q2: { answerStrings: ['2'] }, q1: { possibilities: ['x'], answerStrings: [] } } };
    const b = { answers: { q1: { answerStrings: [], possibilities: ['x'] }, q2: { answerStrings: ['2'] } } };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('matches the sorted JSON of any JSON value, the same member names written again and again', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(sortedJson(value));
        // Again, its member names now taken from those kept.
        expect(canonicalJson(value)).toBe(sortedJson(value));
      }),
      { numRuns: 300 },
    );
  });
});
