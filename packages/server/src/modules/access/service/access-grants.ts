import {
  type AccessSites,
  type InviteAccess,
  messageLanguages,
  type StudyAccess,
  type UpdateAccess,
  validateAccessSites,
} from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { t } from '../../../platform/i18n/i18n';
import { newId } from '../../../platform/ids';
import { queueMessage } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';
import { presentAccess, userIdsOf } from '../presenters';
import {
  findAccountByEmail,
  findLiveAccessByEmail,
  findLiveStudy,
  findStudyAccess,
  insertStudyAccess,
  listStudyAccess,
  listStudySiteIds,
  listStudySiteNames,
  listUserNames,
  type StudyAccessRow,
  updateStudyAccess,
} from '../repo';
import { studyAccess } from '../tables';

/**
 * Turns the invitations waiting for this email into active access once the user exists
 * (at sign-up, or when an admin creates the account). Crosses studies on purpose: one
 * person may be invited to several. Returns how many were activated.
 */
export async function activateInvitationsForUser(
  ctx: UseCaseContext,
  user: { id: string; email: string },
): Promise<number> {
  const activated = await ctx.tx
    .update(studyAccess)
    .set({ status: 'ACTIVE', userId: user.id, updatedAt: ctx.now })
    .where(and(eq(studyAccess.email, user.email.toLowerCase()), eq(studyAccess.status, 'INVITED')))
    .returning();
  for (const row of activated) {
    await ctx.audit({
      action: 'ACCESS_ACTIVATED',
      entityType: 'STUDY_ACCESS',
      entityId: row.id,
      studyId: row.studyId,
      before: { status: 'INVITED' },
      after: { status: 'ACTIVE', userId: user.id },
    });
  }
  return activated.length;
}

async function requireStudy(ctx: UseCaseContext, studyId: string) {
  const study = await findLiveStudy(ctx.tx, studyId);
  if (!study) throw notFound('The study');
  return study;
}

/** Issue 4: chosen sites must belong to this study (400 at `siteIds`). */
async function assertSitesOfStudy(ctx: UseCaseContext, studyId: string, siteIds: AccessSites): Promise<void> {
  if (siteIds === 'ALL') return;
  const known = await listStudySiteIds(ctx.tx, studyId, siteIds);
  const issues = validateAccessSites(siteIds, known);
  if (issues.length > 0) throw validationError(issues, 'Choose sites of this study.');
}

async function present(ctx: UseCaseContext, row: StudyAccessRow): Promise<StudyAccess> {
  return presentAccess(row, await listUserNames(ctx.tx, userIdsOf([row])));
}

/** Issue 4 item 4: the study's access list (invited and active), with names where users exist. */
export async function listAccess(ctx: UseCaseContext, input: { studyId: string }): Promise<StudyAccess[]> {
  await requireStudy(ctx, input.studyId);
  const rows = await listStudyAccess(ctx.tx, input.studyId);
  const names = await listUserNames(ctx.tx, userIdsOf(rows));
  return rows.map((row) => presentAccess(row, names));
}

/**
 * Issue 4 item 4, spec 000 §6: invites an email to the study with a role, study-wide or for
 * sites. ACTIVE at once when the account exists, otherwise INVITED until sign-up; the
 * invitation email goes through the outbox in the same transaction.
 */
