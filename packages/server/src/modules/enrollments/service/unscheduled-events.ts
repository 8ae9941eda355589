/**
 * Unscheduled events and repeated data events of an enrollment (spec 001 §3 pathway unexpected /
 * discontinued / external; §7 POST .../unexpected and POST .../dataEvents/{dataEventId}/multiple).
 * Each creates a token that is active at once, in one transaction with the enrollment locked.
 */
import {
  addZonedOffset,
  type DataEvent,
  type DiscontinuationReason,
  DiscontinuationSchema,
  type EnrollmentStatus,
  enrollmentActionForUnscheduled,
  enrollmentStateMachine,
  isEnrollmentActive,
  repeatRefusal,
  type TokenDetails,
  type TokenStatus,
  type TokenType,
  tokenStateMachine,
  tokenTypeForDataEvent,
  UNSCHEDULED_EVENTS,
  type UnscheduledDataEventType,
  type UnscheduledEventBody,
  unscheduledSelectionOf,
} from '@trialbase/domain';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId, newLinkToken } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { enrollmentDetailsOf } from '../details';
import { type EnrollmentRow, findEnrollmentProcess, findSubject, updateEnrollment } from '../repo';
import {
  claimNotification,
  findToken,
  insertTokens,
  listEnrollmentTokens,
  type TokenInsert,
  type TokenRow,
} from '../tokens/api';
import { contactOf, type ScheduleEnv, sendTokenLink } from '../tokens/service/send-link';
import { lockEnrollmentOrThrow, settleOpenTokens } from './change-status';
import { requireDataCaptureStudy } from './enroll-subject';

/** The unscheduled event type of an unscheduled token type. */
export const UNSCHEDULED_TYPE_OF_TOKEN: Partial<Record<TokenType, UnscheduledDataEventType>> = {
  UNEXPECTED: 'TYPE_UNEXPECTED',
  DISCONTINUED: 'TYPE_DISCONTINUED',
  EXTERNAL: 'TYPE_EXTERNAL',
};
export const UNSCHEDULED_TOKEN_TYPES = Object.keys(UNSCHEDULED_TYPE_OF_TOKEN) as TokenType[];

/** Token details of a staff-created token: who recorded it; a repeat names the token it repeats; an import its id. */
export type CreatedTokenDetails = Pick<TokenDetails, 'recordedBy' | 'repeatOf' | 'importId'>;

function assertActive(enrollment: EnrollmentRow): void {
  if (!isEnrollmentActive(enrollment.status as EnrollmentStatus)) {
    throw new AppError('PRECONDITION', 'The enrollment has ended.', {
      id: 'INVALID_ENROLLMENT',
      context: { status: enrollment.status },
    });
  }
}

/** Inserts a token already active (NOT_ACTIVE → UNUSED at once) and audits both steps. */
async function insertActiveToken(
  ctx: UseCaseContext,
  enrollment: EnrollmentRow,
  values: Pick<TokenInsert, 'dataEventId' | 'position' | 'type' | 'expiryTime'> & {
    details: CreatedTokenDetails;
    /** When the event happened, if before it was recorded (an imported external result's date). */
    activatedAt?: Date;
  },
): Promise<TokenRow> {
  const status = tokenStateMachine.next('NOT_ACTIVE', 'activate');
  const activatedAt = values.activatedAt ?? ctx.now;
  const row: TokenRow = {
    studyId: enrollment.studyId,
    id: newId(ctx.now),
    token: newLinkToken(),
    enrollmentId: enrollment.id,
    processId: enrollment.processId,
    dataEventId: values.dataEventId,
    position: values.position,
    type: values.type,
    status,
    locked: false,
    missingData: false,
    activationTime: activatedAt,
    expiryTime: values.expiryTime ?? null,
    activatedAt,
    completedTime: null,
    details: values.details,
    removedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await insertTokens(ctx.tx, [row]);
  const base = { entityType: 'TOKEN', entityId: row.id, studyId: enrollment.studyId } as const;
  await ctx.audit({
    ...base,
    action: 'TOKEN_CREATED',
    after: { enrollmentId: enrollment.id, dataEventId: row.dataEventId, type: row.type, ...values.details },
  });
  await ctx.audit({
    ...base,
    action: 'TOKEN_ACTIVATED',
    before: { status: 'NOT_ACTIVE' },
    after: {
      status,
      activatedAt: activatedAt.toISOString(),
      expiryTime: row.expiryTime?.toISOString() ?? null,
    },
  });
  return row;
}

/** REGISTERED → ONGOING when the first event happens (as the schedule does on activation). */
async function startIfRegistered(ctx: UseCaseContext, enrollment: EnrollmentRow): Promise<void> {
  if (enrollment.status !== 'REGISTERED') return;
  const next = enrollmentStateMachine.next('REGISTERED', 'start');
  await updateEnrollment(ctx.tx, enrollment.studyId, enrollment.id, { status: next, updatedAt: ctx.now });
  await ctx.audit({
    action: 'ENROLLMENT_STARTED',
    entityType: 'ENROLLMENT',
    entityId: enrollment.id,
    studyId: enrollment.studyId,
    before: { status: 'REGISTERED' },
    after: { status: next },
  });
  enrollment.status = next;
}

function discontinuationOf(body: UnscheduledEventBody, actorId: string | null, now: Date) {
  if (body.type !== 'TYPE_DISCONTINUED') return null;
  const parsed = DiscontinuationSchema.safeParse({
    reason: body.reason,
    otherReason: body.otherReason ?? null,
    discontinuedBy: actorId ?? '0'.repeat(24),
    discontinuedTime: now.toISOString(),
  });
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
      'The discontinuation is not complete.',
    );
  }
  return { reason: body.reason as DiscontinuationReason, otherReason: body.otherReason ?? null };
}

