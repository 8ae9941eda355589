/**
 * Queries (spec 001 §7 Queries, §4 Query status; issue 19): raise, list of a form, respond
 * (Extended-Validation), close, reopen, a question's query count, the study's query list and its
 * CSV export. Each write is one use case with its audit event; emails leave through the outbox.
 */
import { Readable } from 'node:stream';
import { type AccessUser, queryEndpoints } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { siteOfEntity } from '../../platform/http/site-scope';
import { OUTBOX_QUEUE } from '../../platform/outbox/outbox';
import { runUseCase } from '../../platform/use-case';
import type { QuestionnairePort } from './port';
import { creatorNameOf, presentQuery } from './presenters';
import { findQuestionnaireSite, listFormQueries, questionnaireOfToken } from './repo';
import { closeQuery, createQuery, type QueryOutcome, reopenQuery, respondToQuery } from './service/actions';
import type { QueryActor } from './service/comment';
import { exportStudyQueries, listStudyQueries, questionQueryCount } from './service/list';
import type { NotifyEnv } from './service/notify';

/** Routes naming `:questionnaireId` act at the filled form's site (404 'The filled form'). */
const formSite = siteOfEntity('filled form', 'questionnaireId', async (db, studyId, id) => {
  const site = await findQuestionnaireSite(db, studyId, id);
  if (!site) throw notFound('The filled form');
  return site;
});

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw new Error('The guard did not load the access of a study route.');
  return req.access;
}

function queryActorOf(req: FastifyRequest): QueryActor {
  const user = req.auth?.user;
  return user ? { userId: user.id, name: `${user.firstName} ${user.lastName}`.trim() } : null;
}

function result(outcome: QueryOutcome & { questionHidden?: boolean }) {
  return {
    query: presentQuery(outcome.query, { createdByName: creatorNameOf(outcome.query) }),
    action: outcome.action,
    formStatus: outcome.formStatus,
    version: outcome.version,
    ...(outcome.questionHidden === undefined ? {} : { questionHidden: outcome.questionHidden }),
  };
}

export function queryRoutes(deps: ModuleDeps, port: QuestionnairePort): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env: NotifyEnv = {
    publicBaseUrl: (deps.config.publicUrl ?? `http://localhost:${deps.config.port}`).replace(/\/+$/, ''),
  };
  const kick = (outcome: { emails: number }) => {
    if (outcome.emails > 0) deps.jobs()?.kick(OUTBOX_QUEUE);
  };
  return [
    defineRoute({
      endpoint: queryEndpoints.create,
      permission: inStudy('QUERY_CREATE', { site: formSite }),
      handler: async (req, reply) => {
        const outcome = await runUseCase(
          db,
          actorOf(req),
          (ctx) => createQuery(ctx, port, env, { ...req.params, ...req.body, actor: queryActorOf(req) }),
          clock(),
        );
        kick(outcome);
        return reply.code(201).send(result(outcome));
      },
    }),
    defineRoute({
      endpoint: queryEndpoints.listOfForm,
      permission: inStudy('QUERY_VIEW', { site: formSite }),
      handler: async (req) => {
        if (!(await questionnaireOfToken(db, req.params))) throw notFound('The filled form');
        const rows = await listFormQueries(db, req.params.studyId, req.params.questionnaireId);
        return { items: rows.map((r) => presentQuery(r, { createdByName: creatorNameOf(r) })) };
      },
    }),
    defineRoute({
      endpoint: queryEndpoints.respond,
      permission: inStudy('QUERY_RESPOND', { site: formSite }),
      handler: async (req) => {
        // Spec 001 §6: responding to a query always needs the password, whatever the study's setting.
        const signature = await checkExtendedValidation(db, req, {
          required: true,
          meaning: 'Query response',
          now: clock(),
        });
        const outcome = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            respondToQuery(ctx, port, env, {
              ...req.params,
              text: req.body.text,
              answer: req.body.answer,
              version: req.body.version,
              actor: queryActorOf(req),
              signature,
            }),
          clock(),
        );
        // A changed answer may move the schedule too: the staff update's own jobs, else the emails.
        const queues = req.body.answer ? port.queuesAfterUpdate : outcome.emails > 0 ? [OUTBOX_QUEUE] : [];
        for (const queue of queues) deps.jobs()?.kick(queue);
        return result(outcome);
      },
    }),
    defineRoute({
      endpoint: queryEndpoints.close,
      permission: inStudy('QUERY_CLOSE', { site: formSite }),
      handler: async (req) => {
        const outcome = await runUseCase(
          db,
          actorOf(req),
          (ctx) => closeQuery(ctx, port, { ...req.params, text: req.body.text, actor: queryActorOf(req) }),
          clock(),
        );
        return result(outcome);
      },
    }),
    defineRoute({
      endpoint: queryEndpoints.reopen,
      permission: inStudy('QUERY_REOPEN', { site: formSite }),
      handler: async (req) => {
        const outcome = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            reopenQuery(ctx, port, env, { ...req.params, text: req.body.text, actor: queryActorOf(req) }),
          clock(),
        );
        kick(outcome);
        return result(outcome);
      },
    }),
    defineRoute({
      endpoint: queryEndpoints.questionCount,
      permission: inStudy('QUERY_VIEW'),
      handler: async (req) => questionQueryCount(db, { ...req.params, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: queryEndpoints.list,
      permission: inStudy('QUERY_VIEW'),
      handler: async (req) =>
        listStudyQueries(db, { studyId: req.params.studyId, request: req.body, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: queryEndpoints.exportCsv,
      permission: inStudy('QUERY_VIEW'),
      handler: async (req, reply) => {
        const stream = Readable.from(
          exportStudyQueries(db, {
            studyId: req.params.studyId,
            request: req.body,
            access: accessOf(req),
            language: req.auth?.user.language ?? null,
          }),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="queries-${req.params.studyId}.csv"`)
          .send(stream);
      },
    }),
  ] as RouteDefinition<never>[];
}
