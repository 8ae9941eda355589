/**
 * REDCap branching logic and calculations (issue 27 item 1): a small recursive-descent parser over
 * REDCap's expression syntax (`[field]`, `[field(code)]`, `[event][field]`, quoted literals,
 * `= <> != < <= > >=`, `and` / `or`, parentheses, arithmetic and functions), used to say whether an
 * expression fits the product's show rules (OR of choices of earlier choice questions) or formulas.
 */

export type RedcapRef = { field: string; code?: string; event?: string };

export type RedcapLogic =
  | { kind: 'or' | 'and'; args: RedcapLogic[] }
  | { kind: 'cmp'; ref: RedcapRef; op: RedcapComparison; value: string }
  | { kind: 'other' };

export type RedcapComparison = '=' | '<>' | '<' | '<=' | '>' | '>=';

type Token =
  | { kind: 'ref'; ref: RedcapRef }
  | { kind: 'str'; value: string }
  | { kind: 'num'; value: string }
  | { kind: 'op'; value: string }
  | { kind: 'word'; value: string };

const OPS = ['<>', '!=', '<=', '>=', '==', '=', '<', '>', '(', ')', '+', '-', '*', '/', '^', ',', '&&', '||'];

/** Splits an expression into tokens, or null when it holds something this reader does not know. */
export function tokenizeRedcap(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === '[') {
      const start = i;
      const end = text.indexOf(']', i);
      if (end < 0) return null;
      const inner = text.slice(i + 1, end).trim();
      i = end + 1;
      const m = /^([A-Za-z0-9_-]+)(?:\(([^)]*)\))?(?::[A-Za-z-]+)?$/.exec(inner);
      if (!m) return null;
      const ref: RedcapRef = { field: m[1] as string, ...(m[2] !== undefined ? { code: m[2] } : {}) };
      const prev = tokens[tokens.length - 1];
      // `[event][field]`: the first bracket names the event.
      if (
        prev?.kind === 'ref' &&
        prev.ref.code === undefined &&
        prev.ref.event === undefined &&
        text[start - 1] === ']'
      ) {
        prev.ref = { ...ref, event: prev.ref.field };
        continue;
      }
      tokens.push({ kind: 'ref', ref });
      continue;
    }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return null;
      tokens.push({ kind: 'str', value: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (num) {
      tokens.push({ kind: 'num', value: num[0] });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ kind: 'word', value: word[0].toLowerCase() });
      i += word[0].length;
      continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (!op) return null;
    tokens.push({ kind: 'op', value: op });
    i += op.length;
  }
  return tokens;
}

class LogicParser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): RedcapLogic {
    const node = this.or();
    return this.index === this.tokens.length ? node : { kind: 'other' };
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private isWord(word: string, alt: string): boolean {
    const t = this.peek();
    return (t?.kind === 'word' && t.value === word) || (t?.kind === 'op' && t.value === alt);
  }

  private or(): RedcapLogic {
    const args = [this.and()];
    while (this.isWord('or', '||')) {
      this.index += 1;
      args.push(this.and());
    }
    return args.length === 1 ? (args[0] as RedcapLogic) : { kind: 'or', args };
  }

  private and(): RedcapLogic {
    const args = [this.primary()];
    while (this.isWord('and', '&&')) {
      this.index += 1;
      args.push(this.primary());
    }
    return args.length === 1 ? (args[0] as RedcapLogic) : { kind: 'and', args };
  }

  private primary(): RedcapLogic {
    const t = this.peek();
    if (t?.kind === 'op' && t.value === '(') {
      this.index += 1;
      const inner = this.or();
      const close = this.peek();
      if (close?.kind !== 'op' || close.value !== ')') return this.skip();
      this.index += 1;
      return inner;
    }
    const [a, op, b] = [t, this.tokens[this.index + 1], this.tokens[this.index + 2]];
    const comparison = op?.kind === 'op' ? normalizeOp(op.value) : null;
    const isLiteral = (x: Token | undefined) => x?.kind === 'str' || x?.kind === 'num';
    if (comparison && a?.kind === 'ref' && isLiteral(b) && this.isEndOfComparison(3)) {
      this.index += 3;
      return { kind: 'cmp', ref: a.ref, op: comparison, value: (b as { value: string }).value };
    }
    if (comparison && isLiteral(a) && b?.kind === 'ref' && this.isEndOfComparison(3)) {
      this.index += 3;
      return { kind: 'cmp', ref: b.ref, op: flip(comparison), value: (a as { value: string }).value };
    }
    return this.skip();
  }

  private isEndOfComparison(offset: number): boolean {
    const next = this.tokens[this.index + offset];
    return (
      next === undefined ||
      (next.kind === 'word' && (next.value === 'and' || next.value === 'or')) ||
      (next.kind === 'op' && [')', '&&', '||'].includes(next.value))
    );
  }

  /** Skips one operand this reader cannot express, up to the next and/or at this nesting level. */
  private skip(): RedcapLogic {
    let depth = 0;
    while (this.index < this.tokens.length) {
      const t = this.tokens[this.index] as Token;
      if (t.kind === 'op' && t.value === '(') depth += 1;
      if (t.kind === 'op' && t.value === ')') {
        if (depth === 0) break;
        depth -= 1;
      }
      if (depth === 0 && (this.isWord('and', '&&') || this.isWord('or', '||'))) break;
      this.index += 1;
    }
    return { kind: 'other' };
  }
}

function normalizeOp(op: string): RedcapComparison | null {
  if (op === '=' || op === '==') return '=';
  if (op === '<>' || op === '!=') return '<>';
  if (op === '<' || op === '<=' || op === '>' || op === '>=') return op;
  return null;
}

function flip(op: RedcapComparison): RedcapComparison {
  const flipped: Record<RedcapComparison, RedcapComparison> = {
    '=': '=',
    '<>': '<>',
    '<': '>',
    '<=': '>=',
    '>': '<',
    '>=': '<=',
  };
  return flipped[op];
}

/** Parses REDCap branching logic; parts it cannot read become `other`. */
export function parseRedcapLogic(text: string): RedcapLogic {
  const tokens = tokenizeRedcap(text);
  if (!tokens || tokens.length === 0) return { kind: 'other' };
  return new LogicParser(tokens).parse();
}

/**
 * A REDCap calculation as a product formula over field names (`{{field}}`), or null when it uses
 * more than numbers, fields, + - * / and parentheses (functions, powers, events, checkbox codes).
 */
export function translateRedcapCalc(text: string): { formula: string; fields: string[] } | null {
  const tokens = tokenizeRedcap(text);
  if (!tokens || tokens.length === 0) return null;
  const parts: string[] = [];
  const fields: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'ref') {
      if (t.ref.code !== undefined || t.ref.event !== undefined) return null;
      fields.push(t.ref.field);
      parts.push(`{{${t.ref.field}}}`);
    } else if (t.kind === 'num') parts.push(t.value);
    else if (t.kind === 'op' && ['+', '-', '*', '/', '(', ')'].includes(t.value)) parts.push(t.value);
    else return null;
  }
  return { formula: parts.join(' '), fields };
}
