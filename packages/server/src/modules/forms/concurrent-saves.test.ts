// @module-tag concurrency
/**
 * Issue 13 item 8: two builders saving the same form. A save names the revision it started from;
 * a stale one is refused with 409 (reason VERSION_MISMATCH) and changes nothing; the row is locked
 * from the check to the write, so of two saves from the same revision exactly one wins.
 */
import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import { auditActions, call, createForm, newStudy, useFormsApp } from './forms-test-kit';

const kit = useFormsApp();
const base = (studyId: string) => `/api/studies/${studyId}/questionnairetemplate`;

describe(`POST /api/studies/:studyId/questionnairetemplate with a revision on ${engine}`, () => {
  it('a save from a stale revision gets 409 VERSION_MISMATCH and changes nothing; from the current one it saves', async () => {
    const study = await newStudy(kit);
    const opened = await createForm(kit, study.id, { title: { en: 'Baseline' } });
    expect(opened.revision).toBe(1);

    const first = await call(kit, 'POST', base(study.id), kit.admin, { ...opened, title: { en: 'First' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().revision).toBe(2);

    const second = await call(kit, 'POST', base(study.id), kit.admin, { ...opened, title: { en: 'Second' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      type: 'CONFLICT',
      context: { reason: 'VERSION_MISMATCH', expected: 2, received: 1 },
    });
    const stored = (await call(kit, 'GET', `${base(study.id)}/${opened.id}`, kit.admin)).json();
    expect(stored).toMatchObject({ title: { en: 'First' }, revision: 2 });
    expect(await auditActions(kit, study.id)).toEqual(['FORM_TEMPLATE_CREATED', 'FORM_TEMPLATE_UPDATED']);

    // "Keep mine": the second builder saves over the revision it was told about.
    const kept = await call(kit, 'POST', base(study.id), kit.admin, {
      ...opened,
      title: { en: 'Second' },
      revision: 2,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ title: { en: 'Second' }, revision: 3 });
  });

  it('only a saved change raises the revision: an unchanged save and publishing keep it', async () => {
    const study = await newStudy(kit);
    const opened = await createForm(kit, study.id);
    const same = await call(kit, 'POST', base(study.id), kit.admin, opened);
    expect(same.json().revision).toBe(1);
    const published = await call(
      kit,
      'POST',
      `/api/studies/${study.id}/forms/promoteFormVersion`,
      kit.admin,
      {
        formId: opened.id,
        kind: 'major',
      },
    );
    expect(published.statusCode).toBe(201);
    const after = (await call(kit, 'GET', `${base(study.id)}/${opened.id}`, kit.admin)).json();
    expect(after).toMatchObject({ published: true, revision: 1 });
    // The stored document does not carry the revision; only the row does.
    const version = await call(kit, 'GET', `${base(study.id)}/${opened.id}?isOldVersion=true`, kit.admin);
    expect(version.json().revision).toBeUndefined();
  });

  it('of two saves from the same revision at the same time exactly one wins', async () => {
    const study = await newStudy(kit);
    const opened = await createForm(kit, study.id);
    const results = await Promise.all(
      ['Mine', 'Theirs'].map((title) =>
        call(kit, 'POST', base(study.id), kit.admin, { ...opened, title: { en: title } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json();
    const stored = (await call(kit, 'GET', `${base(study.id)}/${opened.id}`, kit.admin)).json();
    expect(stored).toMatchObject({ title: winner.title, revision: 2 });
  });

  it('a save that names no revision is not checked (API clients that predate revisions)', async () => {
    const study = await newStudy(kit);
    const opened = await createForm(kit, study.id);
    await call(kit, 'POST', base(study.id), kit.admin, { ...opened, title: { en: 'Changed' } });
    const { revision: _stale, ...unversioned } = opened;
    const res = await call(kit, 'POST', base(study.id), kit.admin, {
      ...unversioned,
      title: { en: 'Again' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().revision).toBe(3);
  });
});
