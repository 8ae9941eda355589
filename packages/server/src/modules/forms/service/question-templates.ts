/** Question templates: saved single questions of a study, kept in the study's settings (spec 001 §7). */
import {
  FormTemplateSchema,
  prefixIssues,
  type QuestionTemplate,
  type QuestionTemplateInput,
  QuestionTemplateSchema,
  validateQuestion,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { QUESTION_TEMPLATES_KEY, saveQuestionTemplates } from '../repo';
import { sanitizeFormDocument } from '../sanitize';
import { assertFormsEditable, type FormStudy, requireFormStudy } from './guards';

function storedTemplates(study: FormStudy): QuestionTemplate[] {
  const raw = study.settings[QUESTION_TEMPLATES_KEY];
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t) => {
    const parsed = QuestionTemplateSchema.safeParse(t);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Spec 001 §7 GET questiontemplate: the study's saved questions. */
export async function listQuestionTemplates(
  db: Executor,
  input: { studyId: string },
): Promise<QuestionTemplate[]> {
  return storedTemplates(await requireFormStudy(db, input.studyId));
}

/** Spec 001 §7 POST questiontemplate: saves a valid question (authoring limits of §5) as a template. */
export async function createQuestionTemplate(
  ctx: UseCaseContext,
  input: { studyId: string; template: QuestionTemplateInput },
): Promise<QuestionTemplate> {
  const study = await requireFormStudy(ctx.tx, input.studyId);
  assertFormsEditable(study);
  const question = { ...input.template.question, order: 1 };
  const form = sanitizeFormDocument(
    FormTemplateSchema.parse({
      id: 'template',
      title: { en: 'Template' },
      type: 'TYPE_FORM',
      questions: [question],
    }),
  );
  const sanitized = form.questions[0] ?? question;
  const issues = prefixIssues(['question'], validateQuestion(form, sanitized));
  if (issues.length > 0) throw validationError(issues);
  const template: QuestionTemplate = {
    id: newId(ctx.now),
    name: input.template.name,
    question: sanitized,
    createdAt: ctx.now.toISOString(),
  };
  await saveQuestionTemplates(ctx.tx, study.id, [...storedTemplates(study), template]);
  await ctx.audit({
    action: 'QUESTION_TEMPLATE_CREATED',
    entityType: 'QUESTION_TEMPLATE',
    entityId: template.id,
    studyId: study.id,
    after: template,
  });
  return template;
}
