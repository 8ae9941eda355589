import { notFound } from '../../platform/errors';
import { type SiteScope, siteOfEntity, sitesOfInput } from '../../platform/http/site-scope';
import { findAeSite, findSubjectForAe } from './repo';

/** The site of the AE the URL names (404 when the study has no such AE). */
export const aeSite: SiteScope = siteOfEntity('adverse event', 'aeId', async (db, studyId, aeId) => {
  const site = await findAeSite(db, studyId, aeId);
  if (site === null) throw notFound('The adverse event');
  return site;
});

/** The site of the subject the URL names (listAe). */
export const aeSubjectSite: SiteScope = siteOfEntity(
  'subject',
  'subjectId',
  async (db, studyId, subjectId) => {
    const subject = await findSubjectForAe(db, studyId, subjectId);
    if (!subject) throw notFound('The subject');
    return subject.siteId;
  },
);

/** The site of the subject a new AE is reported for (the body's subjectId). */
export const reportedSubjectSite: SiteScope = sitesOfInput('subject', async (db, req) => {
  const params = req.params as { studyId?: string };
  const body = req.body as { subjectId?: string };
  const subject = await findSubjectForAe(db, params.studyId ?? '', body.subjectId ?? '');
  if (!subject) throw notFound('The subject');
  return [subject.siteId];
});
