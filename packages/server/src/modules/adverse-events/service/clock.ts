import {
  type AeClockKind,
  type AeStudySettings,
  aeClockKind,
  aeClockTimes,
  messageLanguages,
} from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { t } from '../../../platform/i18n/i18n';
import { queueMessage } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  type AeRow,
  findAeSettings,
  type findDueClocks,
  findSiteName,
  findStudyForAe,
  findSubjectForAe,
  languagesByEmail,
} from '../repo';
import { adverseEvents } from '../tables';

type ClockColumns = Pick<
  AeRow,
  | 'clockKind'
  | 'clockStartedAt'
  | 'clockDeadline'
  | 'clockReminderAt'
  | 'clockStoppedAt'
  | 'clockReminderSentAt'
  | 'clockOverdueSentAt'
>;

const NO_CLOCK: ClockColumns = {
  clockKind: null,
  clockStartedAt: null,
  clockDeadline: null,
  clockReminderAt: null,
  clockStoppedAt: null,
  clockReminderSentAt: null,
  clockOverdueSentAt: null,
};

/** Only the clock's own columns of a row (a whole row spread over a change would undo the change). */
function clockColumnsOf(row: ClockColumns): ClockColumns {
  return {
    clockKind: row.clockKind,
    clockStartedAt: row.clockStartedAt,
    clockDeadline: row.clockDeadline,
    clockReminderAt: row.clockReminderAt,
    clockStoppedAt: row.clockStoppedAt,
    clockReminderSentAt: row.clockReminderSentAt,
    clockOverdueSentAt: row.clockOverdueSentAt,
  };
}

/** What the clock's columns become after a change of the AE's content (issue 20 item 5). */
export function nextClock(
  before: (ClockColumns & { sae: boolean }) | null,
  after: Pick<AeRow, 'sae' | 'details' | 'seForm'>,
  now: Date,
): { columns: ClockColumns; started: boolean; cleared: boolean } {
  if (!after.sae) {
    const had = before?.clockKind != null;
    return { columns: NO_CLOCK, started: false, cleared: had };
  }
  const kind: AeClockKind = aeClockKind({
    seriousType: after.details.seriousType,
    outcome: after.details.outcome,
    criteria: after.seForm?.criteria ?? null,
  });
  if (before?.clockKind && before.clockStartedAt) {
    if (before.clockKind === kind) return { columns: clockColumnsOf(before), started: false, cleared: false };
    // The type changed (e.g. SAE found to be a SUSAR): same start, new deadline, notices again.
    const times = aeClockTimes(kind, before.clockStartedAt);
    return {
      columns: {
        ...clockColumnsOf(before),
        clockKind: kind,
        clockDeadline: times.deadline,
        clockReminderAt: times.reminderAt,
        clockReminderSentAt: null,
        clockOverdueSentAt: null,
      },
      started: false,
      cleared: false,
    };
  }
  const times = aeClockTimes(kind, now);
  return {
    columns: {
      clockKind: kind,
      clockStartedAt: now,
      clockDeadline: times.deadline,
      clockReminderAt: times.reminderAt,
      clockStoppedAt: null,
      clockReminderSentAt: null,
      clockOverdueSentAt: null,
    },
    started: true,
    cleared: false,
  };
}

type Notice = 'SERIOUS' | 'REMINDER' | 'OVERDUE';

