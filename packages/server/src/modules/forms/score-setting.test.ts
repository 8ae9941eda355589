import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import { call, createForm, newStudy, useFormsApp } from './forms-test-kit';

// Issue 18 item 7: a form setting decides whether the participant sees the score (default not).
const kit = useFormsApp();
const save = (studyId: string) => `/api/studies/${studyId}/questionnairetemplate`;
const form = (studyId: string, formId: string) => `/api/studies/${studyId}/questionnairetemplate/${formId}`;

describe(`showScoreToParticipant through the forms API on ${engine}`, () => {
  it('is off by default, is saved when switched on and stays in the published version', async () => {
    const study = await newStudy(kit);
    const draft = await createForm(kit, study.id, { title: { en: 'PHQ-9' }, score: true });
    expect(draft).toMatchObject({ score: true, showScoreToParticipant: false });

    const saved = await call(kit, 'POST', save(study.id), kit.admin, {
      ...draft,
      showScoreToParticipant: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().showScoreToParticipant).toBe(true);
    expect((await call(kit, 'GET', form(study.id, draft.id), kit.admin)).json().showScoreToParticipant).toBe(
      true,
    );

    const promoted = await call(kit, 'POST', `/api/studies/${study.id}/forms/promoteFormVersion`, kit.admin, {
      formId: draft.id,
      kind: 'major',
    });
    expect(promoted.statusCode, promoted.body).toBe(201);
    const published = await call(
      kit,
      'GET',
      `${form(study.id, draft.id)}?isOldVersion=true&major=1&minor=0`,
      kit.admin,
    );
    expect(published.json()).toMatchObject({ published: true, showScoreToParticipant: true });
  });
});
