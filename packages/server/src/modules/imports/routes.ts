import { IMPORT_MAX_CHARS, type ImportSource, importEndpoints } from '@trialbase/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { getFormQuestionnaire } from './service/fhir-export';
import { DryRunRollback, importForms } from './service/import-forms';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** Form imports and the FHIR export (issue 27 items 1–3, 5). */
export function importRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  const importHandler =
    (source: ImportSource) =>
    async (req: FastifyRequest<{ Params: { studyId: string }; Body: never }>, reply: FastifyReply) => {
      const request = req.body as Parameters<typeof importForms>[1]['request'];
      try {
        const result = await runUseCase(db, { type: 'USER', id: req.auth?.user.id ?? null }, (ctx) =>
          importForms(ctx, { studyId: req.params.studyId, source, request }),
        );
        return reply.code(201).send(result);
      } catch (err) {
        if (err instanceof DryRunRollback) return reply.code(200).send(err.result);
        throw err;
      }
    };
  // JSON escapes and multi-byte characters: the body may be a few times the text's length.
  const bodyLimit = IMPORT_MAX_CHARS * 3;
  return [
    defineRoute({
      endpoint: importEndpoints.redcap,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      bodyLimit,
      handler: importHandler('REDCAP'),
    }),
    defineRoute({
      endpoint: importEndpoints.fhir,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      bodyLimit,
      handler: importHandler('FHIR'),
    }),
    defineRoute({
      endpoint: importEndpoints.odm,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      bodyLimit,
      handler: importHandler('ODM'),
    }),
    defineRoute({
      endpoint: importEndpoints.fhirQuestionnaire,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      handler: async (req, reply) => {
        const questionnaire = await getFormQuestionnaire(db, { ...req.params, language: req.query.language });
        return reply
          .header('content-type', FHIR_JSON)
          .header('content-disposition', `attachment; filename="questionnaire-${req.params.formId}.json"`)
          .send(JSON.stringify(questionnaire, null, 2));
      },
    }),
  ] as RouteDefinition<never>[];
}
