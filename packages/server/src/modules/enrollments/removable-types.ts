/**
 * The enrollments module's soft-delete types (spec 000 §3: unscheduledevent, discontinueEvent; spec
 * 001 §7 soft delete), registered with the storage (platform/soft-delete/registry.ts). Removing one
 * hides the event's link (token.removed_at): it leaves the enrollment's unscheduled events; the
 * enrollment's status is not changed by it.
 */
import type { TokenType } from '@trialbase/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { RemovableItem, RemovableType } from '../../platform/soft-delete/registry';
import type { UseCaseContext } from '../../platform/use-case';
import { subjects } from '../subjects/tables';
import { enrollments } from './tables';
import { tokens } from './tokens/tables';

async function loadEventToken(
  ctx: UseCaseContext,
  studyId: string,
  id: string,
  types: readonly TokenType[],
): Promise<RemovableItem | null> {
  const [row] = await ctx.tx
    .select({
      id: tokens.id,
      type: tokens.type,
      removedAt: tokens.removedAt,
      createdAt: tokens.createdAt,
      siteId: enrollments.siteId,
      subjectId: enrollments.subjectId,
      patientId: subjects.patientId,
    })
    .from(tokens)
    .innerJoin(
      enrollments,
      and(eq(enrollments.studyId, tokens.studyId), eq(enrollments.id, tokens.enrollmentId)),
    )
    .innerJoin(
      subjects,
      and(eq(subjects.studyId, enrollments.studyId), eq(subjects.id, enrollments.subjectId)),
    )
    .where(and(eq(tokens.studyId, studyId), eq(tokens.id, id), inArray(tokens.type, [...types])))
    .for('update', { of: tokens })
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    siteId: row.siteId,
    subjectId: row.subjectId,
    label: `${row.patientId} · ${row.type} · ${row.createdAt.toISOString().slice(0, 10)}`,
    isRemoved: row.removedAt !== null,
  };
}

async function setTokenRemoved(ctx: UseCaseContext, studyId: string, id: string, isRemoved: boolean) {
  await ctx.tx
    .update(tokens)
    .set({ removedAt: isRemoved ? ctx.now : null, updatedAt: ctx.now })
    .where(and(eq(tokens.studyId, studyId), eq(tokens.id, id)));
}

function eventType(type: string, tokenTypes: readonly TokenType[]): RemovableType {
  return {
    type,
    load: (ctx, studyId, id) => loadEventToken(ctx, studyId, id, tokenTypes),
    setRemoved: setTokenRemoved,
  };
}

/** unscheduledevent: an unexpected or external event; discontinueEvent: a discontinuation event. */
export const ENROLLMENT_REMOVABLE_TYPES: readonly RemovableType[] = [
  eventType('unscheduledevent', ['UNEXPECTED', 'EXTERNAL']),
  eventType('discontinueEvent', ['DISCONTINUED']),
];
