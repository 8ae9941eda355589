/**
 * Exhaustiveness guard for `switch` over a union (CONVENTIONS.md, Domain): the
 * compiler refuses a call with anything but `never`; at run time it throws.
 */
export function assertNever(x: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(x)}`);
}
