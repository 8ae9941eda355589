import { notFound } from '../../platform/errors';
import { type SiteScope, siteOfEntity } from '../../platform/http/site-scope';
import { findSubjectForMedication } from './repo';

async function subjectSite(db: Parameters<typeof findSubjectForMedication>[0], studyId: string, id: string) {
  const subject = await findSubjectForMedication(db, studyId, id);
  if (!subject) throw notFound('The subject');
  return subject.siteId;
}

/** `/patient/{id}/medication…`: the site of the subject the URL's `id` names. */
export const medicationPatientSite: SiteScope = siteOfEntity('subject', 'id', subjectSite);

/** `/subjects/{subjectId}/medications/…`: the site of the subject the URL names. */
export const medicationSubjectSite: SiteScope = siteOfEntity('subject', 'subjectId', subjectSite);
