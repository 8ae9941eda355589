import type { QuestionInput, StudyRole } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { newId } from '../../platform/ids';
import { formTemplates } from '../forms/tables';

/** Test helpers of the rules module (the shared factories have no form builder yet). */
export function rulesKit(get: () => TestApp) {
  const app = () => get().app;

  /** A user with a role in a study, logged in. */
  async function member(studyId: string, role: StudyRole) {
    const user = await buildUser(app());
    await grantAccess(app(), { studyId, user, role });
    return loginAs(app(), user.email, user.password);
  }

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: LoggedIn | null,
    payload?: object,
  ) {
    return app().inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  }

  function question(
    id: string,
    order: number,
    type: QuestionInput['type'],
    extra: Partial<QuestionInput> = {},
  ) {
    return { id, order, type, question: { en: `Question ${order}` }, ...extra };
  }

  /** A form draft written straight into form_template: a number, a yes/no, a date and a choice question. */
  async function buildForm(studyId: string, questions?: QuestionInput[]) {
    const now = new Date();
    const id = newId(now);
    const document = {
      id,
      title: { en: `Form ${id.slice(-6)}` },
      type: 'TYPE_FORM',
      questions: questions ?? [
        question('q-number', 1, 'NUMBER'),
        question('q-yesno', 2, 'YES_NO', {
          possibilities: [
            { id: 'p-yes', possibility: { en: 'Yes' } },
            { id: 'p-no', possibility: { en: 'No' } },
          ],
        }),
        question('q-date', 3, 'DATE'),
        question('q-text', 4, 'TEXT_SENTENCE'),
      ],
    };
    await app().database.db.insert(formTemplates).values({
      studyId,
      id,
      name: document.title.en,
      type: 'TYPE_FORM',
      document,
      createdBy: 'factory',
      createdAt: now,
      updatedAt: now,
    });
    return document;
  }

  /** Replaces a form draft's questions, as the builder's autosave would. */
  async function setQuestions(studyId: string, form: { id: string }, questions: QuestionInput[]) {
    const [row] = await app()
      .database.db.select()
      .from(formTemplates)
      .where(and(eq(formTemplates.studyId, studyId), eq(formTemplates.id, form.id)));
    await app()
      .database.db.update(formTemplates)
      .set({ document: { ...row?.document, questions } })
      .where(and(eq(formTemplates.studyId, studyId), eq(formTemplates.id, form.id)));
  }

  async function auditActions(studyId: string, entityType: string) {
    const rows = await app()
      .database.db.select({ action: auditEvents.action, entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.entityType, entityType)))
      .orderBy(auditEvents.ticket);
    return rows.map((r) => r.action);
  }

  async function studyWithForm(status?: string) {
    const study = await buildStudy(app(), status ? { status } : {});
    const form = await buildForm(study.id);
    return { study, form };
  }

  return { member, call, question, buildForm, setQuestions, auditActions, studyWithForm };
}

/** Paths of the issues of a 400 body. */
export function issuePaths(body: { context?: { issues?: { path: (string | number)[] }[] } }) {
  return (body.context?.issues ?? []).map((i) => i.path.join('.'));
}
