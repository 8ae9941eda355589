/** Shared by the enrollment and token routes: the site scopes of tokens and the after-commit kick. */
import type { RescheduleBody } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import type { ModuleDeps } from '../../../platform/http/module-deps';
import { type SiteScope, siteOfEntity, sitesOfInput } from '../../../platform/http/site-scope';
import { OUTBOX_QUEUE } from '../../../platform/outbox/outbox';
import { findEnrollment } from '../repo';
import { findToken } from './repo';
import { SCHEDULE_QUEUE } from './service/run-due-schedule';
import { findTokenWithEnrollment } from './service/token-actions';

/** The site of a token's enrollment (404 for unknown or other-study ids). */
export async function siteOfToken(db: Executor, studyId: string, tokenId: string): Promise<string> {
  const token = await findToken(db, studyId, tokenId);
  const enrollment = token ? await findEnrollment(db, studyId, token.enrollmentId) : null;
  if (!enrollment) throw notFound('The token');
  return enrollment.siteId;
}

/** The site of a token named by its id or its link secret (404 'The token'). */
export async function siteOfTokenRef(db: Executor, studyId: string, ref: string): Promise<string> {
  return (await findTokenWithEnrollment(db, studyId, ref)).enrollment.siteId;
}

/** Routes naming `:tokenId` act at the site of the token's enrollment. */
export const tokenSite: SiteScope = siteOfEntity('token', 'tokenId', siteOfToken);

/** Routes naming a token by id or link (`:token`, `:tokenStringOrId`) act at its enrollment's site. */
export function tokenRefSite(param: 'token' | 'tokenStringOrId'): SiteScope {
  return siteOfEntity('token', param, siteOfTokenRef);
}

/** `POST .../tokens/reschedule`: the sites of every token the body names. */
export const rescheduledTokenSites: SiteScope = sitesOfInput('token', async (db, req) => {
  const { studyId } = req.params as { studyId: string };
  const sites: string[] = [];
  for (const item of (req.body as RescheduleBody).tokens)
    sites.push(await siteOfToken(db, studyId, item.tokenId));
  return sites;
});

/**
 * After a schedule change commits: deliver its messages now and let the job look again. Kicks
 * coalesce (issue 16 item 3): one waiting sweep per queue however many writes ask for it.
 */
export async function kickJobs(deps: Pick<ModuleDeps, 'jobs'>): Promise<void> {
  const jobs = deps.jobs();
  if (!jobs) return;
  jobs.kick(OUTBOX_QUEUE);
  jobs.kick(SCHEDULE_QUEUE);
}
