/**
 * The daily query digest (issue 19 item 4): users whose notification setting is DAILY_DIGEST get one
 * email a day per study listing the queries of the last 24 hours that wait for them: open queries on
 * their sites when they may respond, and answers to the queries they raised when they hold
 * QUERY_NOTIFY. A scheduled job (QUERY_DIGEST_QUEUE, daily) runs it; one use case per study.
 */
import { messageLanguages } from '@trialbase/domain';
import type { Db } from '../../../platform/db/client';
import { t } from '../../../platform/i18n/i18n';
import { queueMessage } from '../../../platform/outbox/outbox';
import { runUseCase, SYSTEM_ACTOR } from '../../../platform/use-case';
import {
  findStudyFacts,
  listQueriesChangedBetween,
  listStudyStaff,
  loadListNames,
  type QueryRow,
} from '../repo';
import { type NotifyEnv, queryLink, staffHolds } from './notify';

export const QUERY_DIGEST_QUEUE = 'query-digest';
/** Every day at 06:00 server time. */
export const QUERY_DIGEST_CRON = '0 6 * * *';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Sends the digests of the day before `now`; returns how many emails were queued. */
export async function sendQueryDigests(db: Db, now: Date, env: NotifyEnv): Promise<number> {
  const changed = await listQueriesChangedBetween(db, new Date(now.getTime() - DAY_MS), now);
  const byStudy = new Map<string, QueryRow[]>();
  for (const q of changed) byStudy.set(q.studyId, [...(byStudy.get(q.studyId) ?? []), q]);
  let sent = 0;
  for (const [studyId, rows] of byStudy) {
    sent += await runUseCase(
      db,
      SYSTEM_ACTOR,
      async (ctx) => {
        const staff = (await listStudyStaff(ctx.tx, studyId)).filter(
          (s) => s.queryNotifications === 'DAILY_DIGEST',
        );
        if (staff.length === 0) return 0;
        const study = await findStudyFacts(ctx.tx, studyId);
        const names = await loadListNames(ctx.tx, studyId, rows);
        let queued = 0;
        const users = new Map(staff.map((s) => [s.userId, staff.filter((x) => x.userId === s.userId)]));
        for (const [userId, grants] of users) {
          const first = grants[0];
          if (!first) continue;
          const languages = messageLanguages({ recipient: first.language });
          const holds = (permission: 'QUERY_RESPOND' | 'QUERY_NOTIFY', siteId: string) =>
            grants.some((g) => staffHolds(g, studyId, permission, siteId));
          const lines = rows.flatMap((q) => {
            const subject = names.subjects.get(q.enrollmentId)?.label ?? '';
            if (q.status === 'OPEN' && q.createdBy !== userId && holds('QUERY_RESPOND', q.siteId))
              return [
                `- ${t(languages, 'queries:EMAILS.DIGEST.RAISED')}: ${subject}: "${q.queryText}"\n  ${queryLink(env, q)}`,
              ];
            if (q.status === 'RESPONDED' && q.createdBy === userId && holds('QUERY_NOTIFY', q.siteId))
              return [
                `- ${t(languages, 'queries:EMAILS.DIGEST.ANSWERED')}: ${subject}: "${q.queryText}"\n  ${queryLink(env, q)}`,
              ];
            return [];
          });
          if (lines.length === 0) continue;
          await queueMessage(ctx, {
            channel: 'EMAIL',
            to: first.email,
            studyId,
            subject: t(languages, 'queries:EMAILS.DIGEST.SUBJECT', { study: study?.name ?? '' }),
            body: t(languages, 'queries:EMAILS.DIGEST.BODY', {
              firstName: first.firstName,
              study: study?.name ?? '',
              count: lines.length,
              list: lines.join('\n'),
            }),
          });
          queued += 1;
        }
        return queued;
      },
      now,
    );
  }
  return sent;
}
