/**
 * Moves one enrollment's schedule forward to `ctx.now` (issue 6 item 5): computes the times
 * that became known, activates due tokens and sends their links, sends due reminders and
 * expires tokens past their expiry. Runs inside the caller's transaction with the enrollment
 * row locked, so it is the only writer of this schedule; every send is claimed in the
 * send-once ledger first, so a rerun or a second server never sends twice.
 */
import {
  computeSchedule,
  type DataEvent,
  type EventFacts,
  type EventSchedule,
  enrollmentStateMachine,
  type Process,
  type TokenDetails,
  type TokenStatus,
  tokenStateMachine,
} from '@trialbase/domain';
import { AppError } from '../../../../platform/errors';
import type { UseCaseContext } from '../../../../platform/use-case';
import {
  type EnrollmentRow,
  findEnrollmentProcess,
  findStudyScheduleInfo,
  findSubject,
  updateEnrollment,
} from '../../repo';
import { tokenDetailsOf } from '../details';
import {
  claimNotification,
  deletePlannedNotification,
  listEnrollmentTokens,
  listNotifications,
  markNotificationSent,
  planNotification,
  type TokenRow,
  updateToken,
} from '../repo';
import { contactOf, type ScheduleEnv, sendTokenLink } from './send-link';

export type AdvanceResult = { activated: number; reminded: number; expired: number; messages: number };

const OPEN: readonly TokenStatus[] = ['UNUSED', 'IN_USE'];
const isOpen = (status: string) => (OPEN as readonly string[]).includes(status);
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Token details the schedule keeps: when staff started it, whether staff pinned its activation. */
export type TokenScheduleDetails = Pick<TokenDetails, 'startedAt' | 'pinnedActivation' | 'pinnedExpiry'>;

export function scheduleDetailsOf(row: Pick<TokenRow, 'details'>): TokenScheduleDetails {
  const d = tokenDetailsOf(row);
  return {
    startedAt: d.startedAt,
    pinnedActivation: d.pinnedActivation === true,
    // Staff gave the link a new window (token status reactivate / reopen): the schedule keeps it.
    pinnedExpiry: d.pinnedExpiry === true,
  };
}

/**
 * A further occurrence of a data event (POST .../dataEvents/{dataEventId}/multiple): it keeps the
 * window it was given and never moves the schedule, which counts from the first occurrence.
 */
export function isRepeatToken(row: Pick<TokenRow, 'details'>): boolean {
  return tokenDetailsOf(row).repeatOf !== undefined;
}

/** What has happened to each token, as the pure schedule reads it. */
function factsOf(rows: TokenRow[]): Record<string, EventFacts> {
  const facts: Record<string, EventFacts> = {};
  for (const row of rows) {
    if (isRepeatToken(row)) continue;
    const details = scheduleDetailsOf(row);
    const fixed = row.status !== 'NOT_ACTIVE' || details.pinnedActivation;
    facts[row.dataEventId] = {
      fixedActivation: fixed ? (row.activationTime ?? row.activatedAt) : undefined,
      startedAt: details.startedAt ? new Date(details.startedAt) : null,
      completedAt: row.completedTime,
    };
  }
  return facts;
}

type Loaded = {
  enrollment: EnrollmentRow;
  process: Process;
  events: Map<string, DataEvent>;
  tokens: TokenRow[];
};

async function load(
  ctx: UseCaseContext,
  enrollment: EnrollmentRow,
  known: Process | undefined,
): Promise<Loaded> {
  const process = known ?? (await findEnrollmentProcess(ctx.tx, enrollment.studyId, enrollment.processId));
  if (!process) throw new AppError('INTERNAL', 'The enrollment refers to a process that does not exist.');
  const tokens = await listEnrollmentTokens(ctx.tx, enrollment.studyId, enrollment.id, { lock: true });
  return { enrollment, process, events: new Map(process.dataEvents.map((e) => [e.id, e])), tokens };
}

