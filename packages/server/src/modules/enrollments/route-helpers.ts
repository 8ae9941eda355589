/** Site scopes of the enrollment routes (spec 000 §6: a site-limited role acts only at its sites). */
import type { EnrollmentCreateBody } from '@trialbase/domain';
import type { Executor } from '../../platform/db/client';
import { type SiteScope, siteOfEntity, sitesOfInput } from '../../platform/http/site-scope';
import { findEnrollmentOrThrow, siteOfSubject } from './service/read-enrollments';

/** The site of an enrollment (404 'The enrollment' for unknown or other-study ids). */
export async function siteOfEnrollment(db: Executor, studyId: string, enrollmentId: string): Promise<string> {
  return (await findEnrollmentOrThrow(db, studyId, enrollmentId)).siteId;
}

/** Routes naming `:enrollmentId` act at the enrollment's site. */
export const enrollmentSite: SiteScope = siteOfEntity('enrollment', 'enrollmentId', siteOfEnrollment);

/** Routes naming `:subjectId` act at the subject's site (404 'The subject'). */
export const subjectSite: SiteScope = siteOfEntity('subject', 'subjectId', siteOfSubject);

/** `POST .../enrollments`: every item enrols at the site it names. */
export const enrolmentSites: SiteScope = sitesOfInput('enrollment', async (_db, req) => {
  const body = req.body as EnrollmentCreateBody;
  return (Array.isArray(body) ? body : [body]).map((item) => item.siteId);
});

/** `GET /study/{studyId}/canreenroll?subjectId=`: the site of the subject the query names. */
export const queriedSubjectSite: SiteScope = sitesOfInput('subject', async (db, req) => {
  const { studyId } = req.params as { studyId: string };
  return [await siteOfSubject(db, studyId, (req.query as { subjectId: string }).subjectId)];
});
