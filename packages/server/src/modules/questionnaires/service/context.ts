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
  tokenFormVersionOf,
  type UnscheduledDataEventType,
  unscheduledDataEventOf,
  unscheduledTypeOfToken,
  type ValidationRule,
  ValidationRuleSchema,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import type { EnrollmentRow, SubjectRow } from '../../enrollments/api';
import { findEnrollment } from '../../enrollments/api';
import { findToken, type TokenRow } from '../../enrollments/tokens/api';
import {
  cachedDraftForm,
  cachedPublishedForm,
  rememberDraftForm,
  rememberPublishedForm,
} from '../../forms/document-cache';
import { cachedProcess, type ProcessDocumentKey, rememberProcess } from '../../processes/document-cache';
import {
  type FillRead,
  type FillRows,
  findFillRows,
  findFillRowsWithToken,
  findProcessDocument,
  findStudyRow,
  findTokenWithQuestionnaires,
  listFormDraftDocuments,
  listFormVersionDocuments,
  type QuestionnaireRow,
} from '../repo';
import { readFormHeads, readFormRuleRows } from './design-cache';

export type StudyInfo = NonNullable<Awaited<ReturnType<typeof findStudyRow>>>;

export type LoadedForm = {
  formId: string;
  /** The form template's type (TYPE_FORM, TYPE_EQ_5D...). */
  type: string;
  isOptional: boolean;
  isRemoved: boolean;
  form: FormTemplateDocument;
  /**
   * The cached document `form` was made from (its version apart): one object per form version for
   * every request of the process, so work derived from it can be kept beside it. Never changed.
   */
  document: FormTemplateDocument;
  taggedVersion: FormVersion;
  currentVersion: FormVersion;
};

