import { IMPORT_MAX_CHARS, type ImportSource, importEndpoints } from '@trialbase/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import type { RateLimit } from '../../platform/http/rate-limit';
import { siteOfEntity } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { getFormQuestionnaire } from './service/fhir-export';
import { getQuestionnaireResponse, siteOfFilledForm } from './service/fhir-response';
import { DryRunRollback, importForms } from './service/import-forms';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/**
 * Imports per user and study (issue 27): 30 in a 10-minute window, dry runs included (a preview and
 * its import are two), reserved before the file is read, so a concurrent burst gets exactly the
 * limit and the rest 429 RATE_LIMITED. A file of up to 2,000,000 characters is parsed per call.
 */
export const IMPORT_LIMIT: RateLimit = {
  name: 'form-import',
  key: (req) => {
    const studyId = (req.params as { studyId?: string }).studyId ?? '';
    return req.auth ? `form-import:${studyId}:user:${req.auth.user.id}` : null;
  },
  policy: { maxFailures: 30, windowMinutes: 10, blockMinutes: 1 },
  counts: 'attempt',
};

/** The filled form a FHIR response route names: the guard checks the permission at its site. */
const filledFormSite = siteOfEntity('filled form', 'questionnaireId', siteOfFilledForm);

/** Form imports and the FHIR exports of forms and filled forms (issue 27 items 1–3, 5). */
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
      rateLimit: [IMPORT_LIMIT],
      handler: importHandler('REDCAP'),
    }),
    defineRoute({
      endpoint: importEndpoints.fhir,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      bodyLimit,
      rateLimit: [IMPORT_LIMIT],
      handler: importHandler('FHIR'),
    }),
    defineRoute({
      endpoint: importEndpoints.odm,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      bodyLimit,
      rateLimit: [IMPORT_LIMIT],
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
    defineRoute({
      endpoint: importEndpoints.fhirQuestionnaireResponse,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: filledFormSite }),
      handler: async (req, reply) => {
        const response = await getQuestionnaireResponse(db, { ...req.params, language: req.query.language });
        return reply
          .header('content-type', FHIR_JSON)
          .header(
            'content-disposition',
            `attachment; filename="questionnaire-response-${req.params.questionnaireId}.json"`,
          )
          .send(JSON.stringify(response, null, 2));
      },
    }),
  ] as RouteDefinition<never>[];
}
