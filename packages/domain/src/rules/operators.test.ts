import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHOICE_OPERATORS,
  FLIPPED,
  holdsSetOperator,
  holdsValueOperator,
  MULTIPLE_RESPONSE_OPERATORS,
  OPPOSITE,
  RULE_OPERATORS,
  VALUE_OPERATORS,
} from './operators';

const value = fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -3, max: 3 }));
const ids = fc.uniqueArray(fc.constantFrom('p1', 'p2', 'p3', 'p4'));

describe('Spec 001 §5 validation rule operators', () => {
  it.each([
    [1, 'lt', 2, true],
    [2, 'lt', 2, false],
    [2, 'lte', 2, true],
    [3, 'gt', 2, true],
    [2, 'gt', 2, false],
    [2, 'gte', 2, true],
    [2, 'eq', 2, true],
    [2, 'ne', 2, false],
    [1, 'ne', 2, true],
  ] as const)('%d %s %d is %s', (a, op, b, expected) => {
    expect(holdsValueOperator(a, op, b)).toBe(expected);
  });

  it('any / nany / all / nall over chosen and listed possibilities', () => {
    expect(holdsSetOperator(['p1', 'p3'], 'any', ['p3', 'p4'])).toBe(true);
    expect(holdsSetOperator(['p1'], 'any', ['p3', 'p4'])).toBe(false);
    expect(holdsSetOperator(['p1'], 'nany', ['p3', 'p4'])).toBe(true);
    expect(holdsSetOperator(['p3', 'p4', 'p1'], 'all', ['p3', 'p4'])).toBe(true);
    expect(holdsSetOperator(['p3'], 'all', ['p3', 'p4'])).toBe(false);
    expect(holdsSetOperator(['p3'], 'nall', ['p3', 'p4'])).toBe(true);
  });

  it('offers value operators, any/nany for choices, any/nany/all/nall for multiple response', () => {
    expect(VALUE_OPERATORS).toEqual(['lt', 'lte', 'gt', 'gte', 'ne', 'eq']);
    expect(CHOICE_OPERATORS).toEqual(['any', 'nany']);
    expect(MULTIPLE_RESPONSE_OPERATORS).toEqual(['any', 'nany', 'all', 'nall']);
  });
});

describe('Spec 001 §5 opposite and flipped operator maps (DESIGN.md)', () => {
  it('FLIPPED swaps operands: a op b ⇔ b FLIPPED[op] a, for all values', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(...VALUE_OPERATORS), value, (a, op, b) => {
        expect(holdsValueOperator(a, op, b)).toBe(holdsValueOperator(b, FLIPPED[op], a));
      }),
    );
    fc.assert(
      fc.property(ids, fc.constantFrom(...CHOICE_OPERATORS), ids, (a, op, b) => {
        expect(holdsSetOperator(a, op, b)).toBe(holdsSetOperator(b, FLIPPED[op], a));
      }),
    );
  });

  it('OPPOSITE is the negation of every value operator', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(...VALUE_OPERATORS), value, (a, op, b) => {
        const opposite = OPPOSITE[op];
        expect(VALUE_OPERATORS).toContain(opposite);
        expect(holdsValueOperator(a, opposite as typeof op, b)).toBe(!holdsValueOperator(a, op, b));
      }),
    );
  });

  it('OPPOSITE is the negation of any/nany and all/nall', () => {
    fc.assert(
      fc.property(ids, fc.constantFrom(...MULTIPLE_RESPONSE_OPERATORS), ids, (chosen, op, listed) => {
        expect(holdsSetOperator(chosen, OPPOSITE[op], listed)).toBe(!holdsSetOperator(chosen, op, listed));
      }),
    );
  });

  it('both maps are involutions and OPPOSITE stays within the operator family', () => {
    for (const op of RULE_OPERATORS) expect(OPPOSITE[OPPOSITE[op]]).toBe(op);
    for (const op of [...VALUE_OPERATORS, ...CHOICE_OPERATORS]) expect(FLIPPED[FLIPPED[op]]).toBe(op);
    for (const op of CHOICE_OPERATORS) expect(CHOICE_OPERATORS).toContain(OPPOSITE[op]);
  });
});
