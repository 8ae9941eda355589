import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import pino from 'pino';
import { accessRoutes } from './modules/access/routes';
import { adminRoutes } from './modules/admin/routes';
import {
  AE_CLOCK_CRON,
  AE_CLOCK_QUEUE,
  adverseEventRoutes,
  runAeClockSweep,
} from './modules/adverse-events/api';
import { customAeReportRoutes, hasAeReportsOfForm } from './modules/adverse-events/custom-reports/api';
import { amendmentRoutes } from './modules/amendments/routes';
import { authRoutes } from './modules/auth/routes';
import { buildCheckRoutes } from './modules/build-check/routes';
import { CASEBOOK_QUEUE, casebookRoutes, runCasebookSweep } from './modules/casebooks/api';
import { registerApiKeyCallLimit } from './modules/data-api/key-limit';
import { documentDataApi } from './modules/data-api/openapi';
import { dataApiRoutes } from './modules/data-api/routes';
import { dataViewRoutes } from './modules/data-views/routes';
import { ANSWER_TALLY_CRON, ANSWER_TALLY_QUEUE, foldAllAnswerTallies } from './modules/data-views/tallies';
import { econsentRoutes } from './modules/econsent/api';
import { findEnrollmentFormVersions } from './modules/enrollments/form-versions';
import { enrollmentRoutes } from './modules/enrollments/routes';
import { tokenRoutes } from './modules/enrollments/tokens/routes';
import {
  runDueSchedule,
  SCHEDULE_CRON,
  SCHEDULE_QUEUE,
} from './modules/enrollments/tokens/service/run-due-schedule';
import { scheduleEnvOf } from './modules/enrollments/tokens/service/send-link';
import { EXPORT_QUEUE, runExportSweep } from './modules/exports/api';
import { exportRoutes } from './modules/exports/routes';
import { externalDataRoutes } from './modules/external-data/api';
import { feedRoutes } from './modules/feed/routes';
import { fileVaultRoutes } from './modules/file-vault/api';
import { fileRoutes } from './modules/files/routes';
import { formRoutes } from './modules/forms/routes';
import { importRoutes } from './modules/imports/routes';
import { authenticateApiKey } from './modules/integrations/api-key-auth';
import { integrationRoutes } from './modules/integrations/routes';
import { medicationRoutes } from './modules/medication/api';
import { findProcessFormIds, isFormUsedInAnyProcess } from './modules/processes/form-usage';
import { processRoutes } from './modules/processes/routes';
import { publicRoutes } from './modules/public/routes';
import { QUERY_DIGEST_CRON, QUERY_DIGEST_QUEUE, sendQueryDigests } from './modules/queries/api';
import { queryRoutes } from './modules/queries/routes';
import { questionnairePortOf } from './modules/questionnaires/api';
import { questionnaireRoutes } from './modules/questionnaires/routes';
import { randomizationRoutes } from './modules/randomization/routes';
import { ruleRoutes } from './modules/rules/routes';
import { siteRoutes } from './modules/sites/routes';
import { storageRoutes } from './modules/storage/routes';
import { AMENDMENT_CRON, AMENDMENT_QUEUE, runDueAmendments } from './modules/studies/api';
import { studyRoutes } from './modules/studies/routes';
import { subjectRoutes } from './modules/subjects/routes';
import { systemRoutes } from './modules/system/routes';
import { translationRoutes } from './modules/translations/routes';
import { bootstrapSystemAdmin } from './modules/users/bootstrap';
import { userRoutes } from './modules/users/routes';
import {
  WEBHOOK_CRON,
  WEBHOOK_QUEUE,
  webhookAuditTap,
  webhookDeliveryJob,
  webhookRoutes,
} from './modules/webhooks/api';
import { AUDIT_HEAD_CRON, AUDIT_HEAD_QUEUE, publishAuditHeads } from './platform/audit/heads';
import { AuditSequencer } from './platform/audit/sequencer';
import { registerAuditTap } from './platform/audit/taps';
import { registerAuthGuard } from './platform/auth/guard';
import type { Config } from './platform/config';
import { type Database, openDatabase } from './platform/db/client';
import { DB_UPKEEP_CRON, DB_UPKEEP_QUEUE, runDatabaseUpkeep } from './platform/db/upkeep';
import { AppError } from './platform/errors';
import { registerNoStoreForApi } from './platform/http/cache-control';
import { type RouteDefinition, registerRoutes } from './platform/http/define-route';
import { registerErrorHandler } from './platform/http/error-handler';
import type { ModuleDeps } from './platform/http/module-deps';
import { registerCompression, registerWebApp } from './platform/http/static';
import { type Jobs, startJobs } from './platform/jobs/boss';
import { dispatchOutbox, OUTBOX_QUEUE, smtpTransport } from './platform/outbox/outbox';
import { PRODUCT_VERSION } from './platform/version';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    jobs: Jobs | null;
  }
}

