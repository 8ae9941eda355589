import {
  type AuditActor,
  TRANSLATION_AREAS,
  type TranslationArea,
  type TranslationUnitEdit,
  translationEndpoints,
} from '@trialbase/domain';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { loadGroups } from './service/load';
import { getTranslationOverview, getTranslationResource, overviewRow, presentResource } from './service/read';
import { saveTranslations } from './service/save';
import { exportXliff, importXliff } from './service/xliff';
import { XLIFF_CONTENT_TYPE } from './xliff';

/**
 * Spec 001 §6: translation editing requires canEdit, which is the study permission
 * STUDY_TRANSLATIONS (docs/ROLES.md: the study administrator's). Reading needs it too: the
 * translation screens exist for those who translate.
 */
const canEdit = inStudy('STUDY_TRANSLATIONS');

/** Saves of a whole study language (a full form set, an XLIFF file) are larger than the 1 MiB default. */
const SAVE_BODY_LIMIT = 25_000_000;

/** Routes of study content translation (spec 001 §7 Translations; issue 18 items 4 and 5). */
export function translationRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;

  /** PUT of one area: the save, then the area as it now is, in the same transaction. */
  const saveArea = (
    area: TranslationArea,
    input: {
      studyId: string;
      language: string;
      units: TranslationUnitEdit[];
      questionnaireTemplateId?: string;
    },
    actor: AuditActor,
  ) =>
    runUseCase(
      db,
      actor,
      async (ctx) => {
        const { study } = await saveTranslations(ctx, {
          studyId: input.studyId,
          language: input.language,
          areas: [area],
          edits: input.units,
          via: 'EDITOR',
          questionnaireTemplateId: input.questionnaireTemplateId,
        });
        const groups = await loadGroups(ctx.tx, study, input.language, [area], {
          questionnaireTemplateId: input.questionnaireTemplateId,
        });
        return presentResource(study, area, input.language, groups);
      },
      clock(),
    );

  return [
    defineRoute({
      endpoint: translationEndpoints.overview,
      permission: canEdit,
      handler: async (req) => getTranslationOverview(db, { studyId: req.params.studyId, ...req.query }),
    }),
    defineRoute({
      endpoint: translationEndpoints.save,
      permission: canEdit,
      bodyLimit: SAVE_BODY_LIMIT,
      handler: async (req) =>
        runUseCase(
          db,
          actorOf(req),
          async (ctx) => {
            const { study, changed } = await saveTranslations(ctx, {
              studyId: req.params.studyId,
              language: req.body.language,
              areas: TRANSLATION_AREAS,
              edits: req.body.units,
              via: 'EDITOR',
            });
            const groups = await loadGroups(ctx.tx, study, req.body.language, TRANSLATION_AREAS);
            return { changed, row: overviewRow(study, req.body.language, groups) };
          },
          clock(),
        ),
    }),
    defineRoute({
      endpoint: translationEndpoints.getForms,
      permission: canEdit,
      handler: async (req) => getTranslationResource(db, { ...req.params, area: 'FORMS' }),
    }),
    defineRoute({
      endpoint: translationEndpoints.saveForms,
      permission: canEdit,
      bodyLimit: SAVE_BODY_LIMIT,
      handler: async (req) => saveArea('FORMS', { ...req.params, units: req.body.units }, actorOf(req)),
    }),
    defineRoute({
      endpoint: translationEndpoints.getPathways,
      permission: canEdit,
      handler: async (req) => getTranslationResource(db, { ...req.params, ...req.query, area: 'PATHWAYS' }),
    }),
    defineRoute({
      endpoint: translationEndpoints.savePathways,
      permission: canEdit,
      bodyLimit: SAVE_BODY_LIMIT,
      handler: async (req) =>
        saveArea('PATHWAYS', { ...req.params, ...req.query, units: req.body.units }, actorOf(req)),
    }),
    defineRoute({
      endpoint: translationEndpoints.getRules,
      permission: canEdit,
      handler: async (req) => getTranslationResource(db, { ...req.params, area: 'RULES' }),
    }),
    defineRoute({
      endpoint: translationEndpoints.saveRules,
      permission: canEdit,
      bodyLimit: SAVE_BODY_LIMIT,
      handler: async (req) => saveArea('RULES', { ...req.params, units: req.body.units }, actorOf(req)),
    }),
    defineRoute({
      endpoint: translationEndpoints.exportXliff,
      permission: canEdit,
      handler: async (req, reply) => {
        const { fileName, xliff } = await exportXliff(db, req.params);
        return reply
          .header('content-type', XLIFF_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
          .header('x-content-type-options', 'nosniff')
          .send(xliff);
      },
    }),
    defineRoute({
      endpoint: translationEndpoints.importXliff,
      permission: canEdit,
      bodyLimit: SAVE_BODY_LIMIT,
      handler: async (req) =>
        runUseCase(
          db,
          actorOf(req),
          (ctx) => importXliff(ctx, { ...req.params, xliff: req.body.xliff }),
          clock(),
        ),
    }),
  ] as RouteDefinition<never>[];
}
