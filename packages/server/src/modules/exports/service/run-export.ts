/**
 * The export job (issue 26 item 3): runs on the durable queue, streams the filled forms of the
 * export in batches (a cursor on PostgreSQL) and writes the zip as it goes, so memory stays flat
 * whatever the study's size. Progress is the count of filled forms read.
 */
import { createHash } from 'node:crypto';
import {
  type Answer,
  type CodebookVariable,
  cellValue,
  EXPORT_DEFAULT_RETENTION_DAYS,
  type ExportRequest,
  type ExportScope,
  FORMULA_GUARD_NOTE,
  formVariables,
  type MarkerContext,
  type Question,
  QuestionSchema,
  redactAuditPayload,
  SPECIAL_MARKERS,
  uniqueNames,
  variableName,
} from '@trialbase/domain';
import type { Db } from '../../../platform/db/client';
import { runUseCase, SYSTEM_ACTOR } from '../../../platform/use-case';
import {
  aePage,
  auditOfEntities,
  auditPage,
  claimQueuedExport,
  countFilledForms,
  deleteExportChunks,
  type ExportAuditRow,
  type ExportJobRow,
  type ExportRow,
  expiredExports,
  exportForms,
  type FilledFormFilter,
  insertExportChunk,
  otherSignaturesPage,
  processDocuments,
  queryPage,
  siteNames,
  streamExportRows,
  studyOf,
  updateExportJob,
} from '../repo';
import {
  eventOid,
  ODM_TAIL,
  OdmFormWriter,
  type OdmTrail,
  odmAuditRecord,
  odmHead,
  odmId,
  odmSignature,
  STUDY_LOCATION,
  siteOid,
  userOid,
  xml,
} from './odm';
import { rScript, type ScriptForm, sasProgram, spssSyntax, stataDo } from './scripts';
import { SheetRows, sheetNames, XlsxWriter } from './xlsx';
import { csvRow, csvText, type SpillFile, SpillFolder, ZipSink, type ZipTextFile } from './zip-sink';

export const EXPORT_QUEUE = 'exports';
/** Filled forms read per batch (one FETCH or keyset page; with their answers aggregated). */
const BATCH = 1000;

