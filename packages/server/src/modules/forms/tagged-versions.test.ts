import { describe, expect, it } from 'vitest';
import { buildProcess, buildSite, buildSubject, setStudySchedule } from '../../../test/factories';
import { engine } from '../../../test/harness';
import { call, createForm, newStudy, useFormsApp } from './forms-test-kit';

// Issue 5/6: an enrollment is tagged with the form versions current when the subject was enrolled.

const kit = useFormsApp();
const promote = (studyId: string) => `/api/studies/${studyId}/forms/promoteFormVersion`;

describe(`GET /api/study/:studyId/questionnairetemplate/tagged/:pathwayRecordId on ${engine}`, () => {
  it('keeps the version an enrollment started with after a newer one is published', async () => {
    const { app } = kit.t;
    const study = await newStudy(kit);
    const draft = await createForm(kit, study.id, { title: { en: 'Diary' } });
    expect(
      (await call(kit, 'POST', promote(study.id), kit.admin, { formId: draft.id, kind: 'major' })).statusCode,
    ).toBe(201);
    const site = await buildSite(app, study.id);
    const subject = await buildSubject(app, { studyId: study.id, siteId: site.id });
    const process = await buildProcess(app, {
      studyId: study.id,
      dataEvents: [
        { id: `tag-${study.id}`, type: 'TYPE_PATIENT', forms: [draft.id], referenceDate: 'MANUAL' },
      ],
    });

    await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
    const enrolled = await call(kit, 'POST', `/api/studies/${study.id}/enrollments`, kit.admin, {
      subjectId: subject.id,
      siteId: site.id,
      processId: process.id,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const [enrollment] = enrolled.json<{ id: string; formVersions: unknown[] }[]>();
    expect(enrollment?.formVersions).toEqual([{ formId: draft.id, major: 1, minor: 0 }]);

    // Back in build (an amendment would do the same): publish 2.0 with a new title.
    await setStudySchedule(app, study.id, { status: 'STUDY_STATUS_BUILD' });
    await call(kit, 'POST', `/api/studies/${study.id}/questionnairetemplate`, kit.admin, {
      ...draft,
      title: { en: 'Diary, revised' },
    });
    const v2 = await call(kit, 'POST', promote(study.id), kit.admin, { formId: draft.id, kind: 'major' });
    expect(v2.json().version).toMatchObject({ major: 2, minor: 0 });

    const tagged = await call(
      kit,
      'GET',
      `/api/study/${study.id}/questionnairetemplate/tagged/${enrollment?.id}`,
      kit.admin,
    );
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toMatchObject([
      { id: draft.id, title: { en: 'Diary' }, version: { major: 1, minor: 0 } },
    ]);
    const one = await call(
      kit,
      'GET',
      `/api/study/${study.id}/questionnairetemplate/${draft.id}/tagged/${enrollment?.id}`,
      kit.admin,
    );
    expect(one.json()).toMatchObject({ title: { en: 'Diary' }, version: { major: 1, minor: 0 } });
    const old = await call(
      kit,
      'GET',
      `/api/studies/${study.id}/questionnairetemplate/${draft.id}?isOldVersion=true&major=1&minor=0`,
      kit.admin,
    );
    expect(old.json()).toMatchObject({ title: { en: 'Diary' }, version: { major: 1, minor: 0 } });

    const unknown = await call(
      kit,
      'GET',
      `/api/study/${study.id}/questionnairetemplate/tagged/${'f'.repeat(24)}`,
      kit.admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ id: 'INVALID_ENROLLMENT' });
  });
});
