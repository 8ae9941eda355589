/** Shared by the enrollment and token routes: site-scoped checks and the after-commit kick. */
import { hasPermission, type Permission } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { OUTBOX_QUEUE } from '../../platform/outbox/outbox';
import { findEnrollment } from '../enrollments/api';
import { findToken } from './repo';
import { SCHEDULE_QUEUE } from './service/run-due-schedule';

/** Spec 000 §6: a site-limited role acts only on its sites' enrollments. */
export function assertSitePermission(
  req: FastifyRequest,
  permission: Permission,
  studyId: string,
  siteId: string,
): void {
  if (!req.access || !hasPermission(req.access, permission, { studyId, siteId })) throw forbidden();
}

/** The site of a token's enrollment (404 for unknown or other-study ids). */
export async function siteOfToken(db: Executor, studyId: string, tokenId: string): Promise<string> {
  const token = await findToken(db, studyId, tokenId);
  const enrollment = token ? await findEnrollment(db, studyId, token.enrollmentId) : null;
  if (!enrollment) throw notFound('The token');
  return enrollment.siteId;
}

export async function siteOfEnrollment(db: Executor, studyId: string, enrollmentId: string): Promise<string> {
  const enrollment = await findEnrollment(db, studyId, enrollmentId);
  if (!enrollment) throw notFound('The enrollment');
  return enrollment.siteId;
}

/** After a schedule change commits: deliver its messages now and let the job look again. */
export async function kickJobs(deps: Pick<ModuleDeps, 'jobs'>): Promise<void> {
  const jobs = deps.jobs();
  if (!jobs) return;
  await jobs.send(OUTBOX_QUEUE);
  await jobs.send(SCHEDULE_QUEUE);
}
