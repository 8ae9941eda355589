/**
 * Calculated-question formulas (spec 001 §5 CALCULATED, 002 §5): a small
 * recursive-descent parser over numbers, `Q{n}`, `QMAX{n}`, + - * /, unary
 * minus and parentheses. Never `eval`: the parser is total and returns errors.
 */
import { assertNever } from '../common/assert';

/** Parsed formula tree. `order` is the 1-based question order (DESIGN.md positions). */
export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'ref'; ref: FormulaRefKind; order: number; position: number }
  | { kind: 'unary'; op: '-' | '+'; arg: FormulaNode }
  | { kind: 'binary'; op: FormulaBinaryOperator; left: FormulaNode; right: FormulaNode };

export const FORMULA_REF_KINDS = ['Q', 'QMAX'] as const;
export type FormulaRefKind = (typeof FORMULA_REF_KINDS)[number];

export const FORMULA_BINARY_OPERATORS = ['+', '-', '*', '/'] as const;
export type FormulaBinaryOperator = (typeof FORMULA_BINARY_OPERATORS)[number];

/** Longest formula accepted and deepest nesting, so a hostile input cannot exhaust the stack. */
export const FORMULA_MAX_LENGTH = 2048;
export const FORMULA_MAX_DEPTH = 64;

export const FORMULA_PARSE_ERRORS = [
  'EMPTY',
  'TOO_LONG',
  'TOO_DEEP',
  'UNEXPECTED_CHARACTER',
  'UNEXPECTED_TOKEN',
  'UNEXPECTED_END',
  'INVALID_NUMBER',
  'INVALID_REFERENCE',
] as const;
export type FormulaParseErrorCode = (typeof FORMULA_PARSE_ERRORS)[number];

export type FormulaParseResult =
  | { ok: true; ast: FormulaNode }
  | { ok: false; error: FormulaParseErrorCode; position: number };

type Token =
  | { kind: 'num'; value: number; position: number }
  | { kind: 'ref'; ref: FormulaRefKind; order: number; position: number }
  | { kind: 'op'; op: FormulaBinaryOperator | '(' | ')'; position: number }
  | { kind: 'end'; position: number };

class FormulaSyntaxError extends Error {
  constructor(
    readonly code: FormulaParseErrorCode,
    readonly position: number,
  ) {
    super(code);
  }
}

const NUMBER_RE = /^(\d+(\.\d+)?|\.\d+)/;
const REF_RE = /^(QMAX|Q)(\d+)/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if ('+-*/()'.includes(ch)) {
      tokens.push({ kind: 'op', op: ch as FormulaBinaryOperator | '(' | ')', position: i });
      i += 1;
      continue;
    }
    const rest = text.slice(i);
    const num = NUMBER_RE.exec(rest);
    if (num) {
      if (/^[.\d]/.test(rest.slice(num[0].length))) throw new FormulaSyntaxError('INVALID_NUMBER', i);
      tokens.push({ kind: 'num', value: Number(num[0]), position: i });
      i += num[0].length;
      continue;
    }
    const ref = REF_RE.exec(rest);
    if (ref && !/^[A-Za-z0-9_]/.test(rest.slice(ref[0].length))) {
      const order = Number(ref[2]);
      if (!Number.isSafeInteger(order) || order < 1) throw new FormulaSyntaxError('INVALID_REFERENCE', i);
      tokens.push({ kind: 'ref', ref: ref[1] as FormulaRefKind, order, position: i });
      i += ref[0].length;
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) throw new FormulaSyntaxError('INVALID_REFERENCE', i);
    throw new FormulaSyntaxError('UNEXPECTED_CHARACTER', i);
  }
  tokens.push({ kind: 'end', position: text.length });
  return tokens;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): FormulaNode {
    const node = this.expression(0);
    const next = this.peek();
    if (next.kind !== 'end') throw new FormulaSyntaxError('UNEXPECTED_TOKEN', next.position);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private isOp(token: Token, ...ops: string[]): token is Extract<Token, { kind: 'op' }> {
    return token.kind === 'op' && ops.includes(token.op);
  }

  private expression(depth: number): FormulaNode {
    let left = this.term(depth);
    for (let t = this.peek(); this.isOp(t, '+', '-'); t = this.peek()) {
      this.index += 1;
      left = { kind: 'binary', op: t.op as FormulaBinaryOperator, left, right: this.term(depth) };
    }
    return left;
  }

  private term(depth: number): FormulaNode {
    let left = this.unary(depth);
    for (let t = this.peek(); this.isOp(t, '*', '/'); t = this.peek()) {
      this.index += 1;
      left = { kind: 'binary', op: t.op as FormulaBinaryOperator, left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): FormulaNode {
    const t = this.peek();
    if (depth > FORMULA_MAX_DEPTH) throw new FormulaSyntaxError('TOO_DEEP', t.position);
    if (this.isOp(t, '-', '+')) {
      this.index += 1;
      return { kind: 'unary', op: t.op as '-' | '+', arg: this.unary(depth + 1) };
    }
    return this.primary(depth);
  }

  private primary(depth: number): FormulaNode {
    const t = this.peek();
    this.index += 1;
    if (t.kind === 'num') return { kind: 'number', value: t.value };
    if (t.kind === 'ref') return { kind: 'ref', ref: t.ref, order: t.order, position: t.position };
    if (this.isOp(t, '(')) {
      const inner = this.expression(depth + 1);
      const close = this.peek();
      if (!this.isOp(close, ')')) {
        throw new FormulaSyntaxError(
          close.kind === 'end' ? 'UNEXPECTED_END' : 'UNEXPECTED_TOKEN',
          close.position,
        );
      }
      this.index += 1;
      return inner;
    }
    throw new FormulaSyntaxError(t.kind === 'end' ? 'UNEXPECTED_END' : 'UNEXPECTED_TOKEN', t.position);
  }
}

/** Spec 001 §5 CALCULATED "the pattern must be valid": parses a formula or says where it fails. */
export function parseFormula(text: string): FormulaParseResult {
  if (text.trim() === '') return { ok: false, error: 'EMPTY', position: 0 };
  if (text.length > FORMULA_MAX_LENGTH) return { ok: false, error: 'TOO_LONG', position: FORMULA_MAX_LENGTH };
  try {
    return { ok: true, ast: new Parser(tokenize(text)).parse() };
  } catch (err) {
    if (err instanceof FormulaSyntaxError) return { ok: false, error: err.code, position: err.position };
    throw err;
  }
}

/** Spec 001 §5 CALCULATED: every `Q{n}` / `QMAX{n}` reference of a parsed formula, in text order. */
export function listFormulaReferences(ast: FormulaNode): Extract<FormulaNode, { kind: 'ref' }>[] {
  switch (ast.kind) {
    case 'number':
      return [];
    case 'ref':
      return [ast];
    case 'unary':
      return listFormulaReferences(ast.arg);
    case 'binary':
      return [...listFormulaReferences(ast.left), ...listFormulaReferences(ast.right)];
    default:
      return assertNever(ast);
  }
}
