/** The exports module's SQL (issue 26): jobs, their zip pieces, and the paged reads an export streams. */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { auditEvents, auditLinks } from '../../platform/audit/tables';
import type { Db, Executor } from '../../platform/db/client';
import { customAeReports } from '../adverse-events/custom-reports/tables';
import { adverseEvents } from '../adverse-events/tables';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates, formTemplateVersions } from '../forms/tables';
import { processes } from '../processes/tables';
import { queries } from '../queries/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { exportChunks, exportJobs } from './tables';

export type ExportJobRow = typeof exportJobs.$inferSelect;

export async function insertExportJob(
  db: Executor,
  row: typeof exportJobs.$inferInsert,
): Promise<ExportJobRow> {
  const [inserted] = await db.insert(exportJobs).values(row).returning();
  if (!inserted) throw new Error('export job not inserted');
  return inserted;
}

export async function findExportJob(db: Executor, studyId: string, id: string): Promise<ExportJobRow | null> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.studyId, studyId), eq(exportJobs.id, id)));
  return row ?? null;
}

export async function listExportJobs(
  db: Executor,
  studyId: string,
  requestedBy: string,
): Promise<ExportJobRow[]> {
  return db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.studyId, studyId), eq(exportJobs.requestedBy, requestedBy)))
    .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
    .limit(100);
}

/** Takes the oldest queued export for this worker (SKIP LOCKED: several servers share the queue). */
export async function claimQueuedExport(db: Db, now: Date): Promise<ExportJobRow | null> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ studyId: exportJobs.studyId, id: exportJobs.id })
      .from(exportJobs)
      .where(eq(exportJobs.status, 'QUEUED'))
      .orderBy(asc(exportJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [row] = await tx
      .update(exportJobs)
      .set({ status: 'RUNNING', startedAt: now })
      .where(and(eq(exportJobs.studyId, next.studyId), eq(exportJobs.id, next.id)))
      .returning();
    return row ?? null;
  });
}

export async function updateExportJob(
  db: Executor,
  job: { studyId: string; id: string },
  set: Partial<typeof exportJobs.$inferInsert>,
): Promise<void> {
  await db
    .update(exportJobs)
    .set(set)
    .where(and(eq(exportJobs.studyId, job.studyId), eq(exportJobs.id, job.id)));
}

export async function insertExportChunk(
  db: Executor,
  job: { studyId: string; id: string },
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.insert(exportChunks).values({ studyId: job.studyId, exportId: job.id, seq, data });
}

export async function deleteExportChunks(db: Executor, job: { studyId: string; id: string }): Promise<void> {
  await db
    .delete(exportChunks)
    .where(and(eq(exportChunks.studyId, job.studyId), eq(exportChunks.exportId, job.id)));
}

/** The zip's pieces one at a time, in order (a download never holds the whole file). */
export async function* readExportChunks(
  db: Db,
  job: { studyId: string; id: string },
): AsyncGenerator<Buffer> {
  let seq = -1;
  for (;;) {
    const [row] = await db
      .select({ seq: exportChunks.seq, data: exportChunks.data })
      .from(exportChunks)
      .where(
        and(
          eq(exportChunks.studyId, job.studyId),
          eq(exportChunks.exportId, job.id),
          gt(exportChunks.seq, seq),
        ),
      )
      .orderBy(asc(exportChunks.seq))
      .limit(1);
    if (!row) return;
    seq = row.seq;
    yield Buffer.from(row.data);
  }
}

/** Exports past their keeping time: their zips are removed (the job row stays, for the record). */
export async function expiredExports(db: Executor, now: Date): Promise<{ studyId: string; id: string }[]> {
  return db
    .select({ studyId: exportJobs.studyId, id: exportJobs.id })
    .from(exportJobs)
    .where(
      and(isNotNull(exportJobs.expiresAt), lt(exportJobs.expiresAt, now), isNotNull(exportJobs.fileSize)),
    )
    .limit(100);
}

export async function studyOf(db: Executor, studyId: string) {
  const [row] = await db
    .select({ id: studies.id, name: studies.name, primaryLanguage: studies.primaryLanguage })
    .from(studies)
    .where(eq(studies.id, studyId));
  return row ?? null;
}