export type FillContext = {
  study: StudyInfo;
  /** The key of the study's design (form rows, rules) as read with the fill (design-cache.ts). */
  designKey: string;
  enrollment: EnrollmentRow;
  patientId: string;
  token: TokenRow;
  /** The token's answer sets, oldest first, as read under the enrollment's lock. */
  questionnaires: QuestionnaireRow[];
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

type WantedForm = { id: string; isOptional: boolean };

/**
 * Forms at the versions the enrollment is tagged with (the current draft where that version was
 * never published), in the order asked; unknown forms are left out. One statement for the form
 * rows when every document is cached (published versions never change, drafts are keyed by their
 * revision and row version), one more for the versions and one for the drafts that are not.
 */
export async function loadForms(
  db: Executor,
  studyId: string,
  wanted: readonly WantedForm[],
  tags: Readonly<Record<string, FormVersion | undefined>>,
  /** The study's design key read with the fill (TokenSurroundings): the form heads kept under it serve. */
  designKey: string | null = null,
): Promise<LoadedForm[]> {
  const heads = new Map(
    (
      await readFormHeads(
        db,
        studyId,
        wanted.map((w) => w.id),
        designKey,
      )
    ).map((h) => [h.id, h]),
  );
  const documents = new Map<string, FormTemplateDocument>();
  const tagOf = (id: string): FormVersion => {
    const head = heads.get(id);
    return tags[id] ?? { major: head?.versionMajor ?? 1, minor: head?.versionMinor ?? 0 };
  };
  const missing: { formId: string; major: number; minor: number }[] = [];
  for (const head of heads.values()) {
    const key = { studyId, formId: head.id, ...tagOf(head.id) };
    const cached = cachedPublishedForm(key);
    if (cached) documents.set(head.id, cached);
    else missing.push({ formId: head.id, major: key.major, minor: key.minor });
  }
  for (const row of await listFormVersionDocuments(db, studyId, missing)) {
    const key = { studyId, formId: row.formId, major: row.major, minor: row.minor };
    documents.set(row.formId, rememberPublishedForm(key, row.document));
  }
  const drafts: string[] = [];
  for (const head of heads.values()) {
    if (documents.has(head.id)) continue;
    const cached = cachedDraftForm({ studyId, formId: head.id, revision: head.revision, xmin: head.xmin });
    if (cached) documents.set(head.id, cached);
    else drafts.push(head.id);
  }
  for (const row of await listFormDraftDocuments(db, studyId, drafts)) {
    const key = { studyId, formId: row.id, revision: row.revision, xmin: row.xmin };
    documents.set(row.id, rememberDraftForm(key, row.document));
  }
  return wanted.flatMap((w): LoadedForm[] => {
    const head = heads.get(w.id);
    const document = documents.get(w.id);
    if (!head || !document) return [];
    const taggedVersion = tagOf(w.id);
    return [
      {
        formId: w.id,
        type: head.type,
        isOptional: w.isOptional,
        isRemoved: head.deletedAt !== null,
        form: { ...document, version: taggedVersion },
        document,
        taggedVersion,
        currentVersion: { major: head.versionMajor, minor: head.versionMinor },
      },
    ];
  });
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
  const [loaded] = await loadForms(db, studyId, [{ id: formId, isOptional }], { [formId]: tag });
  return loaded ?? null;
}

/** A process document at the revision and row version read with it: from the cache, else read once. */
export async function loadProcessDocument(db: Executor, key: ProcessDocumentKey): Promise<Process | null> {
  const cached = cachedProcess(key);
  if (cached) return cached;
  const row = await findProcessDocument(db, key.studyId, key.processId);
  if (!row) return null;
  return rememberProcess({ ...key, revision: row.revision, xmin: row.xmin }, row.document);
}

/** What a token's fill reads around it, with the enrollment locked when asked (see findFillRows). */
export type TokenSurroundings = {
  study: NonNullable<Awaited<ReturnType<typeof findFillRows>>>['study'];
  /** The key of the study's form heads as read with these rows (loadForms). */
  designKey: string;
  enrollment: EnrollmentRow;
  subject: SubjectRow | null;
  token: TokenRow;
  questionnaires: QuestionnaireRow[];
  process: Process;
};

/** How loadTokenSurroundings and loadFillContext read. */
export type SurroundingsOptions = {
  /** Take the enrollment's row lock first (the schedule's serialisation point). */
  lock?: boolean;
  /** Without the lock: the token's fill already read with the request's first statement (a public link's). */
  read?: FillRead | null;
  /**
   * With the lock: reads the locked rows in place of findFillRows, the same rows with more beside them
   * (a participant's submit reads its session with them, public/repo.ts findLockedFillWithSession).
   */
  readLocked?: () => Promise<FillRows | null>;
};

/**
 * Issue 16 item 2: the study, enrollment (locked with `lock`), subject, process and token with its
 * answer sets (and the process document from the cache): in one statement without the lock; with
 * it, in two, the token read after the lock is held so it is never older than the lock. Null when
 * the token, its enrollment, study or process is missing, or the enrollment is not the one named.
 */
export async function loadTokenSurroundings(
  db: Executor,
  input: { studyId: string; tokenId: string; enrollmentId?: string },
  options: SurroundingsOptions = {},
): Promise<TokenSurroundings | null> {
  if (!options.lock) {
    // A read made with the request's first statement (a public link's, FillRead) serves, not read again.
    const given = options.read;
    const read =
      given &&
      given.token.studyId === input.studyId &&
      given.token.id === input.tokenId &&
      (input.enrollmentId === undefined || given.enrollment.id === input.enrollmentId)
        ? given
        : await findFillRowsWithToken(db, input);
    if (!read || read.study.deletedAt !== null) return null;
    return withProcess(db, input.studyId, read, read);
  }
  const rows = options.readLocked ? await options.readLocked() : await findFillRows(db, input, options);
  if (!rows || rows.study.deletedAt !== null) return null;
  const read = await findTokenWithQuestionnaires(db, input.studyId, input.tokenId);
  if (!read) return null;
  return withProcess(db, input.studyId, rows, read);
}

/** The surroundings with the process document at the revision and row version read (from the cache). */
async function withProcess(
  db: Executor,
  studyId: string,
  rows: NonNullable<Awaited<ReturnType<typeof findFillRows>>>,
  read: { token: TokenRow; questionnaires: QuestionnaireRow[] },
): Promise<TokenSurroundings | null> {
  const process = await loadProcessDocument(db, {
    studyId,
    processId: rows.enrollment.processId,
    revision: rows.process.revision,
    xmin: rows.process.xmin,
  });
  if (!process) return null;
  return {
    study: rows.study,
    designKey: rows.designKey,
    enrollment: rows.enrollment,
    subject: rows.subject,
    process,
    token: read.token,
    questionnaires: read.questionnaires,
  };
}

/** Says which of the token, its enrollment or the study is missing (the errors of the old look-ups). */
async function missingError(db: Executor, input: { studyId: string; enrollmentId: string; tokenId: string }) {
  if (!(await findStudyRow(db, input.studyId))) return notFound('The study');
  const enrollment = await findEnrollment(db, input.studyId, input.enrollmentId);
  if (!enrollment) return notFound('The enrollment');
  const token = await findToken(db, input.studyId, input.tokenId);
  if (!token || token.enrollmentId !== enrollment.id) return notFound('The token');
  return notFound('The data event');
}

/**
 * Loads a token of an enrollment with its event and forms (404 when any of them is unknown or elsewhere).
 * An unscheduled token's event is the process's selection for its type (domain `unscheduledDataEventOf`).
 * With `lock`, the enrollment's row lock is taken first (the schedule's serialisation point).
 */
export async function loadFillContext(
  db: Executor,
  input: { studyId: string; enrollmentId: string; tokenId: string },
  options: SurroundingsOptions = {},
): Promise<FillContext> {
  const around = await loadTokenSurroundings(db, input, options);
  if (!around) throw await missingError(db, input);
  const { study, enrollment, token, process } = around;
  const scheduled = process.dataEvents.find((e) => e.id === token.dataEventId);
  const event = scheduled ?? unscheduledDataEventOf(process, token);
  if (!event) throw notFound('The data event');
  const unscheduledType = scheduled ? null : unscheduledTypeOfToken(token.type);
  // Issue 23: a form with answers saved in this token stays at the version they were saved with (an
  // amendment may have moved the enrolment's tag on for the events not yet started).
  const tags: Record<string, FormVersion | undefined> = {
    ...(enrollment.formVersions as Record<string, FormVersion>),
  };
  for (const q of around.questionnaires) {
    tags[q.formId] = tokenFormVersionOf({ major: q.formMajor, minor: q.formMinor }, tags[q.formId]);
  }
  const wanted = [
    ...event.forms.map((id) => ({ id, isOptional: false })),
    ...event.optionalForms.filter((id) => !event.forms.includes(id)).map((id) => ({ id, isOptional: true })),
  ];
  return {
    study,
    designKey: around.designKey,
    enrollment,
    patientId: around.subject?.patientId ?? '',
    token,
    questionnaires: around.questionnaires,
    process,
    event,
    unscheduledType,
    forms: await loadForms(db, input.studyId, wanted, tags, around.designKey),
  };
}

/** The rules on a form that apply in this data event: stand-alone validation rules and reference show rules. */
export async function loadFormRules(
  db: Executor,
  studyId: string,
  formId: string,
  scope: { processId: string; dataEventId: string },
  /** The study's design key read with the fill (FillContext): the rules kept under it serve. */
  designKey: string | null = null,
): Promise<{ validationRules: ValidationRule[]; referenceShowRules: FormShowRule[] }> {
  const rows = await readFormRuleRows(db, studyId, formId, designKey);
  const validationRules: ValidationRule[] = [];
  const referenceShowRules: FormShowRule[] = [];
  for (const row of rows) {
    if (row.kind === 'V') {
      const rule = validationRuleOf(row, scope.dataEventId);
      if (rule) validationRules.push(rule);
    } else {
      const rule = showRuleOf(row, scope);
      if (rule) referenceShowRules.push(rule);
    }
  }
  return { validationRules, referenceShowRules };
}

function validationRuleOf(
  row: { id: string; document: unknown },
  dataEventId: string,
): ValidationRule | null {
  const parsed = ValidationRuleSchema.safeParse({ ...(row.document as object), id: row.id });
  if (!parsed.success) return null;
  const event = parsed.data.leftOperant.dataEvent;
  return event && event !== dataEventId ? null : parsed.data;
}

function showRuleOf(
  row: { processId: string | null; dataEventId: string | null; document: unknown },
  scope: { processId: string; dataEventId: string },
): FormShowRule | null {
  if (row.processId && row.processId !== scope.processId) return null;
  if (row.dataEventId && row.dataEventId !== scope.dataEventId) return null;
  const doc = row.document as Partial<FormShowRule>;
  if (!doc.target || !doc.question || !Array.isArray(doc.possibilities)) return null;
  // A copy: the rows may come from the design cache, whose values are frozen.
  return { target: doc.target, question: doc.question, possibilities: [...doc.possibilities] };
}

/** Reference show rules on a form that apply in this process and data event (spec 001 §2 reference rules). */
export async function loadFormShowRules(
  db: Executor,
  studyId: string,
  formId: string,
  scope: { processId: string; dataEventId: string },
): Promise<FormShowRule[]> {
  return (await loadFormRules(db, studyId, formId, scope)).referenceShowRules;
}