export async function inviteAccess(
  ctx: UseCaseContext,
  input: { studyId: string; invite: InviteAccess; baseUrl: string },
): Promise<StudyAccess> {
  const { studyId, invite } = input;
  const study = await requireStudy(ctx, studyId);
  await assertSitesOfStudy(ctx, studyId, invite.siteIds);
  const email = invite.email.toLowerCase();
  if (await findLiveAccessByEmail(ctx.tx, studyId, email)) {
    throw new AppError('CONFLICT', `${email} already has access to this study or an open invitation.`, {
      id: 'DUPLICATE_NAME',
      context: { issues: [{ path: ['email'], message: 'ACCESS.EMAIL_DUPLICATE' }] },
    });
  }
  const user = await findAccountByEmail(ctx.tx, email);
  const row: StudyAccessRow = {
    studyId,
    id: newId(ctx.now),
    userId: user?.id ?? null,
    email,
    role: invite.role,
    siteIds: invite.siteIds,
    extraPermissions: [],
    status: user ? 'ACTIVE' : 'INVITED',
    invitedBy: ctx.actor.id ?? 'system',
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await insertStudyAccess(ctx.tx, row);
  await ctx.audit({
    action: 'ACCESS_INVITED',
    entityType: 'STUDY_ACCESS',
    entityId: row.id,
    studyId,
    after: { email, role: row.role, siteIds: row.siteIds, status: row.status, userId: row.userId },
  });
  const link = user
    ? `${input.baseUrl}/authentication/login`
    : `${input.baseUrl}/authentication/signup?email=${encodeURIComponent(email)}`;
  // Issue 18 item 3: in the invitee's UI language when they have an account, else the study's
  // primary language, else English (locales/{lng}/access.json; six staff languages).
  const languages = messageLanguages({ recipient: user?.language ?? null, primary: study.primaryLanguage });
  const siteNames = invite.siteIds === 'ALL' ? [] : await listStudySiteNames(ctx.tx, studyId, invite.siteIds);
  const sites =
    invite.siteIds === 'ALL'
      ? t(languages, 'access:INVITATION.ALL_SITES')
      : t(languages, 'access:INVITATION.SITES', { count: siteNames.length, names: siteNames.join(', ') });
  const vars = { study: study.name, role: t(languages, `access:INVITATION.ROLES.${invite.role}`), sites };
  await queueMessage(ctx, {
    channel: 'EMAIL',
    to: email,
    studyId,
    subject: t(languages, 'access:INVITATION.SUBJECT', vars),
    body: [
      t(languages, 'access:INVITATION.GRANTED', vars),
      t(languages, user ? 'access:INVITATION.LOG_IN' : 'access:INVITATION.CREATE_ACCOUNT'),
      link,
    ].join('\n\n'),
  });
  return present(ctx, row);
}

async function requireLiveAccess(ctx: UseCaseContext, studyId: string, accessId: string) {
  await requireStudy(ctx, studyId);
  const row = await findStudyAccess(ctx.tx, studyId, accessId);
  if (!row || row.status === 'REVOKED') throw notFound('The access');
  return row;
}

/** Issue 4: an admin may not remove the study's last active ADMIN when it is their own access. */
async function assertNotOwnLastAdmin(ctx: UseCaseContext, row: StudyAccessRow): Promise<void> {
  if (row.role !== 'ADMIN' || row.userId === null || row.userId !== ctx.actor.id) return;
  const others = (await listStudyAccess(ctx.tx, row.studyId)).filter(
    (other) => other.id !== row.id && other.role === 'ADMIN' && other.status === 'ACTIVE',
  );
  if (others.length === 0) {
    throw new AppError(
      'PRECONDITION',
      'You are the last administrator of this study; you cannot remove your own access.',
    );
  }
}

/** Issue 4 item 4: changes the role or the sites of an access row. */
export async function changeAccess(
  ctx: UseCaseContext,
  input: { studyId: string; accessId: string; change: UpdateAccess },
): Promise<StudyAccess> {
  const { studyId, accessId, change } = input;
  const row = await requireLiveAccess(ctx, studyId, accessId);
  await assertSitesOfStudy(ctx, studyId, change.siteIds);
  if (change.role !== 'ADMIN') await assertNotOwnLastAdmin(ctx, row);
  const updated = await updateStudyAccess(ctx.tx, studyId, accessId, {
    role: change.role,
    siteIds: change.siteIds,
    updatedAt: ctx.now,
  });
  if (!updated) throw notFound('The access');
  await ctx.audit({
    action: 'ACCESS_CHANGED',
    entityType: 'STUDY_ACCESS',
    entityId: accessId,
    studyId,
    before: { role: row.role, siteIds: row.siteIds },
    after: { role: updated.role, siteIds: updated.siteIds },
  });
  return present(ctx, updated);
}

/** Issue 4 item 4: revokes access; the guard reads access at every request, so it applies at once. */
export async function revokeAccess(
  ctx: UseCaseContext,
  input: { studyId: string; accessId: string },
): Promise<StudyAccess> {
  const { studyId, accessId } = input;
  const row = await requireLiveAccess(ctx, studyId, accessId);
  await assertNotOwnLastAdmin(ctx, row);
  const updated = await updateStudyAccess(ctx.tx, studyId, accessId, {
    status: 'REVOKED',
    updatedAt: ctx.now,
  });
  if (!updated) throw notFound('The access');
  await ctx.audit({
    action: 'ACCESS_REVOKED',
    entityType: 'STUDY_ACCESS',
    entityId: accessId,
    studyId,
    before: { status: row.status, role: row.role, siteIds: row.siteIds },
    after: { status: 'REVOKED' },
  });
  return present(ctx, updated);
}