/** The ids of `ids` that are not sites of the study. */
export async function unknownSites(db: Executor, studyId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), inArray(sites.id, [...ids])));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function unknownForms(db: Executor, studyId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), inArray(formTemplates.id, [...ids])));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function siteNames(db: Executor, studyId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.studyId, studyId))
    .orderBy(asc(sites.name), asc(sites.id));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every process document of the study (data event names and types). */
export async function processDocuments(db: Executor, studyId: string): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ document: processes.document })
    .from(processes)
    .where(eq(processes.studyId, studyId));
  return rows.map((r) => r.document);
}

/**
 * The forms of the export with the document their codebook is read from: the newest published
 * version (what data was collected against), else the draft. Deleted forms stay out.
 */
export async function exportForms(
  db: Executor,
  studyId: string,
  formIds: readonly string[],
): Promise<{ id: string; name: string; type: string; document: Record<string, unknown> }[]> {
  const conditions: SQL[] = [eq(formTemplates.studyId, studyId), isNull(formTemplates.deletedAt)];
  if (formIds.length > 0) conditions.push(inArray(formTemplates.id, [...formIds]));
  const forms = await db
    .select({
      id: formTemplates.id,
      name: formTemplates.name,
      type: formTemplates.type,
      draft: formTemplates.document,
    })
    .from(formTemplates)
    .where(and(...conditions))
    .orderBy(asc(formTemplates.name), asc(formTemplates.id));
  const out: { id: string; name: string; type: string; document: Record<string, unknown> }[] = [];
  for (const form of forms) {
    const [published] = await db
      .select({ document: formTemplateVersions.document })
      .from(formTemplateVersions)
      .where(and(eq(formTemplateVersions.studyId, studyId), eq(formTemplateVersions.formId, form.id)))
      .orderBy(desc(formTemplateVersions.major), desc(formTemplateVersions.minor))
      .limit(1);
    out.push({ id: form.id, name: form.name, type: form.type, document: published?.document ?? form.draft });
  }
  return out;
}

/** Which filled forms an export reads (the job's choices and the requester's sites). */
export type FilledFormFilter = {
  studyId: string;
  formIds: readonly string[];
  dataEventIds: readonly string[];
  siteIds: 'ALL' | readonly string[];
  excludedDataEventIds: readonly string[];
  from: Date | null;
  toExclusive: Date | null;
};

