/**
 * What the study-build check reads (issue 23 item 3), in one statement: the study's languages and
 * participant settings, and the live form drafts, processes, validation rules and show rules as JSON
 * arrays. Rows that do not parse as their domain document are skipped (the authoring checks report them).
 */
import {
  type BuildCheckInput,
  type FormTemplate,
  FormTemplateSchema,
  type Process,
  ProcessSchema,
  type ShowRuleInput,
  ShowRuleInputSchema,
  type ValidationRule,
  ValidationRuleSchema,
} from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';

type Doc = { id: string; document: Record<string, unknown> };
type RuleDoc = Doc & { process_id: string | null; data_event_id: string | null; form_id: string };
type Row = {
  primary_language: string;
  languages: string[];
  settings: Record<string, unknown> | null;
  forms: Doc[];
  processes: Doc[];
  validation_rules: RuleDoc[];
  show_rules: RuleDoc[];
};

function parsed<T>(docs: readonly Doc[], parse: (doc: Doc) => T | null): T[] {
  return docs.flatMap((doc) => {
    const value = parse(doc);
    return value === null ? [] : [value];
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The build check's input for a live study, or null when there is no such study. */
export async function loadBuildCheckInput(db: Executor, studyId: string): Promise<BuildCheckInput | null> {
  const result = await db.execute(sql`
    select s.primary_language, s.languages, s.settings,
      (select coalesce(json_agg(json_build_object('id', f.id, 'document', f.document) order by f.created_at, f.id), '[]'::json)
         from form_template f where f.study_id = s.id and f.deleted_at is null) as forms,
      (select coalesce(json_agg(json_build_object('id', p.id, 'document', p.document) order by p.created_at, p.id), '[]'::json)
         from process p where p.study_id = s.id and p.deleted_at is null) as processes,
      (select coalesce(json_agg(json_build_object('id', v.id, 'document', v.document) order by v.created_at, v.id), '[]'::json)
         from validation_rule v where v.study_id = s.id) as validation_rules,
      (select coalesce(json_agg(json_build_object('id', r.id, 'document', r.document, 'process_id', r.process_id,
                'data_event_id', r.data_event_id, 'form_id', r.form_id) order by r.created_at, r.id), '[]'::json)
         from show_rule r where r.study_id = s.id) as show_rules
    from study s where s.id = ${studyId} and s.deleted_at is null`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  const settings = row.settings ?? {};
  const forms: FormTemplate[] = parsed(row.forms, (d) => {
    const r = FormTemplateSchema.safeParse({ ...d.document, id: d.id });
    return r.success ? r.data : null;
  });
  const processes: Process[] = parsed(row.processes, (d) => {
    const r = ProcessSchema.safeParse({ ...d.document, id: d.id });
    return r.success ? r.data : null;
  });
  const validationRules: (ValidationRule & { id: string })[] = parsed(row.validation_rules, (d) => {
    const r = ValidationRuleSchema.safeParse({ ...d.document, id: d.id });
    return r.success ? { ...r.data, id: d.id } : null;
  });
  const showRules: (ShowRuleInput & { id: string })[] = parsed(row.show_rules, (d) => {
    const doc = d as RuleDoc;
    const r = ShowRuleInputSchema.safeParse({
      ...doc.document,
      processId: doc.process_id,
      dataEventId: doc.data_event_id,
      formId: doc.form_id,
    });
    return r.success ? { ...r.data, id: doc.id } : null;
  });
  return {
    study: { primaryLanguage: row.primary_language, languages: row.languages },
    participantSettings: {
      subjectRequiredFields: stringList(settings.subjectRequiredFields),
      publicSignUpRequiredFields: stringList(settings.publicSignUpRequiredFields),
    },
    forms,
    processes,
    validationRules,
    showRules,
  };
}
