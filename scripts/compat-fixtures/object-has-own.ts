// Fixture of the compat check's own test (issue 13 item 7): a builtin the minimum browsers lack.
export function has(object: object, key: string): boolean {
  return Object.hasOwn(object, key);
}
