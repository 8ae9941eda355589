/**
 * What the cascading selects of the data filter forms offer (spec 001 §2 "selects cascade: site,
 * data event, questionnaire template, question, possibility"; issue 25): the caller's sites for the
 * tab, the live processes with their data events and forms, the live forms with their questions.
 */
import {
  type AccessUser,
  type DataFilterOptions,
  type FilterForm,
  type FilterQuestion,
  isChoiceQuestionType,
  type LocalizedText,
  type Permission,
  type QuestionType,
} from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { readView, rowsOf, siteCondition, visibleSites } from './scope';

type DocEvent = {
  id?: string;
  name?: LocalizedText;
  type?: string;
  forms?: string[];
  optionalForms?: string[];
};
type DocQuestion = {
  id?: string;
  order?: number;
  type?: string;
  question?: LocalizedText;
  possibilities?: { id?: string; possibility?: LocalizedText; order?: number }[];
};

/** The questions of a form document, in order, with the possibilities of choice questions. */
export function questionsOfDocument(document: Record<string, unknown>): FilterQuestion[] {
  const questions = (Array.isArray(document.questions) ? document.questions : []) as DocQuestion[];
  return questions
    .filter((q): q is DocQuestion & { id: string; type: QuestionType } => !!q.id && !!q.type)
    .map((q, i) => ({
      id: q.id,
      order: q.order ?? i + 1,
      text: q.question ?? {},
      type: q.type,
      possibilities: isChoiceQuestionType(q.type)
        ? [...(q.possibilities ?? [])]
            .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
            .filter((p): p is typeof p & { id: string } => !!p.id)
            .map((p) => ({ id: p.id, text: p.possibility ?? {} }))
        : [],
    }))
    .sort((a, b) => a.order - b.order);
}

/** The data events of a process document, each with its mandatory then optional forms. */
export function dataEventsOfDocument(document: Record<string, unknown>) {
  const events = (Array.isArray(document.dataEvents) ? document.dataEvents : []) as DocEvent[];
  return events
    .filter((e): e is DocEvent & { id: string } => !!e.id)
    .map((e) => ({
      id: e.id,
      name: e.name ?? {},
      type: e.type ?? '',
      formIds: [...(e.forms ?? []), ...(e.optionalForms ?? [])],
    }));
}

/** The live processes of a study with their data events, in name order. */
export async function listLiveProcesses(db: Executor, studyId: string) {
  const rows = rowsOf<{ id: string; name: string; document: Record<string, unknown> }>(
    await db.execute(sql`select id, name, document from process
      where study_id = ${studyId} and deleted_at is null order by lower(name), id`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, dataEvents: dataEventsOfDocument(r.document) }));
}

/** The live forms of a study with their questions, in name order. */
export async function listLiveForms(db: Executor, studyId: string, formId?: string): Promise<FilterForm[]> {
  const rows = rowsOf<{ id: string; name: string; document: Record<string, unknown> }>(
    await db.execute(sql`select id, name, document from form_template
      where study_id = ${studyId} and deleted_at is null ${formId ? sql`and id = ${formId}` : sql``}
      order by lower(name), id`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, questions: questionsOfDocument(r.document) }));
}

/** GET /studies/{studyId}/data/{tab}/options (001 §2 filter forms), for the tab's permission. */
export async function viewFilterOptions(
  db: Executor,
  input: { studyId: string; access: AccessUser; permission: Permission },
): Promise<DataFilterOptions> {
  const { studyId } = input;
  const sites = visibleSites(input.access, input.permission, studyId);
  return readView(db, async (tx) => {
    const siteRows = rowsOf<{ id: string; name: string; site_number: number }>(
      await tx.execute(sql`select id, name, site_number from site
        where study_id = ${studyId} and ${siteCondition(sql`id`, sites)} order by site_number, id`),
    );
    const hasSites =
      rowsOf<{ has: boolean }>(
        await tx.execute(sql`select exists (select 1 from site where study_id = ${studyId}) as has`),
      )[0]?.has === true;
    const processes = await listLiveProcesses(tx, studyId);
    const forms = await listLiveForms(tx, studyId);
    return {
      hasSites,
      hasProcesses: processes.length > 0,
      sites: siteRows.map((s) => ({ id: s.id, name: s.name, siteNumber: s.site_number })),
      processes,
      forms,
    };
  });
}
