import { describe, expect, it } from 'vitest';
import { FORMULA_MAX_DEPTH, FORMULA_MAX_LENGTH, listFormulaReferences, parseFormula } from './parser';

describe('Spec 001 §5 CALCULATED formula pattern', () => {
  it('parses Q{n}, QMAX{n}, numbers, + - * /, unary minus and parentheses', () => {
    const parsed = parseFormula('-(Q1 + 2.5) * QMAX3 / Q12');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(listFormulaReferences(parsed.ast).map((r) => `${r.ref}${r.order}`)).toEqual([
      'Q1',
      'QMAX3',
      'Q12',
    ]);
  });

  it('gives * and / precedence over + and -, left to right', () => {
    const parsed = parseFormula('1 - 2 * 3 + 4');
    expect(parsed).toMatchObject({
      ok: true,
      ast: {
        kind: 'binary',
        op: '+',
        left: { kind: 'binary', op: '-' },
        right: { kind: 'number', value: 4 },
      },
    });
  });

  it.each([
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    ['Q0', 'INVALID_REFERENCE'],
    ['q1', 'INVALID_REFERENCE'],
    ['Q1Q2', 'INVALID_REFERENCE'],
    ['QMAX', 'INVALID_REFERENCE'],
    ['alert(1)', 'INVALID_REFERENCE'],
    ['constructor', 'INVALID_REFERENCE'],
    ['Q1 +', 'UNEXPECTED_END'],
    ['(Q1', 'UNEXPECTED_END'],
    ['Q1)', 'UNEXPECTED_TOKEN'],
    ['Q1 Q2', 'UNEXPECTED_TOKEN'],
    ['1..2', 'INVALID_NUMBER'],
    ['1.2.3', 'INVALID_NUMBER'],
    ['Q1 ^ 2', 'UNEXPECTED_CHARACTER'],
    ['Q1 % 2', 'UNEXPECTED_CHARACTER'],
  ])('rejects %j with %s', (text, error) => {
    expect(parseFormula(text)).toMatchObject({ ok: false, error });
  });

  it('reports the position of the failure', () => {
    expect(parseFormula('Q1 + $')).toEqual({ ok: false, error: 'UNEXPECTED_CHARACTER', position: 5 });
  });

  it('refuses nesting deeper than the limit and over-long text instead of exhausting the stack', () => {
    const deep = `${'('.repeat(FORMULA_MAX_DEPTH + 5)}1${')'.repeat(FORMULA_MAX_DEPTH + 5)}`;
    expect(parseFormula(deep)).toMatchObject({ ok: false, error: 'TOO_DEEP' });
    expect(parseFormula(`${'-'.repeat(FORMULA_MAX_DEPTH + 5)}1`)).toMatchObject({
      ok: false,
      error: 'TOO_DEEP',
    });
    const shallow = `${'('.repeat(10)}1${')'.repeat(10)}`;
    expect(parseFormula(shallow).ok).toBe(true);
    expect(parseFormula('1'.repeat(FORMULA_MAX_LENGTH)).ok).toBe(true);
    expect(parseFormula('1'.repeat(FORMULA_MAX_LENGTH + 1))).toMatchObject({ ok: false, error: 'TOO_LONG' });
  });
});