/** Writes the times and reminder plans that changed; audits each token whose times moved. */
async function applySchedule(ctx: UseCaseContext, loaded: Loaded): Promise<void> {
  const { enrollment, tokens } = loaded;
  const schedule = computeSchedule({
    events: loaded.process.dataEvents,
    registeredAt: enrollment.registeredAt,
    timeZone: enrollment.timeZone,
    facts: factsOf(tokens),
  });
  const byEvent = new Map<string, EventSchedule>(schedule.map((s) => [s.dataEventId, s]));
  const scheduled = tokens.filter(
    (token) =>
      byEvent.has(token.dataEventId) &&
      !isRepeatToken(token) &&
      (token.status === 'NOT_ACTIVE' || isOpen(token.status)),
  );
  // Nothing left to plan (every token done): the reminder plans need not be read (issue 16 item 2).
  if (scheduled.length === 0) return;
  const notifications = await listNotifications(
    ctx.tx,
    enrollment.studyId,
    tokens.map((t) => t.id),
  );
  for (const token of scheduled) {
    const planned = byEvent.get(token.dataEventId);
    if (!planned) continue;
    const activation = token.status === 'NOT_ACTIVE' ? planned.activationTime : token.activationTime;
    const expiry = scheduleDetailsOf(token).pinnedExpiry ? token.expiryTime : planned.expiryTime;
    if (!sameTime(activation, token.activationTime) || !sameTime(expiry, token.expiryTime)) {
      await updateToken(ctx.tx, token.studyId, token.id, {
        activationTime: activation,
        expiryTime: expiry,
        updatedAt: ctx.now,
      });
      await ctx.audit({
        action: 'TOKEN_SCHEDULED',
        entityType: 'TOKEN',
        entityId: token.id,
        studyId: token.studyId,
        before: { activationTime: iso(token.activationTime), expiryTime: iso(token.expiryTime) },
        after: { activationTime: iso(activation), expiryTime: iso(expiry) },
      });
      token.activationTime = activation;
      token.expiryTime = expiry;
    }
    const wanted = new Set(planned.reminders.map((r) => r.key));
    for (const reminder of planned.reminders) {
      await planNotification(ctx.tx, {
        studyId: token.studyId,
        tokenId: token.id,
        kind: reminder.key,
        dueAt: reminder.dueAt,
        now: ctx.now,
      });
    }
    for (const n of notifications) {
      if (n.tokenId === token.id && n.kind.startsWith('REMINDER:') && !n.sentAt && !wanted.has(n.kind)) {
        await deletePlannedNotification(ctx.tx, token.studyId, token.id, n.kind);
      }
    }
  }
}

type Messaging = {
  languages: { subject: string | null; primary: string };
  contact: ReturnType<typeof contactOf>;
};

async function messagingFor(ctx: UseCaseContext, enrollment: EnrollmentRow): Promise<Messaging> {
  const [study, subject] = await Promise.all([
    findStudyScheduleInfo(ctx.tx, enrollment.studyId),
    findSubject(ctx.tx, enrollment.studyId, enrollment.subjectId),
  ]);
  const contact = contactOf(subject?.attributes);
  return {
    contact,
    languages: { subject: contact.language ?? enrollment.language, primary: study?.primaryLanguage ?? 'en' },
  };
}

/** NOT_ACTIVE → UNUSED (token state machine `activate`), the enrollment starts, the link goes out. */
async function activate(
  ctx: UseCaseContext,
  loaded: Loaded,
  token: TokenRow,
  send: () => Promise<Messaging>,
  env: ScheduleEnv,
): Promise<number> {
  const status = tokenStateMachine.next('NOT_ACTIVE', 'activate');
  await updateToken(ctx.tx, token.studyId, token.id, { status, activatedAt: ctx.now, updatedAt: ctx.now });
  await ctx.audit({
    action: 'TOKEN_ACTIVATED',
    entityType: 'TOKEN',
    entityId: token.id,
    studyId: token.studyId,
    before: { status: token.status },
    after: { status, activationTime: iso(token.activationTime), activatedAt: ctx.now.toISOString() },
  });
  token.status = status;
  token.activatedAt = ctx.now;
  const { enrollment } = loaded;
  if (enrollment.status === 'REGISTERED') {
    const next = enrollmentStateMachine.next('REGISTERED', 'start');
    await updateEnrollment(ctx.tx, enrollment.studyId, enrollment.id, { status: next, updatedAt: ctx.now });
    await ctx.audit({
      action: 'ENROLLMENT_STARTED',
      entityType: 'ENROLLMENT',
      entityId: enrollment.id,
      studyId: enrollment.studyId,
      before: { status: enrollment.status },
      after: { status: next },
    });
    enrollment.status = next;
  }
  // A link that has already expired (the server was down past the whole window) is not sent.
  if (token.expiryTime && token.expiryTime <= ctx.now) return 0;
  const event = loaded.events.get(token.dataEventId);
  if (!event) return 0;
  const dueAt = token.activationTime ?? ctx.now;
  const claimed = await claimNotification(ctx.tx, {
    studyId: token.studyId,
    tokenId: token.id,
    kind: 'ACTIVATION',
    dueAt,
    now: ctx.now,
  });
  if (!claimed) return 0;
  const messaging = await send();
  const results = await sendTokenLink(ctx, {
    token,
    event,
    purpose: 'ACTIVATION',
    kind: 'ACTIVATION',
    ...messaging,
    env,
  });
  return results.filter((r) => r.sent).length;
}