export type BuildOptions = {
  /** Where log lines go (tests capture them to prove no secret is logged). */
  logStream?: Writable;
  /** Called with the first admin's generated password, to print it once. */
  onAdminCreated?: (admin: { email: string; generatedPassword: string | null }) => void;
  /** The server's clock (issue 6 item 6: tests drive schedules with it); defaults to the real time. */
  clock?: () => Date;
  /** Tests: an in-memory PGlite starts from this migrated snapshot instead of an empty database (test/harness.ts). */
  pgliteSnapshot?: Blob;
};

// Link tokens and other long opaque segments never reach the logs.
const SECRET_SEGMENT = /[A-Za-z0-9_-]{32,}/g;

/** The Content-Security-Policy the built web app satisfies: no inline scripts, nothing from elsewhere. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // The participant page's inline early script (public.html, packages/web/vite-early-script.ts):
  // the web build fails, naming the new hash, when this one no longer matches it.
  scriptSrc: ["'self'", "'sha256-P0JQaMd44XTJjLzjhMsePN7Ls+stj0jx/TikAQj3Ed4='"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

const MAINTENANCE_EXEMPT = new Set(['/api/health', '/api/ready', '/api/system/info']);

/**
 * Migrates the database and creates the first admin, then closes it: what the supervisor of several
 * server processes does once before starting them (main.ts), so they never migrate side by side.
 */
export async function prepareDatabase(
  config: Config,
  options: Pick<BuildOptions, 'onAdminCreated'> = {},
): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateAndBootstrap(database, config, options);
  } finally {
    await database.close();
  }
}

/** Migrations, then the first admin when the database has none. */
async function migrateAndBootstrap(
  database: Database,
  config: Config,
  options: Pick<BuildOptions, 'onAdminCreated'>,
): Promise<void> {
  await database.migrate();
  const admin = await bootstrapSystemAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  if (admin) options.onAdminCreated?.(admin);
}

