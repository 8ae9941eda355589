import path from 'node:path';
import { z } from 'zod';

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
  /**
   * Server processes sharing the port and the PostgreSQL database (node:cluster, main.ts): Node runs
   * a process's JavaScript on one core. 1 on PGlite.
   */
  processes: number;
  logLevel: string;
  trustProxy: boolean;
  /** Create the demo study at start when the database has no study yet (issue 7 item 7). */
  seedDemo: boolean;
  /** Key that signs participant captcha challenges; null gives a random key per process. */
  captchaSecret: string | null;
  /**
   * Serve the API reference (`/api/docs`) and its OpenAPI description (`/api/openapi.json`)
   * to anyone: on in development and test, off in production unless asked (issue 17 item 5).
   */
  apiDocs: boolean;
  /**
   * The audit log file (issue 17 item 5): each day the head of every audit chain is appended here
   * (JSON lines) for `audit:verify --heads`; null writes none.
   */
  auditLogFile: string | null;
  /** Where the daily chain heads are emailed (through the outbox); null mails none. */
  auditHeadEmail: string | null;
  /** Issue 26 item 3: how many days a finished export is kept for its requester to download. */
  exportRetentionDays: number;
  /**
   * Issue 24: the PKCS#12 file (path) and passphrase of the key that signs e-consent PDFs; when
   * unset, a self-signed key is made on first use and kept in the database.
   */
  econsentP12Path?: string | null;
  econsentP12Passphrase?: string | null;
  /**
   * Issue 28 item 1: may webhooks reach private, loopback, link-local and multicast addresses (SSRF
   * guard off). For tests and closed networks only.
   */
  webhooksAllowPrivate?: boolean;
};

/** Unset and empty mean the same: the default applies. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value));

const flag = (fallback: boolean) =>
  optionalText.pipe(
    z
      .enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], {
        error: 'expected true or false (1/0, yes/no, on/off)',
      })
      .optional()
      .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value))),
  );

/** A flag whose default depends on other settings: undefined when unset. */
const optionalFlag = optionalText.pipe(
  z
    .enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], {
      error: 'expected true or false (1/0, yes/no, on/off)',
    })
    .optional()
    .transform((value) => (value === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(value))),
);

const wholeNumber = (fallback: number, min: number, max: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'expected a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional()
      .transform((value) => value ?? fallback),
  );

const url = optionalText.pipe(z.url({ error: 'expected a URL' }).optional());

/**
 * The environment the server reads, as one zod schema (issue 13 item 9): every variable of the
 * README's configuration table, parsed and checked here, and nowhere else.
 */
export const EnvironmentSchema = z.object({
  NODE_ENV: optionalText,
  PORT: wholeNumber(3000, 0, 65535),
  HOST: optionalText,
  DATABASE_URL: url,
  TRIALBASE_DATA_DIR: optionalText,
  /** Empty (not unset) means: serve no web app. */
  TRIALBASE_WEB_DIST: z.string().optional(),
  PUBLIC_URL: url,
  TRIALBASE_ADMIN_EMAIL: optionalText,
  TRIALBASE_ADMIN_PASSWORD: optionalText,
  SMTP_URL: url,
  MAIL_FROM: optionalText,
  MAINTENANCE_MODE: flag(false),
  SESSION_TTL_MINUTES: wholeNumber(60, 1, 60 * 24 * 30),
  LOGIN_MAX_FAILURES: wholeNumber(5, 1, 1000),
  LOGIN_LOCK_MINUTES: wholeNumber(15, 1, 60 * 24 * 30),
  TRIALBASE_JOBS: flag(true),
  TRIALBASE_PROCESSES: wholeNumber(1, 1, 64),
  LOG_LEVEL: optionalText.pipe(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
  TRUST_PROXY: flag(false),
  TRIALBASE_SEED_DEMO: flag(false),
  TRIALBASE_CAPTCHA_SECRET: optionalText.pipe(z.string().min(16, 'use at least 16 characters').optional()),
  /** Unset: on except in production. */
  TRIALBASE_API_DOCS: optionalFlag,
  /** Empty (not unset) means: write no audit log file. */
  TRIALBASE_AUDIT_LOG_FILE: z.string().optional(),
  TRIALBASE_AUDIT_HEAD_EMAIL: optionalText.pipe(z.email({ error: 'expected an email address' }).optional()),
  TRIALBASE_EXPORT_RETENTION_DAYS: wholeNumber(7, 1, 3650),
  TRIALBASE_ECONSENT_P12: optionalText,
  TRIALBASE_ECONSENT_P12_PASSPHRASE: z.string().optional(),
  TRIALBASE_WEBHOOKS_ALLOW_PRIVATE: flag(false),
});

/** A configuration the server cannot start with: every wrong variable, named. */
export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from environment variables (documented in README.md); throws ConfigError listing every bad one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? ''), message: issue.message })),
    );
  }
  const e = parsed.data;
  if (e.TRIALBASE_PROCESSES > 1 && !e.DATABASE_URL) {
    throw new ConfigError([
      {
        variable: 'TRIALBASE_PROCESSES',
        message: 'several processes need DATABASE_URL (the embedded database belongs to one process)',
      },
    ]);
  }
  const dataDir = e.TRIALBASE_DATA_DIR ?? path.resolve(process.cwd(), 'data');
  const nodeEnv = e.NODE_ENV === 'production' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development';
  return {
    env: nodeEnv,
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir,
    webDist: e.TRIALBASE_WEB_DIST === '' ? null : (e.TRIALBASE_WEB_DIST ?? null),
    publicUrl: e.PUBLIC_URL ?? null,
    adminEmail: e.TRIALBASE_ADMIN_EMAIL ?? null,
    adminPassword: e.TRIALBASE_ADMIN_PASSWORD ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Trialbase <no-reply@trialbase.local>',
    maintenanceMode: e.MAINTENANCE_MODE,
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    jobs: e.TRIALBASE_JOBS,
    processes: e.TRIALBASE_PROCESSES,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.TRIALBASE_SEED_DEMO,
    captchaSecret: e.TRIALBASE_CAPTCHA_SECRET ?? null,
    apiDocs: e.TRIALBASE_API_DOCS ?? nodeEnv !== 'production',
    auditLogFile: auditLogFileOf(e.TRIALBASE_AUDIT_LOG_FILE, dataDir),
    auditHeadEmail: e.TRIALBASE_AUDIT_HEAD_EMAIL ?? null,
    exportRetentionDays: e.TRIALBASE_EXPORT_RETENTION_DAYS,
    econsentP12Path: e.TRIALBASE_ECONSENT_P12 ?? null,
    econsentP12Passphrase: e.TRIALBASE_ECONSENT_P12_PASSPHRASE ?? null,
    webhooksAllowPrivate: e.TRIALBASE_WEBHOOKS_ALLOW_PRIVATE,
  };
}

/** The audit log file: as set (empty: none), else `audit.log` in the data directory (none in memory). */
function auditLogFileOf(value: string | undefined, dataDir: string): string | null {
  if (value !== undefined) return value === '' ? null : path.resolve(value);
  return dataDir.startsWith('memory://') ? null : path.join(dataDir, 'audit.log');
}