async function sendDueReminders(
  ctx: UseCaseContext,
  loaded: Loaded,
  token: TokenRow,
  send: () => Promise<Messaging>,
  env: ScheduleEnv,
): Promise<{ reminded: number; messages: number }> {
  const event = loaded.events.get(token.dataEventId);
  if (!event) return { reminded: 0, messages: 0 };
  const notifications = await listNotifications(ctx.tx, token.studyId, [token.id]);
  const due = notifications
    .filter((n) => n.kind.startsWith('REMINDER:') && !n.sentAt && n.dueAt <= ctx.now)
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  let reminded = 0;
  let messages = 0;
  for (const n of due) {
    if (!(await markNotificationSent(ctx.tx, token.studyId, token.id, n.kind, ctx.now))) continue;
    const results = await sendTokenLink(ctx, {
      token,
      event,
      purpose: 'REMINDER',
      kind: n.kind,
      ...(await send()),
      env,
    });
    reminded += 1;
    messages += results.filter((r) => r.sent).length;
  }
  return { reminded, messages };
}

async function expire(ctx: UseCaseContext, token: TokenRow): Promise<void> {
  const status = tokenStateMachine.next(token.status as TokenStatus, 'expire');
  await updateToken(ctx.tx, token.studyId, token.id, { status, updatedAt: ctx.now });
  await ctx.audit({
    action: 'TOKEN_EXPIRED',
    entityType: 'TOKEN',
    entityId: token.id,
    studyId: token.studyId,
    before: { status: token.status },
    after: { status, expiryTime: iso(token.expiryTime) },
  });
  token.status = status;
}

/**
 * Issue 6 item 5: brings the locked enrollment's schedule up to `ctx.now`. Activating one token
 * can make the next one's time known (PREVIOUS chains, expiry before the next event), so the
 * schedule is recomputed after every activation until nothing more is due.
 */
export async function advanceEnrollment(
  ctx: UseCaseContext,
  enrollment: EnrollmentRow,
  env: ScheduleEnv,
  /** The enrollment's process when the caller has it already (a fill read it with the lock). */
  known: { process?: Process } = {},
): Promise<AdvanceResult> {
  const result: AdvanceResult = { activated: 0, reminded: 0, expired: 0, messages: 0 };
  if (enrollment.status !== 'REGISTERED' && enrollment.status !== 'ONGOING') return result;
  const loaded = await load(ctx, enrollment, known.process);
  let messaging: Messaging | null = null;
  const send = async () => {
    messaging ??= await messagingFor(ctx, enrollment);
    return messaging;
  };
  for (let round = 0; round <= loaded.tokens.length; round += 1) {
    await applySchedule(ctx, loaded);
    const due = loaded.tokens.find(
      (t) => t.status === 'NOT_ACTIVE' && t.activationTime !== null && t.activationTime <= ctx.now,
    );
    if (!due) break;
    result.messages += await activate(ctx, loaded, due, send, env);
    result.activated += 1;
  }
  for (const token of loaded.tokens) {
    if (!isOpen(token.status)) continue;
    if (token.expiryTime && token.expiryTime <= ctx.now) {
      await expire(ctx, token);
      result.expired += 1;
      continue;
    }
    const sent = await sendDueReminders(ctx, loaded, token, send, env);
    result.reminded += sent.reminded;
    result.messages += sent.messages;
  }
  return result;
}
