import { FEED_ACTIONS, type FeedKind, type FeedScope } from '@trialbase/domain';
import { and, asc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { chainOf } from '../../platform/audit/chain';
import { auditChainHeads, auditEvents, auditLinks } from '../../platform/audit/tables';
import type { Executor } from '../../platform/db/client';
import { customAeReports } from '../adverse-events/custom-reports/tables';
import { adverseEvents } from '../adverse-events/tables';
import { enrollments } from '../enrollments/tables';
import { queries } from '../queries/tables';
import { questionnaires } from '../questionnaires/tables';
import { subjects } from '../subjects/tables';

/*
 * The feed reads the study's audit chain (issue 26 item 4). Only sequenced events are read: their
 * positions are final and gap-free, and the sequencer gives them in one transaction per pass, one pass
 * at a time, so a reader's snapshot holds every position up to the chain head it sees and none above.
 * An event whose transaction commits late is still unsequenced then; it gets a position above the head
 * when it is sequenced, so a reader resuming from its cursor finds it. Reading unsequenced events by
 * ticket instead could skip one: a ticket is drawn before commit, so a lower ticket can become visible
 * after a higher one was read.
 */

/** Where a change happened: the entity's own site and, through its enrolment, the subject. */
const siteOfChange = sql<
  string | null
>`coalesce(${questionnaires.siteId}, ${queries.siteId}, ${adverseEvents.siteId}, ${customAeReports.siteId})`;

function kindCondition(kind: FeedKind, sites: 'ALL' | string[]): SQL | undefined {
  const actions = inArray(auditEvents.action, [...FEED_ACTIONS[kind]]);
  if (sites === 'ALL') return actions;
  return and(actions, inArray(siteOfChange, sites));
}

export type FeedRow = Awaited<ReturnType<typeof readFeedRows>>[number];

/**
 * Up to `limit` sequenced changes of the study with a position in (`after`, `upTo`] that the scope
 * lets through, in position order, with their context. `upTo` is a chain head read before: every
 * position up to it is committed, so this later statement sees all of them.
 */
export async function readFeedRows(
  db: Executor,
  studyId: string,
  input: { after: number; upTo: number; limit: number; scope: FeedScope },
) {
  const chain = chainOf(studyId);
  const kinds = Object.entries(input.scope) as [FeedKind, 'ALL' | string[]][];
  const enrollmentIdOf = sql`coalesce(${questionnaires.enrollmentId}, ${queries.enrollmentId}, ${adverseEvents.enrollmentId}, ${customAeReports.enrollmentId})`;
  const rows = await db
    .select({
      position: auditLinks.seq,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      actorType: auditEvents.actorType,
      actorId: auditEvents.actorId,
      actorName: auditEvents.actorName,
      occurredAt: auditEvents.occurredAt,
      after: auditEvents.after,
      reason: auditEvents.reason,
      siteId: siteOfChange,
      enrollmentId: sql<string | null>`${enrollmentIdOf}`,
      subjectId: sql<
        string | null
      >`coalesce(${enrollments.subjectId}, ${adverseEvents.subjectId}, ${customAeReports.subjectId})`,
      questionnaireId: sql<
        string | null
      >`coalesce(${questionnaires.id}, ${queries.questionnaireId}, ${customAeReports.questionnaireId})`,
      formId: sql<
        string | null
      >`coalesce(${questionnaires.formId}, ${queries.formId}, ${customAeReports.formId})`,
      dataEventId: sql<
        string | null
      >`coalesce(${questionnaires.dataEventId}, nullif(${queries.dataEventId}, ''))`,
      questionId: queries.questionId,
      patientId: subjects.patientId,
      attributes: subjects.attributes,
      enrollmentDetails: enrollments.details,
    })
    .from(auditLinks)
    .innerJoin(auditEvents, eq(auditEvents.id, auditLinks.eventId))
    .leftJoin(
      questionnaires,
      and(
        eq(auditEvents.entityType, 'QUESTIONNAIRE'),
        eq(questionnaires.studyId, studyId),
        eq(questionnaires.id, auditEvents.entityId),
      ),
    )
    .leftJoin(
      queries,
      and(
        eq(auditEvents.entityType, 'QUERY'),
        eq(queries.studyId, studyId),
        eq(queries.id, auditEvents.entityId),
      ),
    )
    .leftJoin(
      adverseEvents,
      and(
        eq(auditEvents.entityType, 'ADVERSE_EVENT'),
        eq(adverseEvents.studyId, studyId),
        eq(adverseEvents.id, auditEvents.entityId),
      ),
    )
    .leftJoin(
      customAeReports,
      and(
        eq(auditEvents.entityType, 'AE_REPORT'),
        eq(customAeReports.studyId, studyId),
        eq(customAeReports.id, auditEvents.entityId),
      ),
    )
    .leftJoin(enrollments, and(eq(enrollments.studyId, studyId), sql`${enrollments.id} = ${enrollmentIdOf}`))
    .leftJoin(
      subjects,
      and(
        eq(subjects.studyId, studyId),
        sql`${subjects.id} = coalesce(${enrollments.subjectId}, ${adverseEvents.subjectId}, ${customAeReports.subjectId})`,
      ),
    )
    .where(
      and(
        eq(auditLinks.chain, chain),
        gt(auditLinks.seq, input.after),
        lte(auditLinks.seq, input.upTo),
        or(...kinds.map(([kind, sites]) => kindCondition(kind, sites))),
      ),
    )
    .orderBy(asc(auditLinks.seq))
    .limit(input.limit);
  return rows;
}

/** The last position of the study's chain (0 before its first sequenced event). */
export async function readChainHead(db: Executor, studyId: string): Promise<number> {
  const [row] = await db
    .select({ seq: auditChainHeads.seq })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, chainOf(studyId)))
    .limit(1);
  return row?.seq ?? 0;
}