function formatUtc(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Emails every safety contact of the study about the AE (issue 20 item 5), through the outbox in
 * the same transaction, each in the recipient's UI language (a staff account with the email),
 * else the contact's language, else the study's primary language, else English. Returns how many.
 */
export async function notifySafetyContacts(
  ctx: UseCaseContext,
  row: AeRow,
  notice: Notice,
  options: { baseUrl: string; settings?: AeStudySettings },
): Promise<number> {
  const settings = options.settings ?? (await findAeSettings(ctx.tx, row.studyId));
  if (settings.safetyContacts.length === 0 || !row.clockKind || !row.clockDeadline) return 0;
  const study = await findStudyForAe(ctx.tx, row.studyId);
  const subject = await findSubjectForAe(ctx.tx, row.studyId, row.subjectId);
  const siteName = await findSiteName(ctx.tx, row.studyId, row.siteId);
  const accountLanguages = await languagesByEmail(
    ctx.tx,
    settings.safetyContacts.map((c) => c.email),
  );
  const link = `${options.baseUrl.replace(/\/$/, '')}/study/${row.studyId}/ae/${row.id}/edit`;
  for (const contact of settings.safetyContacts) {
    const languages = messageLanguages({
      recipient: accountLanguages.get(contact.email.toLowerCase()) ?? contact.language,
      primary: study?.primaryLanguage ?? null,
    });
    const vars = {
      study: study?.name ?? '',
      subject: subject?.label ?? '',
      site: siteName,
      type: t(languages, `adverse-events:TYPE.${row.details.seriousType ?? 'NONE'}`),
      clock: t(languages, `adverse-events:CLOCK.${row.clockKind}`),
      deadline: formatUtc(row.clockDeadline),
      name: contact.name,
    };
    await queueMessage(ctx, {
      channel: 'EMAIL',
      to: contact.email,
      studyId: row.studyId,
      subject: t(languages, `adverse-events:${notice}.SUBJECT`, vars),
      body: [
        t(languages, 'adverse-events:GREETING', vars),
        t(languages, `adverse-events:${notice}.BODY`, vars),
        t(languages, 'adverse-events:DEADLINE', vars),
        t(languages, 'adverse-events:OPEN', vars),
        link,
      ].join('\n\n'),
    });
  }
  return settings.safetyContacts.length;
}

const SWEEP_BATCH = 50;

/**
 * The clock's sweep (pg-boss queue AE_CLOCK_QUEUE, every minute and after each change): for every
 * running clock whose reminder time or deadline has come, emails the safety contacts once and
 * records the notice (the overdue state itself is computed from the deadline). Returns the number
 * of messages queued.
 */
export async function sweepAeClocks(
  run: <T>(fn: (ctx: UseCaseContext) => Promise<T>) => Promise<T>,
  findDue: (limit: number) => ReturnType<typeof findDueClocks>,
  now: Date,
  baseUrl: string,
): Promise<number> {
  let messages = 0;
  for (let round = 0; round < 100; round++) {
    const due = await findDue(SWEEP_BATCH);
    if (due.length === 0) break;
    for (const { studyId, id } of due) {
      messages += await run(async (ctx) => {
        const [row] = await ctx.tx
          .select()
          .from(adverseEvents)
          .where(and(eq(adverseEvents.studyId, studyId), eq(adverseEvents.id, id)))
          .for('update');
        if (
          !row?.clockKind ||
          row.clockStoppedAt ||
          row.removed ||
          !row.clockDeadline ||
          !row.clockReminderAt
        ) {
          return 0;
        }
        let sent = 0;
        const set: Partial<AeRow> = {};
        if (!row.clockOverdueSentAt && row.clockDeadline.getTime() <= now.getTime()) {
          sent += await notifySafetyContacts(ctx, row, 'OVERDUE', { baseUrl });
          set.clockOverdueSentAt = now;
          // A clock already past its deadline needs no reminder any more.
          if (!row.clockReminderSentAt) set.clockReminderSentAt = now;
          await ctx.audit({
            action: 'AE_CLOCK_OVERDUE',
            entityType: 'ADVERSE_EVENT',
            entityId: row.id,
            studyId,
            before: null,
            after: { kind: row.clockKind, deadline: row.clockDeadline.toISOString(), notified: sent },
          });
        } else if (!row.clockReminderSentAt && row.clockReminderAt.getTime() <= now.getTime()) {
          sent += await notifySafetyContacts(ctx, row, 'REMINDER', { baseUrl });
          set.clockReminderSentAt = now;
          await ctx.audit({
            action: 'AE_CLOCK_REMINDER_SENT',
            entityType: 'ADVERSE_EVENT',
            entityId: row.id,
            studyId,
            before: null,
            after: { kind: row.clockKind, deadline: row.clockDeadline.toISOString(), notified: sent },
          });
        }
        if (Object.keys(set).length > 0) {
          await ctx.tx
            .update(adverseEvents)
            .set(set)
            .where(and(eq(adverseEvents.studyId, studyId), eq(adverseEvents.id, id)));
        }
        return sent;
      });
    }
  }
  return messages;
}