function filledFormConditions(filter: FilledFormFilter): SQL[] {
  const c: SQL[] = [eq(questionnaires.studyId, filter.studyId)];
  if (filter.formIds.length > 0) c.push(inArray(questionnaires.formId, [...filter.formIds]));
  if (filter.dataEventIds.length > 0) c.push(inArray(questionnaires.dataEventId, [...filter.dataEventIds]));
  if (filter.siteIds !== 'ALL') c.push(inArray(questionnaires.siteId, [...filter.siteIds, '']));
  if (filter.excludedDataEventIds.length > 0)
    c.push(
      sql`${questionnaires.dataEventId} not in (${sql.join(
        filter.excludedDataEventIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (filter.from) c.push(gte(questionnaires.createdAt, filter.from));
  if (filter.toExclusive) c.push(lt(questionnaires.createdAt, filter.toExclusive));
  return c;
}

export async function countFilledForms(db: Executor, filter: FilledFormFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questionnaires)
    .where(and(...filledFormConditions(filter)));
  return Number(row?.n ?? 0);
}

/** A cursor in subject order: subject id, data event, filled form. */
export type SubjectCursor = { patientId: string; dataEventId: string; id: string };

export async function queryPage(
  db: Executor,
  studyId: string,
  siteIds: 'ALL' | readonly string[],
  after: string,
) {
  const c: SQL[] = [eq(queries.studyId, studyId), gt(queries.id, after)];
  if (siteIds !== 'ALL') c.push(inArray(queries.siteId, [...siteIds, '']));
  return db
    .select()
    .from(queries)
    .where(and(...c))
    .orderBy(asc(queries.id))
    .limit(500);
}

export async function aePage(
  db: Executor,
  studyId: string,
  siteIds: 'ALL' | readonly string[],
  after: string,
) {
  const c: SQL[] = [eq(adverseEvents.studyId, studyId), gt(adverseEvents.id, after)];
  if (siteIds !== 'ALL') c.push(inArray(adverseEvents.siteId, [...siteIds, '']));
  return db
    .select({
      id: adverseEvents.id,
      siteId: adverseEvents.siteId,
      subjectId: adverseEvents.subjectId,
      patientId: subjects.patientId,
      status: adverseEvents.status,
      fillOutDate: adverseEvents.fillOutDate,
      eventDescription: adverseEvents.eventDescription,
      sae: adverseEvents.sae,
      seriousType: adverseEvents.seriousType,
      outcome: adverseEvents.outcome,
      createdAt: adverseEvents.createdAt,
    })
    .from(adverseEvents)
    .leftJoin(
      subjects,
      and(eq(subjects.studyId, adverseEvents.studyId), eq(subjects.id, adverseEvents.subjectId)),
    )
    .where(and(...c))
    .orderBy(asc(adverseEvents.id))
    .limit(500);
}

/**
 * Audit entity types of the study's design (no subject data, no site): in every exporter's trail.
 * Everything else reaches a site-limited exporter only when its entity belongs to one of their sites.
 */
const DESIGN_ENTITY_TYPES = [
  'STUDY',
  'PROCESS',
  'FORM_TEMPLATE',
  'FORM_TEMPLATE_VERSION',
  'QUESTION_TEMPLATE',
  'VALIDATION_RULE',
  'SHOW_RULE',
  'STUDY_IMAGE',
];

/** The site an audit event's entity belongs to, for the kinds of entity that have one (else null). */
const siteOfAuditEntity = sql<string | null>`case ${auditEvents.entityType}
  when 'SITE' then ${auditEvents.entityId}
  when 'SUBJECT' then (select ${subjects.siteId} from ${subjects} where ${subjects.id} = ${auditEvents.entityId})
  when 'ENROLLMENT' then (select ${enrollments.siteId} from ${enrollments} where ${enrollments.id} = ${auditEvents.entityId})
  when 'TOKEN' then (select ${enrollments.siteId} from ${tokens} join ${enrollments} on ${enrollments.id} = ${tokens.enrollmentId} where ${tokens.id} = ${auditEvents.entityId})
  when 'QUESTIONNAIRE' then (select ${questionnaires.siteId} from ${questionnaires} where ${questionnaires.id} = ${auditEvents.entityId})
  when 'QUERY' then (select ${queries.siteId} from ${queries} where ${queries.id} = ${auditEvents.entityId})
  when 'ADVERSE_EVENT' then (select ${adverseEvents.siteId} from ${adverseEvents} where ${adverseEvents.id} = ${auditEvents.entityId})
  when 'AE_REPORT' then (select ${customAeReports.siteId} from ${customAeReports} where ${customAeReports.id} = ${auditEvents.entityId})
end`;

/**
 * The study's audit trail in commit order (ticket), a page at a time. A site-limited exporter gets
 * the design events and the events of entities at their sites only (issue 26 item 1).
 */
export async function auditPage(
  db: Executor,
  studyId: string,
  afterTicket: number,
  sites: 'ALL' | readonly string[] = 'ALL',
) {
  return db
    .select({
      ticket: auditEvents.ticket,
      id: auditEvents.id,
      seq: auditLinks.seq,
      occurredAt: auditEvents.occurredAt,
      actorType: auditEvents.actorType,
      actorId: auditEvents.actorId,
      actorName: auditEvents.actorName,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
      reason: auditEvents.reason,
      hash: auditLinks.hash,
    })
    .from(auditEvents)
    .leftJoin(auditLinks, eq(auditLinks.eventId, auditEvents.id))
    .where(
      and(
        eq(auditEvents.studyId, studyId),
        gt(auditEvents.ticket, afterTicket),
        sites === 'ALL'
          ? undefined
          : sites.length === 0
            ? inArray(auditEvents.entityType, DESIGN_ENTITY_TYPES)
            : or(
                inArray(auditEvents.entityType, DESIGN_ENTITY_TYPES),
                inArray(siteOfAuditEntity, [...sites]),
              ),
      ),
    )
    .orderBy(asc(auditEvents.ticket))
    .limit(1000);
}

/**
 * A filled form as the export streams it: subject, enrolment and event state, and every answer of
 * the form as stored (question id to answer value), aggregated by the database into one value so
 * the export parses one document per filled form instead of one row per answer.
 */
export type ExportRow = {
  id: string;
  formId: string;
  siteId: string;
  enrollmentId: string;
  tokenId: string;
  dataEventId: string;
  formMajor: number;
  formMinor: number;
  status: string;
  /** ISO 8601 in UTC with milliseconds, as the database writes it (no Date per row). */
  createdAt: string;
  completedAt: string | null;
  patientId: string;
  attributes: Record<string, string> | null;
  enrollmentStatus: string | null;
  isDiscontinued: boolean;
  tokenStatus: string | null;
  answers: Record<string, Record<string, unknown>> | null;
};

/** A timestamp as ISO 8601 text in UTC (what Date#toISOString gives), the same on both engines. */
const isoText = (column: PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function exportRowsQuery(filter: FilledFormFilter, after: SubjectCursor | null, limit: number | null): SQL {
  const conditions = filledFormConditions(filter);
  if (after)
    conditions.push(
      sql`(${subjects.patientId}, ${questionnaires.dataEventId}, ${questionnaires.id}) > (${after.patientId}, ${after.dataEventId}, ${after.id})`,
    );
  return sql`select ${questionnaires.id} as "id", ${questionnaires.formId} as "formId", ${questionnaires.siteId} as "siteId",
      ${questionnaires.enrollmentId} as "enrollmentId", ${questionnaires.tokenId} as "tokenId",
      ${questionnaires.dataEventId} as "dataEventId", ${questionnaires.formMajor} as "formMajor",
      ${questionnaires.formMinor} as "formMinor", ${questionnaires.status} as "status",
      ${isoText(questionnaires.createdAt)} as "createdAt", ${isoText(questionnaires.completedAt)} as "completedAt",
      ${subjects.patientId} as "patientId", ${subjects.attributes} as "attributes",
      ${enrollments.status} as "enrollmentStatus",
      coalesce(${enrollments.details}->'discontinuation' is not null and ${enrollments.details}->'discontinuation' <> 'null'::jsonb, false) as "isDiscontinued",
      ${tokens.status} as "tokenStatus",
      (select jsonb_object_agg(${answers.questionId}, ${answers.value}) from ${answers}
        where ${answers.studyId} = ${questionnaires.studyId} and ${answers.questionnaireId} = ${questionnaires.id}) as "answers"
    from ${questionnaires}
    inner join ${enrollments} on ${enrollments.studyId} = ${questionnaires.studyId} and ${enrollments.id} = ${questionnaires.enrollmentId}
    inner join ${subjects} on ${subjects.studyId} = ${enrollments.studyId} and ${subjects.id} = ${enrollments.subjectId}
    left join ${tokens} on ${tokens.studyId} = ${questionnaires.studyId} and ${tokens.id} = ${questionnaires.tokenId}
    where ${and(...conditions)}
    order by ${subjects.patientId}, ${questionnaires.dataEventId}, ${questionnaires.id}
    ${limit === null ? sql`` : sql`limit ${limit}`}`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Every filled form of the export in subject, data event and form order, handed over a batch at a
 * time (issue 26: memory stays flat). On PostgreSQL one statement is read through a cursor in a
 * read-only snapshot (a consistent export, one sort); on PGlite (one connection, which a long
 * transaction would hold) keyset pages.
 */
export async function streamExportRows(
  db: Db,
  filter: FilledFormFilter,
  batch: number,
  onBatch: (rows: ExportRow[]) => Promise<void>,
): Promise<void> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const query = new PgDialect().sqlToQuery(exportRowsQuery(filter, null, null));
    const client = await pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      await client.query(`declare export_rows no scroll cursor for ${query.sql}`, query.params);
      for (;;) {
        const result = await client.query<ExportRow>(`fetch ${batch} from export_rows`);
        if (result.rows.length === 0) break;
        await onBatch(result.rows);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return;
  }
  let after: SubjectCursor | null = null;
  for (;;) {
    const rows: ExportRow[] = rowsOf<ExportRow>(await db.execute(exportRowsQuery(filter, after, batch)));
    if (rows.length === 0) return;
    await onBatch(rows);
    const last: ExportRow | undefined = rows[rows.length - 1];
    if (!last) return;
    after = { patientId: last.patientId, dataEventId: last.dataEventId, id: last.id };
  }
}

/** An audit event as the ODM's audit records and signatures show it. */
export type ExportAuditRow = {
  id: string;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  reason: string | null;
  occurredAt: string;
  /** The questions whose answers the event changed (filled forms). */
  answerKeys: string[] | null;
  signature: { signerId: string; printedName: string; signedAt: string; meaning: string } | null;
  siteId: string | null;
};

const auditColumns = sql`${auditEvents.id} as "id", ${auditEvents.actorType} as "actorType",
  ${auditEvents.actorId} as "actorId", ${auditEvents.actorName} as "actorName", ${auditEvents.action} as "action",
  ${auditEvents.entityType} as "entityType", ${auditEvents.entityId} as "entityId", ${auditEvents.reason} as "reason",
  ${isoText(auditEvents.occurredAt)} as "occurredAt",
  case when jsonb_typeof(${auditEvents.after}->'answers') = 'object'
    then array(select jsonb_object_keys(${auditEvents.after}->'answers')) end as "answerKeys",
  case when jsonb_typeof(${auditEvents.after}->'signature') = 'object' then ${auditEvents.after}->'signature' end as "signature"`;

/** The audit events of some filled forms, enrolments and data events (tokens), in commit order. */
export async function auditOfEntities(
  db: Executor,
  studyId: string,
  ids: { questionnaires: readonly string[]; enrollments: readonly string[]; tokens: readonly string[] },
): Promise<ExportAuditRow[]> {
  const parts: SQL[] = [];
  const add = (type: string, list: readonly string[]) => {
    if (list.length > 0)
      parts.push(
        sql`(${auditEvents.entityType} = ${type} and ${auditEvents.entityId} in (${sql.join(
          list.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
      );
  };
  add('QUESTIONNAIRE', ids.questionnaires);
  add('ENROLLMENT', ids.enrollments);
  add('TOKEN', ids.tokens);
  if (parts.length === 0) return [];
  return rowsOf<ExportAuditRow>(
    await db.execute(sql`select ${auditColumns}, null as "siteId" from ${auditEvents}
      where ${auditEvents.studyId} = ${studyId} and (${sql.join(parts, sql` or `)})
      order by ${auditEvents.ticket}`),
  );
}

/**
 * Signed events that belong to no filled form: the study's own (lifecycle, settings) and the
 * adverse events' (report and lifecycle signatures) at the exported sites, a page at a time.
 */
export async function otherSignaturesPage(
  db: Executor,
  studyId: string,
  siteIds: 'ALL' | readonly string[],
  afterTicket: number,
): Promise<(ExportAuditRow & { ticket: number })[]> {
  const aeSite =
    siteIds === 'ALL'
      ? sql`true`
      : sql`${adverseEvents.siteId} in (${sql.join(
          [...siteIds, ''].map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return rowsOf<ExportAuditRow & { ticket: number }>(
    await db.execute(sql`select ${auditColumns}, ${adverseEvents.siteId} as "siteId", ${auditEvents.ticket}::text as "ticket"
      from ${auditEvents}
      left join ${adverseEvents} on ${auditEvents.entityType} = 'ADVERSE_EVENT'
        and ${adverseEvents.studyId} = ${auditEvents.studyId} and ${adverseEvents.id} = ${auditEvents.entityId}
      where ${auditEvents.studyId} = ${studyId} and ${auditEvents.ticket} > ${afterTicket}
        and jsonb_typeof(${auditEvents.after}->'signature') = 'object'
        and (${auditEvents.entityType} = 'STUDY' or (${auditEvents.entityType} = 'ADVERSE_EVENT' and ${aeSite}))
      order by ${auditEvents.ticket}
      limit 1000`),
  ).map((r) => ({ ...r, ticket: Number(r.ticket) }));
}
