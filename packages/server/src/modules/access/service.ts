import { and, eq } from 'drizzle-orm';
import type { UseCaseContext } from '../../platform/use-case';
import { studyAccess } from './tables';

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