/**
 * Builds the whole server without listening (DESIGN.md packages/server): opens and
 * migrates the database, creates the first admin, starts jobs, registers every route.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    loadDataDir: options.pgliteSnapshot,
  });
  try {
    await migrateAndBootstrap(database, config, options);
  } catch (err) {
    await database.close();
    throw err;
  }

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-csrf-token"]',
          'req.headers["extended-validation"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req) => ({
          method: req.method,
          url: req.url.replace(SECRET_SEGMENT, '[secret]'),
          remoteAddress: req.ip,
        }),
      },
      // Lines go out asynchronously, batched while a write is in flight (issue 16: a synchronous write
      // per line was 2.7 % of the server's CPU under the write bench); pino flushes them at exit.
      stream: options.logStream ?? pino.destination({ dest: 1, sync: false }),
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('jobs', null);
  // Chains the audit events written after commit; first catches up with any left by a crash (issue 16).
  const auditSequencer = new AuditSequencer(database.db, {
    onError: (err) => app.log.error({ err }, 'audit sequencer error'),
  });
  await auditSequencer.start();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (
      config.maintenanceMode &&
      req.url.startsWith('/api/') &&
      !MAINTENANCE_EXEMPT.has(req.url.split('?')[0] ?? '')
    ) {
      throw new AppError('PRECONDITION', 'Trialbase is down for maintenance. Please come back soon.', {
        status: 503,
      });
    }
  });

  // Every /api route must declare who may call it; the docs plugin's own routes are public.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, permission: 'public' };
    if (!route.config?.permission)
      throw new Error(`Route ${route.method} ${route.url} declares no permission`);
  });

  await app.register(cookie);
  // The security headers of every response, from helmet built once: @fastify/helmet built helmet's
  // middleware again for each request, 2 % of the server's CPU under the write bench (issue 16).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
  // Before any route: the compression plugin hooks each route as it is added (issue 16 item 5).
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trialbase API',
        version: PRODUCT_VERSION,
        description:
          'Clinical-trial data capture. Errors are `{ type, id?, message, context? }` (spec 000 §8).',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tb_session' } } },
    },
    transform: jsonSchemaTransform,
    // Issue 28 item 2: the API key scheme and the examples of every data API call.
    transformObject: (document) =>
      'openapiObject' in document ? documentDataApi(document.openapiObject) : document.swaggerObject,
  });
  // The reference is for developers: off in production unless configured (issue 17 item 5).
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The reference page sets inline styles; scripts stay limited to its own files.
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  }

  registerErrorHandler(app, { exposeStack: config.env === 'development' });
  registerNoStoreForApi(app);
  // The guard (platform) gets the product functions it needs from here (issue 14 item 8).
  registerAuthGuard(app, { db: database.db, config, authenticateApiKey });

  const clock = options.clock ?? (() => new Date());
  const deps: ModuleDeps = { db: database.db, database, config, jobs: () => app.jobs, clock };
  const routes: RouteDefinition<never>[] = [
    ...(systemRoutes({ database, config }) as RouteDefinition<never>[]),
    ...(authRoutes({ db: database.db, config }) as RouteDefinition<never>[]),
    ...(adminRoutes({ db: database.db }) as RouteDefinition<never>[]),
    ...userRoutes(deps),
    ...studyRoutes(deps),
    ...siteRoutes(deps),
    ...accessRoutes(deps),
    ...integrationRoutes(deps),
    ...importRoutes(deps),
    // Forms sits below processes and enrollments: they answer its questions (issue 14 item 8).
    ...formRoutes(deps, {
      isFormUsedInAnyProcess,
      findProcessFormIds,
      findEnrollmentFormVersions,
      hasAeReports: hasAeReportsOfForm,
    }),
    ...ruleRoutes(deps),
    ...processRoutes(deps),
    ...enrollmentRoutes(deps),
    ...tokenRoutes(deps),
    ...subjectRoutes(deps),
    ...questionnaireRoutes(deps),
    // Queries sit below questionnaires (rule queries): the filled form is handed to them (issue 19).
    ...queryRoutes(deps, questionnairePortOf(config)),
    ...adverseEventRoutes(deps),
    ...medicationRoutes(deps),
    ...econsentRoutes(deps),
    ...fileRoutes(deps),
    ...customAeReportRoutes(deps),
    ...storageRoutes(deps),
    ...publicRoutes(deps),
    ...translationRoutes(deps),
    ...buildCheckRoutes(deps),
    ...dataViewRoutes(deps),
    ...amendmentRoutes(deps),
    ...exportRoutes(deps),
    ...casebookRoutes(deps),
    ...feedRoutes(deps),
    ...dataApiRoutes(deps),
    ...randomizationRoutes(deps),
    ...webhookRoutes(deps),
    ...fileVaultRoutes(deps),
    ...externalDataRoutes(deps),
  ];
  // Issue 28 item 2: every call of an API key counts against the key's budget.
  registerApiKeyCallLimit(app, deps);
  registerRoutes(app, routes, deps);
  if (config.apiDocs) {
    app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  }

  await registerWebApp(app, config.webDist);

  const transports = config.smtpUrl ? { EMAIL: smtpTransport(config.smtpUrl, config.mailFrom) } : {};
  // Issue 28 item 1: webhook messages are written from audit events in the use case's transaction.
  registerAuditTap(
    database.db,
    'webhooks',
    webhookAuditTap(database.db, () => app.jobs?.kick(WEBHOOK_QUEUE)),
  );
  const webhookJob = webhookDeliveryJob(database.db, {
    now: clock,
    allowPrivate: config.webhooksAllowPrivate ?? false,
    publicUrl: config.publicUrl ?? '',
    kickSelf: () => app.jobs?.kick(WEBHOOK_QUEUE),
    kickOutbox: () => app.jobs?.kick(OUTBOX_QUEUE),
  });
  app.addHook('onReady', async () => {
    app.jobs = await startJobs(
      database,
      {
        [OUTBOX_QUEUE]: async () => void (await dispatchOutbox(database.db, transports)),
        // Send-outs, reminders, activation and expiry (issue 6); the outbox then delivers.
        [SCHEDULE_QUEUE]: async () => {
          const result = await runDueSchedule(database.db, clock(), scheduleEnvOf(config));
          if (result.messages > 0) await app.jobs?.send(OUTBOX_QUEUE);
        },
        // The serious-event clock (issue 20 item 5): reminders before the deadline and overdue notices.
        [AE_CLOCK_QUEUE]: async () => {
          const messages = await runAeClockSweep(database.db, clock(), config.publicUrl ?? '');
          if (messages > 0) await app.jobs?.send(OUTBOX_QUEUE);
        },
        // Each day the head of every audit chain leaves the database (issue 17 item 5).
        [AUDIT_HEAD_QUEUE]: async () => {
          const heads = await publishAuditHeads(database.db, {
            now: clock(),
            logFile: config.auditLogFile,
            email: config.auditHeadEmail,
          });
          app.log.info({ chains: heads.length, logFile: config.auditLogFile }, 'audit chain heads published');
          if (config.auditHeadEmail) await app.jobs?.send(OUTBOX_QUEUE);
        },
        // Issue 26: exports run here, one after another; zips past their keeping time are removed.
        [EXPORT_QUEUE]: async () => {
          await runExportSweep(database.db, { now: clock, retentionDays: config.exportRetentionDays });
        },
        // Issue 27 item 4: large casebooks are printed here, one after another; old PDFs are dropped.
        [CASEBOOK_QUEUE]: async () => void (await runCasebookSweep(database.db, { now: clock })),
        // Issue 23 item 1: scheduled amendment finishes, each run once (also after a restart).
        [AMENDMENT_QUEUE]: async () => void (await runDueAmendments(database.db, clock())),
        // Issue 28 item 1: webhook deliveries, retries by the backoff schedule.
        [WEBHOOK_QUEUE]: webhookJob.handler,
        // PGlite has no autovacuum: statistics and dead rows are kept up here; on both engines,
        // bulk writes have the tables they grew analysed at once (platform/db/upkeep.ts).
        [DB_UPKEEP_QUEUE]: async () => {
          const done = await runDatabaseUpkeep(database);
          if (done.analyzed.length + done.vacuumed.length > 0) app.log.debug(done, 'database upkeep');
        },
        // Issue 16: the data views' tallies fold in the filled forms written since, even unviewed.
        [ANSWER_TALLY_QUEUE]: async () => void (await foldAllAnswerTallies(database.db)),
        // Issue 19 item 4: the daily query digest for users who chose it.
        [QUERY_DIGEST_QUEUE]: async () => {
          const sent = await sendQueryDigests(database.db, clock(), scheduleEnvOf(config));
          if (sent > 0) await app.jobs?.send(OUTBOX_QUEUE);
        },
      },
      {
        workers: config.jobs,
        onError: (err) => app.log.error({ err }, 'job error'),
        schedules: {
          [SCHEDULE_QUEUE]: SCHEDULE_CRON,
          [AUDIT_HEAD_QUEUE]: AUDIT_HEAD_CRON,
          [QUERY_DIGEST_QUEUE]: QUERY_DIGEST_CRON,
          [AE_CLOCK_QUEUE]: AE_CLOCK_CRON,
          [AMENDMENT_QUEUE]: AMENDMENT_CRON,
          // Hourly: expired exports are removed even when nobody asks for a new one.
          [EXPORT_QUEUE]: '17 * * * *',
          [WEBHOOK_QUEUE]: WEBHOOK_CRON,
          [ANSWER_TALLY_QUEUE]: ANSWER_TALLY_CRON,
          ...(database.engine === 'pglite' ? { [DB_UPKEEP_QUEUE]: DB_UPKEEP_CRON } : {}),
        },
      },
    );
    // Anything queued or due before a restart is picked up now.
    if (config.jobs) {
      await app.jobs.send(OUTBOX_QUEUE);
      await app.jobs.send(SCHEDULE_QUEUE);
      await app.jobs.send(AE_CLOCK_QUEUE);
      await app.jobs.send(AMENDMENT_QUEUE);
      await app.jobs.send(EXPORT_QUEUE);
      await app.jobs.send(CASEBOOK_QUEUE);
      await app.jobs.send(WEBHOOK_QUEUE);
      if (database.engine === 'pglite') await app.jobs.send(DB_UPKEEP_QUEUE);
    }
  });
  app.addHook('onClose', async () => {
    webhookJob.stop();
    await app.jobs?.stop();
    await auditSequencer.stop();
    await database.close();
  });
  return app;
}
