// Command-line options of a bench: `--name value` pairs after the script, with defaults that
// BENCH_QUICK=1 (set by `npm run bench -- --quick`) shrinks to a size that only checks the bench works.

export const isQuick = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');

/** A numeric option: `--name 16`, else the quick or the full default. */
export function numberOption(name: string, full: number, quick = full): number {
  const index = process.argv.indexOf(`--${name}`);
  const raw = index > 0 ? process.argv[index + 1] : undefined;
  if (raw === undefined) return isQuick ? quick : full;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number, got ${raw}`);
  return value;
}

/** A list option: `--only submit,update`; the default when absent. */
export function listOption(name: string, fallback: string[]): string[] {
  const index = process.argv.indexOf(`--${name}`);
  const raw = index > 0 ? process.argv[index + 1] : undefined;
  return raw ? raw.split(',').map((s) => s.trim()) : fallback;
}

/** A text option: `--b ../other/packages/server/dist/main.js`; the default when absent. */
export function textOption(name: string, fallback: string | undefined): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return (index > 0 ? process.argv[index + 1] : undefined) ?? fallback;
}
