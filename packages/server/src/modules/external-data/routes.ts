import { EXTERNAL_DATA_MAX_CHARS, type ExternalDataRequest, externalDataEndpoints } from '@trialbase/domain';
import { checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import type { RateLimit } from '../../platform/http/rate-limit';
import { sitesOfInput } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { kickJobs } from '../enrollments/tokens/route-helpers';
import { scheduleEnvOf } from '../enrollments/tokens/service/send-link';
import { listExternalDataChoices } from './service/choices';
import { DELETE_IMPORT_MEANING, deleteExternalImport, sitesOfImport } from './service/delete-import';
import { ExternalDataRollback, importExternalData } from './service/import-external-data';
import { assertExternalDataModule } from './service/module';

/**
 * External data files per user and study: 20 in 10 minutes, dry runs included (a check and its
 * import are two), reserved before the file is read.
 */
export const EXTERNAL_DATA_LIMIT: RateLimit = {
  name: 'external-data-import',
  key: (req) => {
    const studyId = (req.params as { studyId?: string }).studyId ?? '';
    return req.auth ? `external-data:${studyId}:user:${req.auth.user.id}` : null;
  },
  policy: { maxFailures: 20, windowMinutes: 10, blockMinutes: 1 },
  counts: 'attempt',
};

/** The site the file is for (rows of subjects elsewhere are row errors). */
const requestSite = sitesOfInput('site', async (_db, req) => [(req.body as ExternalDataRequest).siteId]);
/** The sites of the import's events. */
const importSites = sitesOfInput('external data import', async (db, req) => {
  const { studyId, importId } = req.params as { studyId: string; importId: string };
  return sitesOfImport(db, studyId, importId);
});

/**
 * External data (issue 28 item 4, spec 001 §2 externalData, §4): the page's choices, the dry run
 * and the import of a CSV file, the deletion of an import. Importing answers and deleting imported
 * data need PATIENT_DELETE (spec 001 §6: accessToSubjectDelete also covers importing answers) at
 * the site; the imported dates are the enrollments module's getImportedDates.
 */
export function externalDataRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);
  // JSON escapes and multi-byte characters: the body may be a few times the text's length.
  const bodyLimit = EXTERNAL_DATA_MAX_CHARS * 3;
  const run = (
    req: { params: { studyId: string }; body: ExternalDataRequest; auth?: unknown },
    dryRun: boolean,
    actor: ReturnType<typeof actorOf>,
  ) =>
    runUseCase(
      db,
      actor,
      (ctx) =>
        importExternalData(
          ctx,
          { studyId: req.params.studyId, userId: actor.id ?? '', request: req.body, dryRun },
          env,
        ),
      clock(),
    );
  return [
    defineRoute({
      endpoint: externalDataEndpoints.choices,
      permission: inStudy('PATIENT_DELETE'),
      handler: async (req) => {
        await assertExternalDataModule(db, req.params.studyId);
        return listExternalDataChoices(db, req.params.studyId);
      },
    }),
    defineRoute({
      endpoint: externalDataEndpoints.preview,
      permission: inStudy('PATIENT_DELETE', { site: requestSite }),
      bodyLimit,
      rateLimit: [EXTERNAL_DATA_LIMIT],
      handler: async (req) => {
        await assertExternalDataModule(db, req.params.studyId);
        try {
          const result = await run(req, true, actorOf(req));
          throw new AppError('INTERNAL', `A dry run saved ${result.rowCount} rows.`);
        } catch (err) {
          if (err instanceof ExternalDataRollback) return err.preview;
          throw err;
        }
      },
    }),
    defineRoute({
      endpoint: externalDataEndpoints.import,
      permission: inStudy('PATIENT_DELETE', { site: requestSite }),
      bodyLimit,
      rateLimit: [EXTERNAL_DATA_LIMIT],
      handler: async (req, reply) => {
        await assertExternalDataModule(db, req.params.studyId);
        try {
          const result = await run(req, false, actorOf(req));
          await kickJobs(deps);
          return reply.code(201).send(result);
        } catch (err) {
          if (!(err instanceof ExternalDataRollback)) throw err;
          throw new AppError('VALIDATION', 'The file has errors; nothing was imported.', {
            context: {
              rowIssues: err.preview.issues,
              header: err.preview.header,
              rowCount: err.preview.rowCount,
            },
          });
        }
      },
    }),
    defineRoute({
      endpoint: externalDataEndpoints.deleteImport,
      permission: inStudy('PATIENT_DELETE', { site: importSites }),
      handler: async (req, reply) => {
        await assertExternalDataModule(db, req.params.studyId);
        const now = clock();
        const signature = await checkExtendedValidation(db, req, {
          required: true,
          meaning: DELETE_IMPORT_MEANING,
          now,
        });
        if (!signature) throw new AppError('INTERNAL', 'A required signature was not made.');
        await runUseCase(
          db,
          actorOf(req),
          (ctx) => deleteExternalImport(ctx, { ...req.params, reason: req.query.reason, signature }),
          now,
        );
        return reply.code(204).send(null);
      },
    }),
  ] as RouteDefinition<never>[];
}
