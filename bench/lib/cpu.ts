// CPU time of the processes a write bench drives, read from Linux's /proc: the server process, and
// every PostgreSQL process on the machine (backends that ended count through the postmaster's
// waited-for children). Where the figures cannot be read (no /proc, a PostgreSQL elsewhere), they
// are null and the bench prints none. Shared machines add other work to the database side: run the
// bench alone for figures to compare.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime, stime, cutime, cstime of /proc/<pid>/stat, in seconds; null when the process is gone. */
function times(pid: number): { comm: string; ppid: number; own: number; children: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  // Fields after the command: state is field 3, ppid 4, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat.slice(close + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]) / TICKS_PER_SECOND;
  return { comm, ppid: Number(fields[4 - 3]), own: at(14) + at(15), children: at(16) + at(17) };
}

/** Seconds of CPU: the server, PostgreSQL, and this process (the load generator, on the same cores). */
export type CpuSample = { server: number | null; database: number | null; client: number | null };

/** The server process and the processes it runs (TRIALBASE_PROCESSES: node:cluster workers). */
function serverSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const server = times(pid);
  if (!server) return null;
  let total = server.own + server.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    const t = times(Number(entry));
    if (t?.ppid === pid) total += t.own;
  }
  return total;
}

function databaseSeconds(): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const t = times(Number(entry));
    if (t?.comm !== 'postgres') continue;
    found = true;
    total += t.own + t.children;
  }
  return found ? total : null;
}

export function sampleCpu(serverPid: number | undefined): CpuSample {
  // The load generator: this process, plus the children it waited for (pgbench).
  const self = times(process.pid);
  return {
    server: serverSeconds(serverPid),
    database: databaseSeconds(),
    client: self ? self.own + self.children : null,
  };
}

/** Milliseconds of CPU per unit of work between two samples, or null where either is missing. */
export function cpuPer(before: CpuSample, after: CpuSample, units: number) {
  const per = (a: number | null, b: number | null) =>
    a === null || b === null || units <= 0 ? null : ((b - a) * 1000) / units;
  return {
    server: per(before.server, after.server),
    database: per(before.database, after.database),
    client: per(before.client, after.client),
  };
}
