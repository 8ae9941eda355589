import path from 'node:path';

/** Everything the server reads from its environment, parsed once (README "Configuration"). */
export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** PGlite data directory, or 'memory://' for a throwaway in-memory database. */
  dataDir: string;
  /** Directory of the built web app served in production mode; null to serve none. */
  webDist: string | null;
  publicUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  maintenanceMode: boolean;
  sessionTtlMinutes: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Start pg-boss workers (send-outs, outbox). Off in tests that do not need them. */
  jobs: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Create the demo study at start when the database has no study yet (issue 7 item 7). */
  seedDemo: boolean;
};

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

/** Reads the configuration from environment variables (documented in README.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  return {
    env: nodeEnv,
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.TRIALBASE_DATA_DIR || path.resolve(process.cwd(), 'data'),
    webDist: env.TRIALBASE_WEB_DIST === '' ? null : (env.TRIALBASE_WEB_DIST ?? null),
    publicUrl: env.PUBLIC_URL || null,
    adminEmail: env.TRIALBASE_ADMIN_EMAIL || null,
    adminPassword: env.TRIALBASE_ADMIN_PASSWORD || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Trialbase <no-reply@trialbase.local>',
    maintenanceMode: bool(env.MAINTENANCE_MODE, false),
    sessionTtlMinutes: int(env.SESSION_TTL_MINUTES, 60),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
    jobs: bool(env.TRIALBASE_JOBS, true),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: bool(env.TRUST_PROXY, false),
    seedDemo: bool(env.TRIALBASE_SEED_DEMO, false),
  };
}
