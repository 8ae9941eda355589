/**
 * The export job (issue 26 item 3): runs on the durable queue, streams the filled forms of the
 * export a page at a time (keyset by id) and writes the zip as it goes, so memory stays flat
 * whatever the study's size. Progress is the count of filled forms written (both layouts).
 */
import {
  type Answer,
  type CodebookVariable,
  cellValue,
  EXPORT_DEFAULT_RETENTION_DAYS,
  type ExportRequest,
  type ExportScope,
  formVariables,
  type MarkerContext,
  type Question,
  QuestionSchema,
  SPECIAL_MARKERS,
  uniqueNames,
  variableName,
} from '@trialbase/domain';
import type { Db } from '../../../platform/db/client';
import { runUseCase, SYSTEM_ACTOR } from '../../../platform/use-case';
import {
  aePage,
  answersOf,
  auditPage,
  claimQueuedExport,
  countFilledForms,
  deleteExportChunks,
  type ExportJobRow,
  expiredExports,
  exportForms,
  type FilledFormFilter,
  type FilledFormRow,
  filledFormPage,
  filledFormPageBySubject,
  insertExportChunk,
  processDocuments,
  queryPage,
  type SubjectCursor,
  siteNames,
  studyOf,
  updateExportJob,
} from '../repo';
import { eventOid, ODM_TAIL, odmFormData, odmHead, siteOid, xml } from './odm';
import { rScript, type ScriptForm, sasProgram, spssSyntax, stataDo } from './scripts';
import { sheetNames, XlsxWriter } from './xlsx';
import { csvRow, ZipSink, type ZipTextFile } from './zip-sink';

export const EXPORT_QUEUE = 'exports';
/** Filled forms read per statement. */
const PAGE = 500;

type FormPlan = {
  id: string;
  name: string;
  title: string;
  file: string;
  questions: Map<string, Question>;
  variables: CodebookVariable[];
};

type EventInfo = { name: string; type: string; forms: string[] };

/** The fixed columns of every wide file, before the subject fields and the variables. */
const FIXED = [
  'subject_id',
  'site',
  'data_event_id',
  'data_event',
  'form_version',
  'form_status',
  'created_at',
  'completed_at',
] as const;

function textOf(value: unknown, language: string): string {
  if (!value || typeof value !== 'object') return typeof value === 'string' ? value : '';
  const map = value as Record<string, unknown>;
  const own = map[language];
  if (typeof own === 'string' && own !== '') return own;
  const any = Object.values(map).find((v) => typeof v === 'string' && v !== '');
  return typeof any === 'string' ? any : '';
}

function eventsOf(documents: Record<string, unknown>[], language: string): Map<string, EventInfo> {
  const events = new Map<string, EventInfo>();
  for (const document of documents) {
    const list = Array.isArray(document.dataEvents) ? (document.dataEvents as Record<string, unknown>[]) : [];
    for (const event of list) {
      if (typeof event.id !== 'string') continue;
      const forms = Array.isArray(event.forms)
        ? event.forms.filter((f): f is string => typeof f === 'string')
        : [];
      events.set(event.id, { name: textOf(event.name, language), type: String(event.type ?? ''), forms });
    }
  }
  return events;
}

function planForms(
  forms: { id: string; name: string; document: Record<string, unknown> }[],
  language: string,
): FormPlan[] {
  const labels = uniqueNames(
    forms.map((f) =>
      variableName(typeof f.document.exportLabel === 'string' ? f.document.exportLabel : f.name, 'FORM'),
    ),
  );
  return forms.map((form, i) => {
    const rawQuestions = Array.isArray(form.document.questions) ? form.document.questions : [];
    const questions: Question[] = [];
    for (const raw of rawQuestions) {
      const parsed = QuestionSchema.safeParse(raw);
      if (parsed.success) questions.push(parsed.data);
    }
    const name = labels[i] ?? form.id;
    const title = (form.document.title as Record<string, string> | undefined) ?? { en: form.name };
    return {
      id: form.id,
      name,
      title: textOf(title, language) || form.name,
      file: `csv/${name}.csv`,
      questions: new Map(questions.map((q) => [q.id, q])),
      variables: formVariables({ id: form.id, exportLabel: name, title }, questions, language),
    };
  });
}

