// What a bench started (servers, throwaway databases, browsers) is also cleaned up when the bench
// is interrupted (Ctrl-C, SIGTERM), not only when it ends: `finally` blocks do not run then.
const cleanups = new Set<() => Promise<unknown>>();

/** Runs `work` with `cleanup` registered for an interrupt, and always runs `cleanup` after it. */
export async function withCleanup<T>(cleanup: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  cleanups.add(cleanup);
  try {
    return await work();
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void Promise.allSettled([...cleanups].map((c) => c())).then(() => process.exit(130));
  });
}
