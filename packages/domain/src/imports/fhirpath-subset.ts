/**
 * The FHIRPath the imports understand in calculatedExpression (issue 27 item 2): answers of other
 * items (`%resource.item.where(linkId='x').answer.value`, nested or through `repeat(item)`),
 * numbers, + - * /, parentheses, variables defined as such expressions, and a final `.round(n)`.
 * Everything else (functions, iif, scores, strings) is not expressible as a product formula.
 */

const ITEM_REF =
  /(?:%resource|%context)?(?:\.?(?:item(?:\[\d+\])?|repeat\(item\))(?:\.where\(\s*linkId\s*=\s*'([^']+)'\s*\))?)+\.answer\.value(?:Decimal|Integer|Quantity)?(?:\.value)?/g;

export type FhirpathFormula = { formula: string; linkIds: string[]; decimals?: number };

/** `%name` variables → their expressions, innermost definitions win (SDC variable extension). */
export type FhirpathVariables = Map<string, string>;

function substitute(expression: string, variables: FhirpathVariables, depth: number): string | null {
  if (depth > 8) return null;
  let failed = false;
  const out = expression.replace(/%([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
    if (name === 'resource' || name === 'context') return whole;
    const value = variables.get(name);
    if (value === undefined) {
      failed = true;
      return whole;
    }
    const inner = substitute(value, variables, depth + 1);
    if (inner === null) failed = true;
    return `(${inner ?? ''})`;
  });
  return failed ? null : out;
}

/** A calculatedExpression as a formula over `{{linkId}}` placeholders, or null. */
export function translateFhirpath(expression: string, variables: FhirpathVariables): FhirpathFormula | null {
  let text = substitute(expression.trim(), variables, 0);
  if (text === null) return null;
  let decimals: number | undefined;
  const round = /^\((.*)\)\.round\((\d+)\)$/s.exec(text) ?? /^(.*)\.round\((\d+)\)$/s.exec(text);
  if (round) {
    text = round[1] as string;
    decimals = Number(round[2]);
  }
  const linkIds: string[] = [];
  let isBroken = false;
  const formula = text.replace(ITEM_REF, (_, linkId: string | undefined) => {
    if (!linkId) isBroken = true;
    linkIds.push(linkId ?? '');
    return `{{${linkId ?? ''}}}`;
  });
  if (isBroken) return null;
  const rest = formula.replace(/\{\{[^}]*\}\}/g, ' ');
  if (!/^[\s\d.+\-*/()]*$/.test(rest) || !/[\d}]/.test(formula)) return null;
  return {
    formula: formula.replace(/\s+/g, ' ').trim(),
    linkIds,
    ...(decimals !== undefined ? { decimals } : {}),
  };
}
