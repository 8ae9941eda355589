/**
 * What filling a token reads (spec 001 §7 Filled forms): the study, the enrollment, the token, its data
 * event and the event's forms at the versions the enrollment is tagged with.
 */
import {
  type DataEvent,
  type FormShowRule,
  type FormTemplateDocument,
  type FormVersion,
  type Process,
  type StudyVerificationType,
  type UnscheduledDataEventType,
  unscheduledDataEventOf,
  unscheduledTypeOfToken,
  type ValidationRule,
  ValidationRuleSchema,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { findEnrollment, findEnrollmentProcess, findSubject } from '../../enrollments/api';
import { findToken, type TokenRow } from '../../enrollments/tokens/api';
import { readDocument } from '../../forms/documents';
import {
  findFormRow,
  findFormVersionRow,
  findStudyRow,
  listFormShowRuleRows,
  listFormValidationRuleRows,
} from '../repo';

export type StudyInfo = NonNullable<Awaited<ReturnType<typeof findStudyRow>>>;

export type LoadedForm = {
  formId: string;
  isOptional: boolean;
  isRemoved: boolean;
  form: FormTemplateDocument;
  taggedVersion: FormVersion;
  currentVersion: FormVersion;
};

export type FillContext = {
  study: StudyInfo;
  enrollment: NonNullable<Awaited<ReturnType<typeof findEnrollment>>>;
  patientId: string;
  token: TokenRow;
  process: Process;
  event: DataEvent;
  /** The unscheduled event type when the token is an unscheduled event's (spec 001 §3), else null. */
  unscheduledType: UnscheduledDataEventType | null;
  forms: LoadedForm[];
};

/**
 * Which tokens a call serves: the plain filled-form writes serve scheduled events, the
 * `.../unscheduled` variants unscheduled ones (spec 001 §7); reads and drafts serve both.
 */
export type EventKind = 'SCHEDULED' | 'UNSCHEDULED' | 'ANY';

/** Refuses a token of the other kind with a 409 naming the call to use instead. */
export function assertEventKind(fill: FillContext, kind: EventKind): void {
  if (kind === 'ANY') return;
  const isUnscheduled = fill.unscheduledType !== null;
  if (kind === 'SCHEDULED' && isUnscheduled) {
    throw new AppError(
      'PRECONDITION',
      'This token is an unscheduled event: use the .../questionnaires/unscheduled calls.',
      { context: { reason: 'UNSCHEDULED_EVENT', type: fill.unscheduledType } },
    );
  }
  if (kind === 'UNSCHEDULED' && !isUnscheduled) {
    throw new AppError(
      'PRECONDITION',
      'This token is a scheduled data event, not an unscheduled one: use the .../questionnaires calls.',
      { context: { reason: 'NOT_UNSCHEDULED_EVENT' } },
    );
  }
}

export async function requireStudy(db: Executor, studyId: string): Promise<StudyInfo> {
  const study = await findStudyRow(db, studyId);
  if (!study) throw notFound('The study');
  return study;
}

/** The study's verification types: [primary, secondary], NONE when unset (studies presenter's reading). */
export function verificationTypesOf(study: StudyInfo): {
  primary: StudyVerificationType;
  secondary: StudyVerificationType;
} {
  const [primary = 'NONE', secondary = 'NONE'] = study.verificationTypes;
  return { primary: primary as StudyVerificationType, secondary: secondary as StudyVerificationType };
}

/**
 * One form of the event at its tagged version; the current draft when that version was never published.
 * The staff fill, the participant's getProcess and every submit read forms through this one rule.
 */
export async function loadForm(
  db: Executor,
  studyId: string,
  formId: string,
  tag: FormVersion | undefined,
  isOptional: boolean,
): Promise<LoadedForm | null> {
  const row = await findFormRow(db, studyId, formId);
  if (!row) return null;
  const currentVersion = { major: row.versionMajor, minor: row.versionMinor };
  const taggedVersion = tag ?? currentVersion;
  const version = await findFormVersionRow(db, studyId, formId, taggedVersion);
  const document = readDocument({ ...(version?.document ?? row.document), id: formId });
  return {
    formId,
    isOptional,
    isRemoved: row.deletedAt !== null,
    form: { ...document, version: taggedVersion },
    taggedVersion,
    currentVersion,
  };
}

/**
 * Loads a token of an enrollment with its event and forms (404 when any of them is unknown or elsewhere).
 * An unscheduled token's event is the process's selection for its type (domain `unscheduledDataEventOf`).
 */
export async function loadFillContext(
  db: Executor,
  input: { studyId: string; enrollmentId: string; tokenId: string },
): Promise<FillContext> {
  const study = await requireStudy(db, input.studyId);
  const enrollment = await findEnrollment(db, input.studyId, input.enrollmentId);
  if (!enrollment) throw notFound('The enrollment');
  const token = await findToken(db, input.studyId, input.tokenId);
  if (!token || token.enrollmentId !== enrollment.id) throw notFound('The token');
  const process = await findEnrollmentProcess(db, input.studyId, enrollment.processId);
  const scheduled = process?.dataEvents.find((e) => e.id === token.dataEventId);
  const event = scheduled ?? (process ? unscheduledDataEventOf(process, token) : null);
  if (!process || !event) throw notFound('The data event');
  const unscheduledType = scheduled ? null : unscheduledTypeOfToken(token.type);
  const subject = await findSubject(db, input.studyId, enrollment.subjectId);
  const tags = enrollment.formVersions as Record<string, FormVersion>;
  const wanted = [
    ...event.forms.map((id) => ({ id, isOptional: false })),
    ...event.optionalForms.filter((id) => !event.forms.includes(id)).map((id) => ({ id, isOptional: true })),
  ];
  const forms: LoadedForm[] = [];
  for (const w of wanted) {
    const loaded = await loadForm(db, input.studyId, w.id, tags[w.id], w.isOptional);
    if (loaded) forms.push(loaded);
  }
  return {
    study,
    enrollment,
    patientId: subject?.patientId ?? '',
    token,
    process,
    event,
    unscheduledType,
    forms,
  };
}

/** The study's validation rules on a form that apply in this data event (spec 001 §3 Validation rule). */
export async function loadFormValidationRules(
  db: Executor,
  studyId: string,
  formId: string,
  dataEventId: string,
): Promise<ValidationRule[]> {
  const rows = await listFormValidationRuleRows(db, studyId, formId);
  return rows.flatMap((row) => {
    const parsed = ValidationRuleSchema.safeParse({ ...row.document, id: row.id });
    if (!parsed.success) return [];
    const event = parsed.data.leftOperant.dataEvent;
    return event && event !== dataEventId ? [] : [parsed.data];
  });
}

/** Reference show rules on a form that apply in this process and data event (spec 001 §2 reference rules). */
export async function loadFormShowRules(
  db: Executor,
  studyId: string,
  formId: string,
  scope: { processId: string; dataEventId: string },
): Promise<FormShowRule[]> {
  const rows = await listFormShowRuleRows(db, studyId, formId);
  return rows.flatMap((row) => {
    if (row.processId && row.processId !== scope.processId) return [];
    if (row.dataEventId && row.dataEventId !== scope.dataEventId) return [];
    const doc = row.document as Partial<FormShowRule>;
    if (!doc.target || !doc.question || !Array.isArray(doc.possibilities)) return [];
    return [{ target: doc.target, question: doc.question, possibilities: doc.possibilities }];
  });
}
