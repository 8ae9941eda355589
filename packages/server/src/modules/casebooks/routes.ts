/**
 * Casebooks (issue 27 item 4): print a subject's casebook (at once when small, else on the durable
 * queue), the caller's casebooks of a subject, one casebook's status, its download (its requester
 * only, audited), and a blank form as a PDF. Printing needs PATIENT_VIEW at the subject's site on the
 * route and every permission that shows a part of the record there in the service (docs/ROLES.md);
 * status and download check PATIENT_VIEW at the casebook's site once its requester is known.
 */
import { type AccessUser, casebookEndpoints, casebookFileName, casebookLanguages } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/guard';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { assertAtSites, type SiteScope, siteOfEntity } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { readDocument } from '../forms/documents';
import { presentCasebookJob } from './presenters';
import {
  type CasebookJobInfo,
  findBlankFormRow,
  findCasebookJob,
  findCasebookStudy,
  findCasebookSubject,
  listCasebookJobs,
  readCasebookPdf,
} from './repo';
import { CASEBOOK_QUEUE, printCasebookNow, startCasebook } from './service/run-casebook';
import { writeBlankForm } from './service/write-blank-form';

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw forbidden();
  return req.access;
}

/** Who asked: the staff user or the API key (a casebook is its requester's alone). */
function requesterOf(req: FastifyRequest): string {
  const actor = actorOf(req);
  return `${actor.type}:${actor.id ?? ''}`;
}

/** `/patient/{id}/casebooks`: the site of the subject the URL names (404 when the study has none). */
const subjectSite: SiteScope = siteOfEntity('subject', 'id', async (db, studyId, id) => {
  const subject = await findCasebookSubject(db, studyId, id);
  if (!subject) throw notFound('The subject');
  return subject.siteId;
});

export function casebookRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;

  /**
   * The caller's own casebook; another's is not found (never 403: its existence is not told). The
   * caller must still see the subject's site (a casebook outlives a change of access: 403 then).
   */
  async function ownCasebook(req: FastifyRequest, params: { studyId: string; casebookId: string }) {
    const row = await findCasebookJob(db, params.studyId, params.casebookId);
    if (!row || row.requestedBy !== requesterOf(req)) throw notFound('The casebook');
    assertAtSites(accessOf(req), 'PATIENT_VIEW', params.studyId, [row.siteId]);
    return row;
  }

  return [
    defineRoute({
      endpoint: casebookEndpoints.start,
      permission: inStudy('PATIENT_VIEW', { site: subjectSite }),
      handler: async (req, reply) => {
        const { job, inline } = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            startCasebook(ctx, {
              studyId: req.params.studyId,
              subjectId: req.params.id,
              language: req.body.language,
              access: accessOf(req),
              requestedBy: requesterOf(req),
            }),
          clock(),
        );
        let row: CasebookJobInfo = job;
        if (inline) {
          row = await printCasebookNow(db, job, clock);
        } else {
          deps.jobs()?.kick(CASEBOOK_QUEUE);
        }
        return reply.code(row.status === 'QUEUED' ? 202 : 201).send(presentCasebookJob(row, clock()));
      },
    }),
    defineRoute({
      endpoint: casebookEndpoints.list,
      permission: inStudy('PATIENT_VIEW', { site: subjectSite }),
      handler: async (req) => {
        const rows = await listCasebookJobs(db, req.params.studyId, req.params.id, requesterOf(req));
        const now = clock();
        return { items: rows.map((row) => presentCasebookJob(row, now)) };
      },
    }),
    defineRoute({
      endpoint: casebookEndpoints.get,
      permission: inStudy('PATIENT_VIEW'),
      handler: async (req) => presentCasebookJob(await ownCasebook(req, req.params), clock()),
    }),
    defineRoute({
      endpoint: casebookEndpoints.download,
      permission: inStudy('PATIENT_VIEW'),
      handler: async (req, reply) => {
        const row = await ownCasebook(req, req.params);
        const now = clock();
        if (row.status !== 'COMPLETED') {
          throw new AppError('CONFLICT', 'The casebook is not ready.', { status: 409 });
        }
        const pdf = row.fileSize === null ? null : await readCasebookPdf(db, row.studyId, row.id);
        if (!pdf || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) {
          throw new AppError('NOT_FOUND', 'The casebook is no longer kept.', { status: 410 });
        }
        await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            ctx.audit({
              action: 'CASEBOOK_DOWNLOADED',
              entityType: 'CASEBOOK',
              entityId: row.id,
              studyId: row.studyId,
              before: null,
              after: { subjectId: row.subjectId, language: row.language, size: pdf.length },
            }),
          now,
        );
        return reply
          .type('application/pdf')
          .header('content-length', String(pdf.length))
          .header('content-disposition', `attachment; filename="${row.fileName ?? `casebook-${row.id}.pdf`}"`)
          .send(pdf);
      },
    }),
    defineRoute({
      endpoint: casebookEndpoints.blankForm,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      handler: async (req, reply) => {
        const study = await findCasebookStudy(db, req.params.studyId);
        if (!study) throw notFound('The study');
        const form = await findBlankFormRow(db, req.params.studyId, req.params.formId);
        if (!form) throw notFound('The form');
        const language = (req.query.language ?? study.primaryLanguage).toLowerCase();
        if (!casebookLanguages(study).includes(language)) {
          throw validationError([{ path: ['language'], message: 'Choose one of the study languages.' }]);
        }
        const document = readDocument({ ...form.document, id: form.id });
        const { bytes } = await writeBlankForm(document, {
          ctx: {
            language,
            primaryLanguage: study.primaryLanguage,
            dateFormat: study.dateFormat,
            dateTimeFormat: study.dateTimeFormat,
            timeZone: study.timeZone,
          },
          studyName: study.name,
          formName: form.name,
          now: clock(),
        });
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${casebookFileName('blank-form', form.name, language)}"`,
          )
          .send(Buffer.from(bytes));
      },
    }),
  ] as RouteDefinition<never>[];
}
