// Fixture of the compat check's own test (issue 13 item 7): an API the minimum browsers lack.
export function withTimeout(ms: number): AbortSignal {
  return AbortSignal.timeout(ms);
}
