// Fixture of the compat check's own test (issue 13 item 7): what the minimum browsers all have.
export function withTimeout(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
}