function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function iso(value: Date | string | null | undefined): string {
  if (!value) return '';
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (value: unknown): string[] => list(value).map(String);

/**
 * A stored answer read for the export. Answers were checked against the domain's AnswerSchema when
 * they were written; a zod parse per answer would be most of an export's time at a million answers,
 * so the export reads the fields it uses with their defaults.
 */
function storedAnswer(value: Record<string, unknown>, question: string): Answer {
  return {
    question,
    answerStrings: strings(value.answerStrings),
    possibilities: strings(value.possibilities),
    aeRefs: strings(value.aeRefs),
    medicationRefs: strings(value.medicationRefs),
    unscheduledEventRefs: strings(value.unscheduledEventRefs),
    images: list(value.images) as Answer['images'],
    files: list(value.files) as Answer['files'],
    tableCells: list(value.tableCells) as Answer['tableCells'],
    tableCol: strings(value.tableCol),
    tableRow: strings(value.tableRow),
    answerUnavailable: value.answerUnavailable === true,
    answerSkipped: value.answerSkipped === true,
    verification: value.verification === true,
    secondaryVerification: value.secondaryVerification === true,
  };
}

/** Writes the whole zip of one export; returns its size. */
async function writeExport(db: Db, job: ExportJobRow, retention: number, now: () => Date): Promise<number> {
  const request: ExportRequest = job.request;
  const scope: ExportScope = job.scope;
  const study = await studyOf(db, job.studyId);
  const language = study?.primaryLanguage ?? job.language;
  const events = eventsOf(await processDocuments(db, job.studyId), language);
  const siteName = await siteNames(db, job.studyId);
  const forms = planForms(await exportForms(db, job.studyId, request.forms), language);
  const filter: FilledFormFilter = {
    studyId: job.studyId,
    formIds: forms.map((f) => f.id),
    dataEventIds: request.dataEvents,
    siteIds: scope.sites,
    excludedDataEventIds: request.includeUnscheduled
      ? []
      : [...events].filter(([, e]) => e.type === 'TYPE_UNEXPECTED').map(([id]) => id),
    from: request.from ? new Date(`${request.from}T00:00:00.000Z`) : null,
    toExclusive: request.to ? dayAfter(request.to) : null,
  };
  const total = forms.length === 0 ? 0 : await countFilledForms(db, filter);
  let done = 0;
  const withOdm = request.formats.includes('ODM');
  const withXlsx = request.formats.includes('XLSX');
  const passes = 2 + (withOdm ? 1 : 0) + (withXlsx ? 1 : 0);
  await updateExportJob(db, job, { progressTotal: total * passes, progressDone: 0 });
  const sink = new ZipSink((seq, data) => insertExportChunk(db, job, seq, data));
  const subjectColumns = [
    ...scope.subjectFields.map((f) => `subject_${f}`),
    ...(scope.includeTrialGroup ? ['trial_group'] : []),
  ];

  /** The answers of a page of filled forms, by filled form and question. */
  const answersByForm = async (ids: string[]) => {
    const byForm = new Map<string, Map<string, Answer>>();
    for (const a of await answersOf(db, job.studyId, ids)) {
      const map = byForm.get(a.questionnaireId) ?? new Map<string, Answer>();
      map.set(a.questionId, storedAnswer(a.value, a.questionId));
      byForm.set(a.questionnaireId, map);
    }
    return byForm;
  };

  /** Reads every page of one form and hands each filled form with its answers to `emit`. */
  const eachFilledForm = async (
    form: FormPlan,
    emit: (row: FilledFormRow, answers: Map<string, Answer>) => void,
  ) => {
    let after = '';
    for (;;) {
      const page = await filledFormPage(db, filter, form.id, after, PAGE);
      if (page.length === 0) return;
      const byForm = await answersByForm(page.map((r) => r.id));
      for (const row of page) emit(row, byForm.get(row.id) ?? new Map());
      after = page[page.length - 1]?.id ?? after;
      done += page.length;
      await sink.flush();
      await updateExportJob(db, job, { progressDone: done });
    }
  };

  const fixedOf = (row: FilledFormRow) => {
    const attributes = row.attributes ?? {};
    return [
      row.patientId,
      siteName.get(row.siteId) ?? row.siteId,
      row.dataEventId,
      events.get(row.dataEventId)?.name ?? '',
      `${row.formMajor}.${row.formMinor}`,
      row.status,
      iso(row.createdAt),
      iso(row.completedAt),
      ...scope.subjectFields.map((f) => attributes[f] ?? ''),
      ...(scope.includeTrialGroup ? [attributes.trialGroup ?? ''] : []),
    ];
  };
  const contextOf = (row: FilledFormRow): MarkerContext => ({
    enrollmentStatus: row.enrollmentStatus,
    isDiscontinued: Boolean(row.isDiscontinued),
    tokenStatus: row.tokenStatus,
  });

  // Wide layout: one file per form, one row per subject and event.
  for (const form of forms) {
    const file = sink.file(form.file);
    file.write(csvRow([...FIXED, ...subjectColumns, ...form.variables.map((v) => v.variable)]));
    await eachFilledForm(form, (row, answers) => {
      const context = contextOf(row);
      file.write(
        csvRow([
          ...fixedOf(row),
          ...form.variables.map((v) => {
            const question = form.questions.get(v.questionId);
            return question ? cellValue(v, question, answers.get(v.questionId), context) : '.b';
          }),
        ]),
      );
    });
    file.end();
    await sink.flush();
  }

  // Excel: the wide layout again, one sheet per form, numbers as numbers.
  if (withXlsx) {
    const workbook = new XlsxWriter(sink.rawFile('xlsx/data.xlsx'));
    const names = sheetNames(forms.map((f) => f.name));
    for (const [i, form] of forms.entries()) {
      const sheet = workbook.sheet(names[i] ?? form.name);
      const offset = FIXED.length + subjectColumns.length;
      const isNumber = (column: number) =>
        column >= offset && form.variables[column - offset]?.type === 'numeric';
      sheet.row([...FIXED, ...subjectColumns, ...form.variables.map((v) => v.variable)]);
      await eachFilledForm(form, (row, answers) => {
        const context = contextOf(row);
        sheet.row(
          [
            ...fixedOf(row),
            ...form.variables.map((v) => {
              const question = form.questions.get(v.questionId);
              return question ? cellValue(v, question, answers.get(v.questionId), context) : '.b';
            }),
          ],
          isNumber,
        );
      });
      sheet.end();
    }
    workbook.end();
    await sink.flush();
  }

  // Long layout: one row per answer (per variable of each answered question).
  const long = sink.file('csv/long.csv');
  long.write(csvRow([...FIXED, ...subjectColumns, 'form', 'variable', 'question_id', 'value']));
  for (const form of forms) {
    await eachFilledForm(form, (row, answers) => {
      const fixed = fixedOf(row);
      const context = contextOf(row);
      for (const v of form.variables) {
        const answer = answers.get(v.questionId);
        const question = form.questions.get(v.questionId);
        if (!answer || !question) continue;
        long.write(
          csvRow([...fixed, form.name, v.variable, v.questionId, cellValue(v, question, answer, context)]),
        );
      }
    });
  }
  long.end();
  await sink.flush();

  // The codebook (data dictionary) and the special markers.
  const codebook = sink.file('codebook.csv');
  codebook.write(
    csvRow([
      'form',
      'file',
      'variable',
      'label',
      'type',
      'question_type',
      'question_id',
      'value_labels',
      'missing_codes',
    ]),
  );
  for (const form of forms)
    for (const v of form.variables)
      codebook.write(
        csvRow([
          form.name,
          form.file,
          v.variable,
          v.label,
          v.type,
          v.questionType,
          v.questionId,
          v.valueLabels.map((l) => `${l.value}=${l.label}`).join('; '),
          Object.keys(SPECIAL_MARKERS).join(' '),
        ]),
      );
  codebook.end();
  const markers = sink.file('special_markers.csv');
  markers.write(csvRow(['marker', 'meaning']));
  for (const [marker, meaning] of Object.entries(SPECIAL_MARKERS)) markers.write(csvRow([marker, meaning]));
  markers.end();

  // Statistics packages.
  const scriptForms: ScriptForm[] = forms.map((f) => ({
    name: f.name,
    file: f.file,
    fixed: [...FIXED, ...subjectColumns],
    variables: f.variables,
  }));
  const writeText = (name: string, text: string) => {
    const file: ZipTextFile = sink.file(name);
    file.write(text);
    file.end();
  };
  if (request.formats.includes('R')) writeText('scripts/read.R', rScript(scriptForms));
  if (request.formats.includes('SPSS')) writeText('scripts/read.sps', spssSyntax(scriptForms));
  if (request.formats.includes('STATA')) writeText('scripts/read.do', stataDo(scriptForms));
  if (request.formats.includes('SAS')) writeText('scripts/read.sas', sasProgram(scriptForms));
  await sink.flush();

  if (withOdm) {
    const odmForms = new Map(
      forms.map((f) => [f.id, { name: f.name, title: f.title, variables: f.variables }]),
    );
    const file = sink.file('odm/odm.xml');
    file.write(
      odmHead({
        fileOid: `Trialbase.${job.id}`,
        created: now(),
        studyId: job.studyId,
        studyName: study?.name ?? job.studyId,
        language,
        events: [...events]
          .map(([id, e]) => ({
            id,
            name: e.name,
            isUnscheduled: e.type === 'TYPE_UNEXPECTED',
            formNames: e.forms.map((f) => odmForms.get(f)?.name).filter((n): n is string => Boolean(n)),
          }))
          .filter((e) => e.formNames.length > 0),
        forms: [...odmForms.values()],
        sites: [...siteName]
          .filter(([id]) => scope.sites === 'ALL' || scope.sites.includes(id))
          .map(([id, name]) => ({ id, name })),
      }),
    );
    let cursor: SubjectCursor | null = null;
    let subject: string | null = null;
    let event: string | null = null;
    for (;;) {
      const page: FilledFormRow[] =
        forms.length === 0 ? [] : await filledFormPageBySubject(db, filter, cursor, PAGE);
      if (page.length === 0) break;
      const answersBy = await answersByForm(page.map((r) => r.id));
      for (const row of page) {
        const form = forms.find((f) => f.id === row.formId);
        if (!form) continue;
        if (row.patientId !== subject) {
          if (subject !== null) file.write('</StudyEventData></SubjectData>\n');
          file.write(
            `<SubjectData SubjectKey="${xml(row.patientId)}"><SiteRef LocationOID="${xml(siteOid(row.siteId))}"/>\n`,
          );
          file.write(`<StudyEventData StudyEventOID="${xml(eventOid(row.dataEventId))}">\n`);
          subject = row.patientId;
          event = row.dataEventId;
        } else if (row.dataEventId !== event) {
          file.write(`</StudyEventData><StudyEventData StudyEventOID="${xml(eventOid(row.dataEventId))}">\n`);
          event = row.dataEventId;
        }
        const answers = answersBy.get(row.id) ?? new Map();
        const context = contextOf(row);
        file.write(
          odmFormData(
            { name: form.name, title: form.title, variables: form.variables },
            form.variables.map((v) => {
              const question = form.questions.get(v.questionId);
              return question ? cellValue(v, question, answers.get(v.questionId), context) : '.b';
            }),
          ),
        );
      }
      const last = page[page.length - 1];
      if (last) cursor = { patientId: last.patientId, dataEventId: last.dataEventId, id: last.id };
      done += page.length;
      await sink.flush();
      await updateExportJob(db, job, { progressDone: done });
    }
    if (subject !== null) file.write('</StudyEventData></SubjectData>\n');
    file.write(ODM_TAIL);
    file.end();
    await sink.flush();
  }

  if (scope.includeQueries) await writeQueries(db, job, scope, sink);
  if (scope.includeAes) await writeAes(db, job, scope, sink, siteName);
  if (scope.includeAuditTrail) await writeAudit(db, job, sink);

  writeText(
    'README.txt',
    [
      `Trialbase export ${job.id} of study ${study?.name ?? job.studyId}`,
      `Created ${now().toISOString()}; kept ${retention} days.`,
      `Choices: ${JSON.stringify(request)}`,
      `Sites exported: ${scope.sites === 'ALL' ? 'all' : scope.sites.join(', ')}`,
      'Files: csv/<FORM>.csv (wide: one row per subject and event), csv/long.csv (one row per answer),',
      'codebook.csv (variables, labels, types, value labels), special_markers.csv (why a value is missing).',
      ...(request.includeMedication
        ? [
            'Medication: Trialbase keeps no medication records yet; medication references of MEDICATION_REF',
            'questions are in the form files (their record ids, joined with |).',
          ]
        : []),
      '',
    ].join('\n'),
  );
  await sink.end();
  return sink.size;
}

async function writeQueries(db: Db, job: ExportJobRow, scope: ExportScope, sink: ZipSink) {
  const file = sink.file('queries.csv');
  file.write(
    csvRow([
      'query_id',
      'site_id',
      'enrollment_id',
      'data_event_id',
      'form_id',
      'question_id',
      'status',
      'text',
      'rule_id',
      'created_by',
      'created_at',
      'updated_at',
      'comments',
    ]),
  );
  let after = '';
  for (;;) {
    const page = await queryPage(db, job.studyId, scope.sites, after);
    if (page.length === 0) break;
    for (const q of page)
      file.write(
        csvRow([
          q.id,
          q.siteId,
          q.enrollmentId,
          q.dataEventId,
          q.formId,
          q.questionId,
          q.status,
          q.queryText,
          q.ruleId,
          q.createdBy,
          iso(q.createdAt),
          iso(q.updatedAt),
          JSON.stringify(q.comments),
        ]),
      );
    after = page[page.length - 1]?.id ?? after;
    await sink.flush();
  }
  file.end();
}

async function writeAes(
  db: Db,
  job: ExportJobRow,
  scope: ExportScope,
  sink: ZipSink,
  siteName: Map<string, string>,
) {
  const file = sink.file('adverse_events.csv');
  file.write(
    csvRow([
      'ae_id',
      'subject_id',
      'site',
      'status',
      'fill_out_date',
      'description',
      'serious',
      'serious_type',
      'outcome',
      'created_at',
    ]),
  );
  let after = '';
  for (;;) {
    const page = await aePage(db, job.studyId, scope.sites, after);
    if (page.length === 0) break;
    for (const ae of page)
      file.write(
        csvRow([
          ae.id,
          ae.patientId ?? ae.subjectId,
          siteName.get(ae.siteId) ?? ae.siteId,
          ae.status,
          ae.fillOutDate,
          ae.eventDescription,
          ae.sae ? 1 : 0,
          ae.seriousType,
          ae.outcome,
          iso(ae.createdAt),
        ]),
      );
    after = page[page.length - 1]?.id ?? after;
    await sink.flush();
  }
  file.end();
}

async function writeAudit(db: Db, job: ExportJobRow, sink: ZipSink) {
  const file = sink.file('audit_trail.csv');
  file.write(
    csvRow([
      'position',
      'occurred_at',
      'actor_type',
      'actor_id',
      'actor_name',
      'action',
      'entity_type',
      'entity_id',
      'reason',
      'before',
      'after',
      'hash',
    ]),
  );
  let after = 0;
  for (;;) {
    const page = await auditPage(db, job.studyId, after);
    if (page.length === 0) break;
    for (const e of page)
      file.write(
        csvRow([
          e.seq ?? '',
          iso(e.occurredAt),
          e.actorType,
          e.actorId,
          e.actorName,
          e.action,
          e.entityType,
          e.entityId,
          e.reason,
          e.before === null ? '' : JSON.stringify(e.before),
          e.after === null ? '' : JSON.stringify(e.after),
          e.hash,
        ]),
      );
    after = page[page.length - 1]?.ticket ?? after;
    await sink.flush();
  }
  file.end();
}

/**
 * One sweep of the export queue: every queued export is run, oldest first (several servers share
 * them: each claims one with SKIP LOCKED); zips past their keeping time are removed. Each outcome
 * is audited as a system event.
 */
export async function runExportSweep(
  db: Db,
  options: { now: () => Date; retentionDays?: number },
): Promise<number> {
  const retention = options.retentionDays ?? EXPORT_DEFAULT_RETENTION_DAYS;
  for (const expired of await expiredExports(db, options.now())) {
    await deleteExportChunks(db, expired);
    await updateExportJob(db, expired, { fileSize: null });
  }
  let ran = 0;
  for (
    let job = await claimQueuedExport(db, options.now());
    job;
    job = await claimQueuedExport(db, options.now())
  ) {
    ran++;
    const current = job;
    try {
      await deleteExportChunks(db, current);
      const size = await writeExport(db, current, retention, options.now);
      const completedAt = options.now();
      const expiresAt = new Date(completedAt.getTime() + retention * 24 * 60 * 60 * 1000);
      await runUseCase(
        db,
        SYSTEM_ACTOR,
        async (ctx) => {
          await updateExportJob(ctx.tx, current, {
            status: 'COMPLETED',
            completedAt,
            expiresAt,
            fileSize: size,
            fileName: `export-${current.id}.zip`,
          });
          await ctx.audit({
            action: 'EXPORT_COMPLETED',
            entityType: 'EXPORT',
            entityId: current.id,
            studyId: current.studyId,
            before: null,
            after: { size, expiresAt: expiresAt.toISOString(), requestedBy: current.requestedBy },
          });
        },
        completedAt,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await deleteExportChunks(db, current).catch(() => undefined);
      await runUseCase(db, SYSTEM_ACTOR, async (ctx) => {
        await updateExportJob(ctx.tx, current, { status: 'FAILED', error: message.slice(0, 1000) });
        await ctx.audit({
          action: 'EXPORT_FAILED',
          entityType: 'EXPORT',
          entityId: current.id,
          studyId: current.studyId,
          before: null,
          after: { error: message.slice(0, 1000) },
        });
      });
    }
  }
  return ran;
}
