/**
 * Query emails through the outbox (issue 19 item 4), in each recipient's UI language
 * (locales/{lng}/queries.json, six staff languages, else English):
 * - a query raised on a site goes to the site's staff who may respond to it (QUERY_RESPOND there);
 * - an answer goes to the raiser when they hold QUERY_NOTIFY;
 * each only to users whose notification setting is IMMEDIATE (DAILY_DIGEST users get the daily
 * digest instead, NONE nothing), never to the person who acted.
 */
import {
  type AccessUser,
  hasPermission,
  messageLanguages,
  type Permission,
  type StudyRole,
} from '@trialbase/domain';
import { t } from '../../../platform/i18n/i18n';
import { queueMessage } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';
import { findUserContact, listStudyStaff, type QueryRow, type StaffRecipient } from '../repo';

export type NotifyEnv = { publicBaseUrl: string };

/** The staff screen of the form at the question (routes.tsv review route with `qId`). */
export function queryLink(env: NotifyEnv, q: QueryRow): string {
  const path = `/study/${q.studyId}/patient/review/${q.enrollmentId}/${encodeURIComponent(q.dataEventId)}/${q.tokenId}`;
  const query = `?questionnaireTemplateId=${encodeURIComponent(q.formId)}&qId=${encodeURIComponent(q.questionId)}`;
  return `${env.publicBaseUrl}${path}${query}`;
}

function accessOf(staff: StaffRecipient, studyId: string): AccessUser {
  return {
    systemPermissions: [],
    studyAccess: [
      {
        studyId,
        role: staff.role as StudyRole,
        siteIds: staff.siteIds,
        permissions: staff.extraPermissions as Permission[],
      },
    ],
  };
}

/** Whether one access row of a staff member gives `permission` at the site. */
export function staffHolds(
  staff: StaffRecipient,
  studyId: string,
  permission: Permission,
  siteId: string,
): boolean {
  return hasPermission(accessOf(staff, studyId), permission, { studyId, siteId });
}

/** Staff of the study holding `permission` at the site (one row per user). */
export async function staffWithPermissionAt(
  ctx: UseCaseContext,
  input: { studyId: string; siteId: string; permission: Permission },
): Promise<StaffRecipient[]> {
  const staff = await listStudyStaff(ctx.tx, input.studyId);
  const byUser = new Map<string, StaffRecipient>();
  for (const s of staff) {
    if (
      hasPermission(accessOf(s, input.studyId), input.permission, {
        studyId: input.studyId,
        siteId: input.siteId,
      })
    )
      byUser.set(s.userId, s);
  }
  return [...byUser.values()];
}

type Recipient = { email: string; firstName: string; language: string | null };

async function queueQueryEmail(
  ctx: UseCaseContext,
  to: Recipient,
  kind: 'RAISED' | 'ANSWERED',
  vars: { study: string; subject: string; text: string; link: string },
  studyId: string,
) {
  const languages = messageLanguages({ recipient: to.language });
  await queueMessage(ctx, {
    channel: 'EMAIL',
    to: to.email,
    studyId,
    subject: t(languages, `queries:EMAILS.${kind}.SUBJECT`, vars),
    body: t(languages, `queries:EMAILS.${kind}.BODY`, { ...vars, firstName: to.firstName }),
  });
}

export type QueryMailFacts = { studyName: string; subjectLabel: string };

/** Spec-silent, ours: the site's responders hear of a new query at once (IMMEDIATE setting). */
export async function notifyQueryRaised(
  ctx: UseCaseContext,
  env: NotifyEnv,
  query: QueryRow,
  facts: QueryMailFacts,
): Promise<number> {
  const staff = await staffWithPermissionAt(ctx, {
    studyId: query.studyId,
    siteId: query.siteId,
    permission: 'QUERY_RESPOND',
  });
  let sent = 0;
  for (const s of staff) {
    if (s.userId === query.createdBy || s.userId === ctx.actor.id || s.queryNotifications !== 'IMMEDIATE')
      continue;
    await queueQueryEmail(
      ctx,
      s,
      'RAISED',
      {
        study: facts.studyName,
        subject: facts.subjectLabel,
        text: query.queryText,
        link: queryLink(env, query),
      },
      query.studyId,
    );
    sent += 1;
  }
  return sent;
}

/** The raiser hears of the answer when they hold QUERY_NOTIFY (and chose IMMEDIATE). */
export async function notifyQueryAnswered(
  ctx: UseCaseContext,
  env: NotifyEnv,
  query: QueryRow,
  facts: QueryMailFacts & { responder: string; response: string },
): Promise<boolean> {
  if (!query.createdBy || query.createdBy === ctx.actor.id) return false;
  const raiser = await findUserContact(ctx.tx, query.createdBy);
  if (raiser?.queryNotifications !== 'IMMEDIATE') return false;
  const notified = await staffWithPermissionAt(ctx, {
    studyId: query.studyId,
    siteId: query.siteId,
    permission: 'QUERY_NOTIFY',
  });
  if (!notified.some((s) => s.userId === raiser.userId)) return false;
  const languages = messageLanguages({ recipient: raiser.language });
  await queueMessage(ctx, {
    channel: 'EMAIL',
    to: raiser.email,
    studyId: query.studyId,
    subject: t(languages, 'queries:EMAILS.ANSWERED.SUBJECT', {
      study: facts.studyName,
      subject: facts.subjectLabel,
    }),
    body: t(languages, 'queries:EMAILS.ANSWERED.BODY', {
      firstName: raiser.firstName,
      study: facts.studyName,
      subject: facts.subjectLabel,
      text: query.queryText,
      responder: facts.responder,
      response: facts.response,
      link: queryLink(env, query),
    }),
  });
  return true;
}
