/**
 * The externalData page's choices (spec 001 §2, issue 28 item 4): every process whose external
 * data event is switched on, that event's forms (current version) and their questions, marked
 * importable when a CSV column can fill them.
 */
import { type ExternalDataChoices, isExternalDataQuestion, unscheduledSelectionOf } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { findEnrollmentProcess, findStudyScheduleInfo } from '../../enrollments/api';
import { loadForms } from '../../questionnaires/service/context';
import { listProcessHeads } from '../repo';

/** Spec 001 §2 externalData: what can be imported in the study. */
export async function listExternalDataChoices(db: Executor, studyId: string): Promise<ExternalDataChoices> {
  const study = await findStudyScheduleInfo(db, studyId);
  if (!study) throw notFound('The study');
  const events: ExternalDataChoices['events'] = [];
  for (const head of await listProcessHeads(db, studyId)) {
    const process = await findEnrollmentProcess(db, studyId, head.id);
    const selection = process ? unscheduledSelectionOf(process, 'TYPE_EXTERNAL') : null;
    if (!selection) continue;
    const wanted = [...new Set([...selection.selectedQts, ...selection.selectedOptionalQts])].map((id) => ({
      id,
      isOptional: false,
    }));
    const forms = (await loadForms(db, studyId, wanted, {})).filter((f) => !f.isRemoved);
    events.push({
      processId: head.id,
      processName: head.name,
      dataEventId: selection.id,
      forms: forms.map((f) => ({
        formId: f.formId,
        title: f.form.title,
        questions: [...f.form.questions]
          .sort((a, b) => a.order - b.order)
          .filter((q) => q.type !== 'INFORMATION')
          .map((q) => ({
            id: q.id,
            type: q.type,
            question: q.question,
            required: q.required,
            isImportable: isExternalDataQuestion(q),
            possibilities: q.possibilities.map((p) => ({ id: p.id, possibility: p.possibility })),
          })),
      })),
    });
  }
  return { status: study.status, isProduction: study.status === 'PRODUCTION', events };
}