type FormPlan = {
  id: string;
  name: string;
  title: string;
  file: string;
  /** The form's questions that have variables, and for each variable the index of its question. */
  questionList: Question[];
  questionIndex: number[];
  variables: CodebookVariable[];
  /** Per variable: whether it is numeric (plain numbers are not neutralised). */
  numeric: boolean[];
  /** Per variable: the long layout's cells between the fixed ones and the value. */
  longMiddle: string[];
  odm: OdmFormWriter;
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
    const variables = formVariables({ id: form.id, exportLabel: name, title }, questions, language);
    const questionList: Question[] = [];
    const position = new Map<string, number>();
    const questionIndex = variables.map((v) => {
      let at = position.get(v.questionId);
      if (at === undefined) {
        at = questionList.length;
        position.set(v.questionId, at);
        const question = questions.find((q) => q.id === v.questionId);
        if (question) questionList.push(question);
      }
      return at;
    });
    const titleText = textOf(title, language) || form.name;
    return {
      id: form.id,
      name,
      title: titleText,
      file: `csv/${name}.csv`,
      questionList,
      questionIndex,
      variables,
      numeric: variables.map((v) => v.type === 'numeric'),
      longMiddle: variables.map((v) => `,${csvText(name)},${csvText(v.variable)},${csvText(v.questionId)},`),
      odm: new OdmFormWriter({ name, title: titleText, variables, questions }),
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

const EMPTY: never[] = [];
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : EMPTY);
const strings = (value: unknown): string[] => {
  if (!Array.isArray(value) || value.length === 0) return EMPTY;
  return value.every((v) => typeof v === 'string') ? (value as string[]) : value.map(String);
};

/**
 * A stored answer read for the export. Answers were checked against the domain's AnswerSchema when
 * they were written; a zod parse per answer would be most of an export's time at a million answers,
 * so the export reads the fields it uses with their defaults (the stored lists themselves, no copies).
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

/**
 * The ODM's audit records and signatures (issue 26, the builder's audit trail option): the audit
 * events of each batch's filled forms, enrolments and data events (tokens) are read with the batch;
 * each node gets the audit record of its last change and the signature of its last signed change,
 * and every event goes to the ClinicalData-level lists (spilled, written after the subjects). The
 * people and the signatures' meanings are collected for AdminData, written last.
 */
class OdmTrails {
  private readonly users = new Map<string, string>();
  private readonly meanings = new Map<string, string>();
  private usesStudyLocation = false;
  private readonly records: SpillFile;
  private readonly signatures: SpillFile;
  private recordCount = 0;
  private signatureCount = 0;
  private byEntity = new Map<string, ExportAuditRow[]>();
  private patient: string | null = null;
  private readonly seen = new Set<string>();
  private readonly rendered = new Map<string, string>();

  constructor(
    spills: SpillFolder,
    private readonly siteName: Map<string, string>,
  ) {
    this.records = spills.file('odm-audit-records.xml');
    this.signatures = spills.file('odm-signatures.xml');
  }

  private user(type: string, id: string | null, name: string | null): string {
    const oid = userOid(type, id);
    if (!this.users.has(oid)) this.users.set(oid, name || type);
    return oid;
  }

  private signatureDef(meaning: string): string {
    let oid = this.meanings.get(meaning);
    if (!oid) {
      oid = `SD.${createHash('sha256').update(meaning).digest('hex').slice(0, 12)}`;
      this.meanings.set(meaning, oid);
    }
    return oid;
  }

  private location(siteId: string | null): string {
    if (siteId && this.siteName.has(siteId)) return siteOid(siteId);
    this.usesStudyLocation = true;
    return STUDY_LOCATION;
  }

  private record(e: ExportAuditRow, location: string, id?: string): string {
    return odmAuditRecord({
      ...(id ? { id } : {}),
      userOid: this.user(e.actorType, e.actorId, e.actorName),
      locationOid: location,
      at: e.occurredAt,
      reason: e.reason,
      source: `audit_event ${e.id} ${e.action}`,
    });
  }

  private signed(e: ExportAuditRow, location: string, id?: string): string {
    const s = e.signature;
    if (!s) return '';
    return odmSignature({
      ...(id ? { id } : {}),
      userOid: this.user('USER', s.signerId, s.printedName),
      locationOid: location,
      signatureOid: this.signatureDef(s.meaning),
      at: s.signedAt,
    });
  }

  /** Reads the audit events of a batch and lists them; an enrolment or data event is read once. */
  async load(db: Db, studyId: string, rows: readonly ExportRow[]): Promise<void> {
    const enrollmentIds: string[] = [];
    const tokenIds: string[] = [];
    const siteOf = new Map<string, string>();
    for (const row of rows) {
      // Rows come in subject order and an enrolment (and its data events) belongs to one subject:
      // what was read for the subject, in this batch or the one before, is not read again.
      if (row.patientId !== this.patient) {
        this.patient = row.patientId;
        this.seen.clear();
      }
      for (const [id, list] of [
        [row.enrollmentId, enrollmentIds],
        [row.tokenId, tokenIds],
      ] as const) {
        if (this.seen.has(id)) continue;
        this.seen.add(id);
        list.push(id);
      }
      siteOf.set(row.id, row.siteId);
      siteOf.set(row.enrollmentId, row.siteId);
      siteOf.set(row.tokenId, row.siteId);
    }
    const events = await auditOfEntities(db, studyId, {
      questionnaires: rows.map((r) => r.id),
      enrollments: enrollmentIds,
      tokens: tokenIds,
    });
    this.byEntity = new Map();
    this.rendered.clear();
    for (const e of events) {
      const entity = e.entityId ?? '';
      const list = this.byEntity.get(entity);
      if (list) list.push(e);
      else this.byEntity.set(entity, [e]);
      const location = this.location(siteOf.get(entity) ?? null);
      this.records.write(`${this.record(e, location, odmId('AR', e.entityType, entity, e.id))}\n`);
      this.recordCount++;
      if (e.signature) {
        this.signatures.write(`${this.signed(e, location, odmId('SIG', e.entityType, entity, e.id))}\n`);
        this.signatureCount++;
      }
    }
  }

  /** Signatures of the study and of adverse events (at the exported sites): in the list only. */
  async loadOtherSignatures(db: Db, studyId: string, sites: 'ALL' | readonly string[]): Promise<void> {
    let after = 0;
    for (;;) {
      const page = await otherSignaturesPage(db, studyId, sites, after);
      if (page.length === 0) return;
      for (const e of page) {
        const location = this.location(e.siteId);
        this.signatures.write(
          `${this.signed(e, location, odmId('SIG', e.entityType, e.entityId ?? '', e.id))}\n`,
        );
        this.signatureCount++;
      }
      after = page[page.length - 1]?.ticket ?? after;
    }
  }

  private inline(e: ExportAuditRow | undefined, siteId: string, signed: boolean): string {
    if (!e) return '';
    const key = `${signed ? 's' : 'a'}${e.id}`;
    let text = this.rendered.get(key);
    if (text === undefined) {
      const location = this.location(siteId);
      text = signed ? this.signed(e, location) : this.record(e, location);
      this.rendered.set(key, text);
    }
    return text;
  }

  /** The audit record of an entity's last change and the signature of its last signed one. */
  trailOf(entityId: string, siteId: string): OdmTrail {
    const list = this.byEntity.get(entityId);
    if (!list || list.length === 0) return { audit: '', signature: '' };
    let signed: ExportAuditRow | undefined;
    for (let i = list.length - 1; i >= 0 && !signed; i--) if (list[i]?.signature) signed = list[i];
    return {
      audit: this.inline(list[list.length - 1], siteId, false),
      signature: this.inline(signed, siteId, true),
    };
  }

  /** Per item of a filled form: the last change of its question's answer, and the last signed one. */
  itemTrails(
    questionnaireId: string,
    siteId: string,
    variables: readonly CodebookVariable[],
  ): (index: number) => OdmTrail {
    const last = new Map<string, ExportAuditRow>();
    const lastSigned = new Map<string, ExportAuditRow>();
    for (const e of this.byEntity.get(questionnaireId) ?? []) {
      for (const key of e.answerKeys ?? []) {
        last.set(key, e);
        if (e.signature) lastSigned.set(key, e);
      }
    }
    return (index) => {
      const question = variables[index]?.questionId ?? '';
      return {
        audit: this.inline(last.get(question), siteId, false),
        signature: this.inline(lastSigned.get(question), siteId, true),
      };
    };
  }

  adminData() {
    return {
      users: [...this.users].map(([oid, name]) => ({ oid, name })).sort((a, b) => (a.oid < b.oid ? -1 : 1)),
      signatureDefs: [...this.meanings]
        .map(([meaning, oid]) => ({ oid, meaning }))
        .sort((a, b) => (a.oid < b.oid ? -1 : 1)),
      withStudyLocation: this.usesStudyLocation,
    };
  }

  /** ClinicalData's AuditRecords and Signatures lists (after the subjects, as ODM orders them). */
  async writeContainers(file: ZipTextFile, between: () => Promise<void>): Promise<void> {
    if (this.recordCount > 0) {
      file.write('<AuditRecords>\n');
      await this.records.copyTo((data) => file.writeBytes(data), between);
      file.write('</AuditRecords>\n');
    }
    if (this.signatureCount > 0) {
      file.write('<Signatures>\n');
      await this.signatures.copyTo((data) => file.writeBytes(data), between);
      file.write('</Signatures>\n');
    }
  }
}

/** What the zip's text files say about the formula guard (the README; the codebook has it per variable). */
const GUARD_README = [
  'Spreadsheet safety (OWASP CSV injection): in the CSV and XLSX files a text value beginning with',
  "= + - @ tab or carriage return is written with a leading ' (apostrophe) so that a spreadsheet",
  'does not run it as a formula; numbers in numeric columns (e.g. -5) are written as they are.',
  "Remove the leading ' to get the value as it was entered (the ODM file holds it unchanged).",
];

/** Writes the whole zip of one export; returns its size. */
async function writeExport(db: Db, job: ExportJobRow, retention: number, now: () => Date): Promise<number> {
  const spills = new SpillFolder();
  try {
    return await writeExportWith(db, job, retention, now, spills);
  } finally {
    spills.dispose();
  }
}

/**
 * The export reads the data once (issue 26 speed), in subject, data event and form order, and
 * writes every layout from the same rows: the long CSV straight into the zip, the wide CSV of each
 * form, the XLSX sheets and the ODM clinical data into spill files copied in afterwards.
 */
async function writeExportWith(
  db: Db,
  job: ExportJobRow,
  retention: number,
  now: () => Date,
  spills: SpillFolder,
): Promise<number> {
  const request: ExportRequest = job.request;
  const scope: ExportScope = job.scope;
  const study = await studyOf(db, job.studyId);
  const language = study?.primaryLanguage ?? job.language;
  const events = eventsOf(await processDocuments(db, job.studyId), language);
  const siteName = await siteNames(db, job.studyId);
  const forms = planForms(await exportForms(db, job.studyId, request.forms), language);
  const formsById = new Map(forms.map((f) => [f.id, f]));
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
  await updateExportJob(db, job, { progressTotal: total, progressDone: 0 });
  const sink = new ZipSink((seq, data) => insertExportChunk(db, job, seq, data));
  const subjectColumns = [
    ...scope.subjectFields.map((f) => `subject_${f}`),
    ...(scope.includeTrialGroup ? ['trial_group'] : []),
  ];
  const fixedHeader = [...FIXED, ...subjectColumns];
  const fixedNumeric = fixedHeader.map(() => false);

  // Wide layout: one file per form, one row per subject and event (spilled while long is written).
  const wide = new Map(
    forms.map((form) => {
      const spill = spills.file(form.file);
      spill.write(csvRow([...fixedHeader, ...form.variables.map((v) => v.variable)]));
      return [form.id, spill];
    }),
  );
  // Long layout: one row per answer (per variable of each answered question).
  const long = sink.file('csv/long.csv');
  long.write(csvRow([...fixedHeader, 'form', 'variable', 'question_id', 'value']));
  // Excel: the wide layout again, one sheet per form, numbers as numbers.
  const sheets = withXlsx
    ? new Map(
        forms.map((form) => {
          const numeric = [...fixedNumeric, ...form.numeric];
          const rows = new SheetRows(numeric.length, numeric);
          const spill = spills.file(`${form.name}.sheet.xml`);
          spill.write(rows.row([...fixedHeader, ...form.variables.map((v) => v.variable)]));
          return [form.id, { rows, spill }];
        }),
      )
    : null;
  // ODM clinical data, and with the audit trail its audit records and signatures.
  const odmBody = withOdm ? spills.file('odm-clinical.xml') : null;
  const trails = withOdm && scope.includeAuditTrail ? new OdmTrails(spills, siteName) : null;
  let subject: string | null = null;
  let event: string | null = null;

  const fixedOf = (row: ExportRow): string[] => {
    const attributes = row.attributes ?? {};
    const fixed = [
      row.patientId,
      siteName.get(row.siteId) ?? row.siteId,
      row.dataEventId,
      events.get(row.dataEventId)?.name ?? '',
      `${row.formMajor}.${row.formMinor}`,
      row.status,
      row.createdAt ?? '',
      row.completedAt ?? '',
    ];
    for (const f of scope.subjectFields) fixed.push(String(attributes[f] ?? ''));
    if (scope.includeTrialGroup) fixed.push(String(attributes.trialGroup ?? ''));
    return fixed;
  };

  const writeRow = (row: ExportRow) => {
    const form = formsById.get(row.formId);
    if (!form) return;
    const context: MarkerContext = {
      enrollmentStatus: row.enrollmentStatus,
      isDiscontinued: Boolean(row.isDiscontinued),
      tokenStatus: row.tokenStatus,
    };
    const stored = row.answers ?? {};
    const answers: (Answer | undefined)[] = new Array(form.questionList.length);
    for (let q = 0; q < form.questionList.length; q++) {
      const question = form.questionList[q] as Question;
      const value = stored[question.id];
      if (value && typeof value === 'object') answers[q] = storedAnswer(value, question.id);
    }
    const cells: string[] = new Array(form.variables.length);
    for (let i = 0; i < form.variables.length; i++) {
      const q = form.questionIndex[i] as number;
      cells[i] = cellValue(
        form.variables[i] as CodebookVariable,
        form.questionList[q] as Question,
        answers[q],
        context,
      );
    }
    const fixed = fixedOf(row);
    let fixedCsv = '';
    for (let i = 0; i < fixed.length; i++)
      fixedCsv += i === 0 ? csvText(fixed[i] ?? '') : `,${csvText(fixed[i] ?? '')}`;
    let line = fixedCsv;
    for (let i = 0; i < cells.length; i++) line += `,${csvText(cells[i] ?? '', form.numeric[i])}`;
    wide.get(form.id)?.write(`${line}\r\n`);
    for (let i = 0; i < cells.length; i++) {
      if (answers[form.questionIndex[i] as number] === undefined) continue;
      long.write(`${fixedCsv}${form.longMiddle[i]}${csvText(cells[i] ?? '', form.numeric[i])}\r\n`);
    }
    if (sheets) {
      const sheet = sheets.get(form.id);
      sheet?.spill.write(sheet.rows.row([...fixed, ...cells]));
    }
    if (odmBody) {
      if (row.patientId !== subject) {
        if (subject !== null) odmBody.write('</StudyEventData></SubjectData>\n');
        const enrollment = trails?.trailOf(row.enrollmentId, row.siteId);
        odmBody.write(
          `<SubjectData SubjectKey="${xml(row.patientId)}">${enrollment ? enrollment.audit + enrollment.signature : ''}<SiteRef LocationOID="${xml(siteOid(row.siteId))}"/>\n`,
        );
        const token = trails?.trailOf(row.tokenId, row.siteId);
        odmBody.write(
          `<StudyEventData StudyEventOID="${xml(eventOid(row.dataEventId))}">${token ? token.audit + token.signature : ''}\n`,
        );
        subject = row.patientId;
        event = row.dataEventId;
      } else if (row.dataEventId !== event) {
        const token = trails?.trailOf(row.tokenId, row.siteId);
        odmBody.write(
          `</StudyEventData><StudyEventData StudyEventOID="${xml(eventOid(row.dataEventId))}">${token ? token.audit + token.signature : ''}\n`,
        );
        event = row.dataEventId;
      }
      if (trails) {
        const items = trails.itemTrails(row.id, row.siteId, form.variables);
        odmBody.write(form.odm.write(cells, trails.trailOf(row.id, row.siteId), items));
      } else odmBody.write(form.odm.write(cells));
    }
  };

  if (forms.length > 0)
    await streamExportRows(db, filter, BATCH, async (rows) => {
      if (trails) await trails.load(db, job.studyId, rows);
      for (const row of rows) writeRow(row);
      done += rows.length;
      await long.settle();
      await sink.flush();
      await updateExportJob(db, job, { progressDone: done });
    });
  await long.end();
  await sink.flush();
  const flush = () => sink.flush();
  for (const form of forms) {
    const spill = wide.get(form.id);
    if (spill) await sink.fileFrom(form.file, '', spill, '', flush);
  }

  if (sheets) {
    const workbook = new XlsxWriter(sink.rawFile('xlsx/data.xlsx'));
    const names = sheetNames(forms.map((f) => f.name));
    for (const [i, form] of forms.entries())
      await workbook.sheet(names[i] ?? form.name, sheets.get(form.id)?.spill ?? null, flush);
    workbook.end();
    await sink.flush();
  }

  // The codebook (data dictionary), the special markers and how formula-like text is written.
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
      'formula_guard',
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
          v.type === 'numeric' ? FORMULA_GUARD_NOTE.numeric : FORMULA_GUARD_NOTE.text,
        ]),
      );
  await codebook.end();
  const markers = sink.file('special_markers.csv');
  markers.write(csvRow(['marker', 'meaning']));
  for (const [marker, meaning] of Object.entries(SPECIAL_MARKERS)) markers.write(csvRow([marker, meaning]));
  await markers.end();

  // Statistics packages.
  const scriptForms: ScriptForm[] = forms.map((f) => ({
    name: f.name,
    file: f.file,
    fixed: fixedHeader,
    variables: f.variables,
  }));
  const writeText = async (name: string, text: string) => {
    const file: ZipTextFile = sink.file(name);
    file.write(text);
    await file.end();
  };
  if (request.formats.includes('R')) await writeText('scripts/read.R', rScript(scriptForms));
  if (request.formats.includes('SPSS')) await writeText('scripts/read.sps', spssSyntax(scriptForms));
  if (request.formats.includes('STATA')) await writeText('scripts/read.do', stataDo(scriptForms));
  if (request.formats.includes('SAS')) await writeText('scripts/read.sas', sasProgram(scriptForms));
  await sink.flush();

  if (odmBody) {
    if (subject !== null) odmBody.write('</StudyEventData></SubjectData>\n');
    if (trails) await trails.loadOtherSignatures(db, job.studyId, scope.sites);
    const odmForms = new Map(forms.map((f) => [f.id, f.odm.form]));
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
        ...(trails ? trails.adminData() : {}),
      }),
    );
    const settleAndFlush = async () => {
      await file.settle();
      await flush();
    };
    await odmBody.copyTo((data) => file.writeBytes(data), settleAndFlush);
    if (trails) await trails.writeContainers(file, settleAndFlush);
    file.write(ODM_TAIL);
    await file.end();
    await sink.flush();
  }

  if (scope.includeQueries) await writeQueries(db, job, scope, sink);
  if (scope.includeAes) await writeAes(db, job, scope, sink, siteName);
  if (scope.includeAuditTrail) await writeAudit(db, job, scope, sink);

  await writeText(
    'README.txt',
    [
      `Trialbase export ${job.id} of study ${study?.name ?? job.studyId}`,
      `Created ${now().toISOString()}; kept ${retention} days.`,
      `Choices: ${JSON.stringify(request)}`,
      `Sites exported: ${scope.sites === 'ALL' ? 'all' : scope.sites.join(', ')}`,
      'Files: csv/<FORM>.csv (wide: one row per subject and event), csv/long.csv (one row per answer),',
      'codebook.csv (variables, labels, types, value labels), special_markers.csv (why a value is missing).',
      ...GUARD_README,
      ...(withOdm && scope.includeAuditTrail
        ? [
            'ODM: each form, item, subject and data event carries the audit record of its last change (who,',
            'when, site, reason; SourceID names the audit_trail.csv event_id) and the signature of its last',
            'signed change; ClinicalData/AuditRecords and ClinicalData/Signatures list every record and 21 CFR 11',
            'signature of the exported data (adverse-event and study signatures too), their meanings in AdminData.',
          ]
        : []),
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
  await file.end();
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
  await file.end();
}

async function writeAudit(db: Db, job: ExportJobRow, scope: ExportScope, sink: ZipSink) {
  // Issue 22 blinding: the trail carries trial groups (allocations, blind breaks) and subject fields;
  // the reader gets only what the export's scope lets them see.
  const shown = (v: unknown) =>
    JSON.stringify(
      redactAuditPayload(v, {
        canViewTrialGroup: scope.includeTrialGroup,
        visibleSubjectFields: scope.subjectFields,
      }),
    );
  const file = sink.file('audit_trail.csv');
  file.write(
    csvRow([
      'position',
      'event_id',
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
    const page = await auditPage(db, job.studyId, after, scope.sites);
    if (page.length === 0) break;
    for (const e of page)
      file.write(
        csvRow([
          e.seq ?? '',
          e.id,
          iso(e.occurredAt),
          e.actorType,
          e.actorId,
          e.actorName,
          e.action,
          e.entityType,
          e.entityId,
          e.reason,
          e.before === null ? '' : shown(e.before),
          e.after === null ? '' : shown(e.after),
          e.hash,
        ]),
      );
    after = page[page.length - 1]?.ticket ?? after;
    await sink.flush();
  }
  await file.end();
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