/**
 * Spec 001 §7 `POST .../enrollments/{enrollmentId}/unexpected`: records an unscheduled event of
 * the type the process switches on (else `PROCESS_MISSING_UNSCHEDULED`) as a token of that type
 * for the process's form selection, active at once. A discontinued event also discontinues the
 * enrollment: its reason is kept and the other open and waiting links are switched off.
 */
export async function recordUnscheduledEvent(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    enrollmentId: string;
    body: UnscheduledEventBody;
    /** An external data import (issue 28 item 4): its id and the result's date. */
    imported?: { importId: string; eventTime: Date };
  },
): Promise<TokenRow> {
  await requireDataCaptureStudy(ctx, input.studyId);
  const enrollment = await lockEnrollmentOrThrow(ctx, input.studyId, input.enrollmentId);
  assertActive(enrollment);
  const type = input.body.type;
  const process = await findEnrollmentProcess(ctx.tx, input.studyId, enrollment.processId);
  const selection = process ? unscheduledSelectionOf(process, type) : null;
  if (!process || !selection) {
    throw new AppError('PRECONDITION', 'The process has no such unscheduled event switched on.', {
      id: 'PROCESS_MISSING_UNSCHEDULED',
      context: { type },
    });
  }
  const discontinuation = discontinuationOf(input.body, ctx.actor.id, ctx.now);
  const token = await insertActiveToken(ctx, enrollment, {
    dataEventId: selection.id,
    position: process.dataEvents.length,
    type: UNSCHEDULED_EVENTS[type].tokenType,
    expiryTime: null,
    details: { recordedBy: ctx.actor.id, ...(input.imported ? { importId: input.imported.importId } : {}) },
    ...(input.imported ? { activatedAt: input.imported.eventTime } : {}),
  });
  await ctx.audit({
    action: 'UNSCHEDULED_EVENT_RECORDED',
    entityType: 'ENROLLMENT',
    entityId: enrollment.id,
    studyId: input.studyId,
    after: { type, tokenId: token.id, dataEventId: selection.id, ...(discontinuation ?? {}) },
    reason: discontinuation?.otherReason ?? discontinuation?.reason ?? null,
  });
  const action = enrollmentActionForUnscheduled(type);
  if (!action) {
    await startIfRegistered(ctx, enrollment);
    return token;
  }
  const reason = discontinuation?.otherReason ?? discontinuation?.reason ?? 'DISCONTINUED';
  const disabled = await settleOpenTokens(ctx, enrollment, 'disable', reason, (t) => t.id === token.id);
  const from = enrollment.status as EnrollmentStatus;
  const to = enrollmentStateMachine.next(from, action);
  const details = {
    ...enrollmentDetailsOf(enrollment),
    discontinuation: discontinuation && {
      ...discontinuation,
      discontinuedBy: ctx.actor.id,
      discontinuedTime: ctx.now.toISOString(),
      tokenId: token.id,
    },
    disabledTokens: disabled,
  };
  await updateEnrollment(ctx.tx, input.studyId, enrollment.id, { status: to, details, updatedAt: ctx.now });
  await ctx.audit({
    action: 'ENROLLMENT_STATUS_CHANGED',
    entityType: 'ENROLLMENT',
    entityId: enrollment.id,
    studyId: input.studyId,
    before: { status: from },
    after: { status: to, action, discontinuation: details.discontinuation },
    reason,
  });
  return token;
}

