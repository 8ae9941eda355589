// pgbench TPC-B, the physical anchor of the write bench: the same PostgreSQL, the same machine,
// the same number of clients, run between the Trialbase runs. Latency percentiles come from
// pgbench's per-transaction log (-l), throughput from its summary.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { quantile } from './stats';

export const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';

function connectionArgs(url: string): string[] {
  const u = new URL(url);
  return [
    '-h',
    // A Unix socket folder given as `?host=` (as libpq and node-postgres read it), else the host.
    u.searchParams.get('host') ?? u.hostname,
    '-p',
    u.port || '5432',
    '-U',
    decodeURIComponent(u.username || 'postgres'),
    u.pathname.slice(1),
  ];
}

function run(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`pgbench ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

export function assertPgbench() {
  if (!existsSync(PGBENCH)) throw new Error(`pgbench not found at ${PGBENCH} (set PGBENCH)`);
}

/** `pgbench -i`: the TPC-B tables at this scale (scale 1 = 100,000 accounts, one branch). */
export async function initPgbench(url: string, scale: number): Promise<void> {
  await run(['-i', '-q', '-s', String(scale), ...connectionArgs(url)], tmpdir());
}

export type PgbenchResult = { tps: number; p50: number; p99: number; transactions: number; failed: number };

/** One timed TPC-B run; throws when pgbench fails or reports failed transactions. */
export async function runPgbench(
  url: string,
  options: { clients: number; seconds: number; threads?: number },
): Promise<PgbenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tb-pgbench-'));
  try {
    const output = await run(
      [
        '-c',
        String(options.clients),
        '-j',
        String(options.threads ?? Math.min(2, options.clients)),
        '-T',
        String(options.seconds),
        '-l',
        '--log-prefix',
        path.join(dir, 'tx'),
        ...connectionArgs(url),
      ],
      dir,
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    if (!Number.isFinite(tps)) throw new Error(`no tps in pgbench output:\n${output}`);
    if (failed > 0) throw new Error(`pgbench: ${failed} failed transactions\n${output}`);
    // Log lines: client_id transaction_no latency_us script_no epoch_s epoch_us
    const latencies: number[] = [];
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const latency = Number(line.split(' ')[2]);
        if (line && Number.isFinite(latency)) latencies.push(latency / 1000);
      }
    }
    return {
      tps,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      transactions: latencies.length,
      failed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