/** An enrollment's unscheduled event tokens, oldest first. */
export function unscheduledTokensOf(tokens: TokenRow[]): TokenRow[] {
  return tokens
    .filter((t) => UNSCHEDULED_TYPE_OF_TOKEN[t.type as TokenType] !== undefined && t.removedAt === null)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

function repeatExpiry(event: DataEvent, tokens: TokenRow[], first: TokenRow, now: Date, timeZone: string) {
  switch (event.expiry.type) {
    case 'EXPIRE_AFTER_ACTIVATION':
      return addZonedOffset(now, event.expiry.days, event.expiry.hours, timeZone);
    case 'EXPIRE_BEFORE_NEXT_EVENT': {
      const next = tokens.find((t) => t.position > first.position && t.activationTime !== null);
      return next?.activationTime && next.activationTime > now ? next.activationTime : null;
    }
    case 'EXPIRE_NEVER':
      return null;
  }
}

/**
 * Spec 001 §7 `POST .../dataEvents/{dataEventId}/multiple`, our rule (`repeatRefusal`): a further
 * occurrence of a form event already reached, as a new token of the same event, active at once;
 * it expires by the event's own rule and is sent like an activation. It does not move the
 * schedule: later events keep counting from the first occurrence.
 */
export async function repeatDataEvent(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; dataEventId: string },
  env: ScheduleEnv,
): Promise<TokenRow> {
  const study = await requireDataCaptureStudy(ctx, input.studyId);
  const enrollment = await lockEnrollmentOrThrow(ctx, input.studyId, input.enrollmentId);
  const process = await findEnrollmentProcess(ctx.tx, input.studyId, enrollment.processId);
  const event = process?.dataEvents.find((e) => e.id === input.dataEventId);
  const tokens = await listEnrollmentTokens(ctx.tx, input.studyId, enrollment.id, { lock: true });
  const occurrences = tokens.filter((t) => t.dataEventId === input.dataEventId);
  const first = occurrences[0];
  if (!event || !first) throw notFound('The data event of this enrollment');
  const refusal = repeatRefusal({
    enrollmentStatus: enrollment.status as EnrollmentStatus,
    eventType: event.type,
    firstTokenStatus: first.status as TokenStatus,
    occurrences: occurrences.length,
  });
  if (refusal) {
    throw new AppError('PRECONDITION', 'This data event cannot be repeated now.', {
      id: refusal === 'ENROLLMENT_ENDED' ? 'INVALID_ENROLLMENT' : undefined,
      context: { refusal },
    });
  }
  const token = await insertActiveToken(ctx, enrollment, {
    dataEventId: event.id,
    position: first.position,
    type: tokenTypeForDataEvent(event.type),
    expiryTime: repeatExpiry(event, tokens, first, ctx.now, enrollment.timeZone),
    details: { recordedBy: ctx.actor.id, repeatOf: first.id },
  });
  await startIfRegistered(ctx, enrollment);
  const claim = {
    studyId: input.studyId,
    tokenId: token.id,
    kind: 'ACTIVATION',
    dueAt: ctx.now,
    now: ctx.now,
  };
  if (await claimNotification(ctx.tx, claim)) {
    const subject = await findSubject(ctx.tx, input.studyId, enrollment.subjectId);
    const contact = contactOf(subject?.attributes);
    const primary = study.primaryLanguage;
    await sendTokenLink(ctx, {
      token,
      event,
      purpose: 'ACTIVATION',
      kind: 'ACTIVATION',
      contact,
      languages: { subject: contact.language ?? enrollment.language, primary },
      env,
    });
  }
  return (await findToken(ctx.tx, input.studyId, token.id)) ?? token;
}
