import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildStudy } from '../../../test/factories';
import { engine, type LoggedIn } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { call, createForm, formDoc, type Kit, member, useFormsApp } from '../forms/forms-test-kit';
import { createProcess, processBody } from '../processes/processes-test-kit';

// Issue 18 items 4 and 5: study content translation through real HTTP (spec 001 §2, §3, §5, §6, §7).

const kit: Kit = useFormsApp();

type Unit = {
  id: string;
  source: string;
  target: string;
  kind: string;
  isRequired: boolean;
  maxLength: number;
};
type Resource = {
  groups: { id: string; units: Unit[]; revision: number | null }[];
  counts: { progress: number };
};

const formsUrl = (studyId: string, language = 'da') => `/api/study/${studyId}/translate/forms/${language}`;
const pathwaysUrl = (studyId: string, language = 'da') =>
  `/api/study/${studyId}/translate/pathways/${language}`;
const rulesUrl = (studyId: string, language = 'da') =>
  `/api/studies/${studyId}/validationRules/translations/${language}`;
const xliffUrl = (studyId: string, language = 'da') => `/api/study/${studyId}/translations/${language}/xliff`;

/** A build study in English with Danish and German, one form, one process, one rule. */
async function translatedStudy(status?: string) {
  const study = await buildStudy(kit.t.app);
  await kit.t.app.database.db.execute(
    sql`update study set languages = ${JSON.stringify(['en', 'da', 'de'])}::jsonb where id = ${study.id}`,
  );
  const form = await createForm(kit, study.id, {
    infoText: { en: '<p>Welcome</p>' },
    showInfoText: true,
    questions: [
      ...(formDoc().questions ?? []),
      { id: 'q4', order: 4, type: 'NUMBER', question: { en: 'Age' } },
    ],
  });
  const second = await createForm(kit, study.id);
  const process = await createProcess(
    kit,
    study.id,
    processBody(
      { f1: form.id, f2: second.id },
      { consentRequired: true, consentText: { en: '<p>I agree</p>' } },
    ),
  );
  const rule = await call(kit, 'POST', `/api/studies/${study.id}/validationRules`, kit.admin, {
    leftOperant: { form: form.id, question: 'q4', type: 'QUESTION' },
    rightOperant: { form: form.id, question: 'q4', type: 'CONST_VAL', value: '3' },
    operator: 'ne',
    action: { type: 'WARNING', message: { en: 'Not {limit}' } },
  });
  expect(rule.statusCode, rule.body).toBe(201);
  if (status)
    await kit.t.app.database.db.execute(sql`update study set status = ${status} where id = ${study.id}`);
  return { study, form, process, ruleId: rule.json<{ id: string }>().id };
}

async function auditOf(studyId: string) {
  return kit.t.app.database.db
    .select({
      action: auditEvents.action,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), sql`${auditEvents.action} like '%TRANSLATION_UPDATED'`))
    .orderBy(auditEvents.ticket);
}

function unitsOf(res: { json: () => unknown }): Unit[] {
  return (res.json() as Resource).groups.flatMap((g) => g.units);
}

describe(`GET and PUT /api/study/:studyId/translate/forms/:language on ${engine}`, () => {
  it('shows every form text beside the primary language and saves a translation into the draft, audited', async () => {
    const { study, form } = await translatedStudy();
    const res = await call(kit, 'GET', formsUrl(study.id), kit.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Resource & { language: string; primaryLanguage: string; isEditable: boolean }>();
    expect(body).toMatchObject({ area: 'FORMS', language: 'da', primaryLanguage: 'en', isEditable: true });
    const ids = unitsOf(res).map((u) => u.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        `form.${form.id}.title`,
        `form.${form.id}.infoText`,
        `form.${form.id}.q.q1.text`,
        `form.${form.id}.q.q2.p.p1`,
      ]),
    );
    expect(body.counts.progress).toBe(0);

    const put = await call(kit, 'PUT', formsUrl(study.id), kit.admin, {
      units: [
        { id: `form.${form.id}.q.q1.text`, target: 'Dit navn' },
        { id: `form.${form.id}.q.q2.p.p1`, target: 'Rød' },
        { id: `form.${form.id}.infoText`, target: '<p onclick="x()">Velkommen</p><script>bad()</script>' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = unitsOf(put);
    expect(after.find((u) => u.id === `form.${form.id}.q.q1.text`)?.target).toBe('Dit navn');
    expect(after.find((u) => u.id === `form.${form.id}.infoText`)?.target).toBe('<p>Velkommen</p>');

    const draft = await call(
      kit,
      'GET',
      `/api/studies/${study.id}/questionnairetemplate/${form.id}`,
      kit.admin,
    );
    const doc = draft.json<{
      questions: { id: string; question: Record<string, string> }[];
      revision: number;
    }>();
    expect(doc.questions.find((q) => q.id === 'q1')?.question).toEqual({ en: 'Your name', da: 'Dit navn' });

    const audit = await auditOf(study.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'FORM_TRANSLATION_UPDATED',
      entityId: form.id,
      before: { language: 'da', via: 'EDITOR', texts: { [`form.${form.id}.q.q1.text`]: null } },
      after: { language: 'da', via: 'EDITOR', texts: { [`form.${form.id}.q.q1.text`]: 'Dit navn' } },
    });
  });

  it('a builder save started before the translation is refused (the draft revision moved on)', async () => {
    const { study, form } = await translatedStudy();
    const before = await call(
      kit,
      'GET',
      `/api/studies/${study.id}/questionnairetemplate/${form.id}`,
      kit.admin,
    );
    const draft = before.json<Record<string, unknown> & { revision: number }>();
    await call(kit, 'PUT', formsUrl(study.id), kit.admin, {
      units: [{ id: `form.${form.id}.title`, target: 'Formular' }],
    });
    const stale = await call(kit, 'POST', `/api/studies/${study.id}/questionnairetemplate`, kit.admin, {
      ...draft,
      title: { en: 'Renamed' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('spec 001 §5: question text over 1024 and rich text over 20000 are refused per unit, nothing written', async () => {
    const { study, form } = await translatedStudy();
    const res = await call(kit, 'PUT', formsUrl(study.id), kit.admin, {
      units: [
        { id: `form.${form.id}.title`, target: 'Fint' },
        { id: `form.${form.id}.q.q1.text`, target: 'x'.repeat(1025) },
        { id: `form.${form.id}.q.q2.p.p1`, target: 'y'.repeat(1025) },
        { id: `form.${form.id}.q.nope.text`, target: 'z' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      type: string;
      context: { issues: { path: (string | number)[]; message: string }[] };
    }>();
    expect(body.type).toBe('VALIDATION');
    expect(body.context.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['units.1.target', 'MAX_LENGTH'],
      ['units.2.target', 'MAX_LENGTH'],
      ['units.3.id', 'UNKNOWN_UNIT'],
    ]);
    const again = await call(kit, 'GET', formsUrl(study.id), kit.admin);
    expect(unitsOf(again).find((u) => u.id === `form.${form.id}.title`)?.target).toBe('');
    expect(await auditOf(study.id)).toEqual([]);
    // A rich text over 20000 (spec 001 §5) is refused for its unit with the unit's limit.
    const rich = await call(kit, 'PUT', formsUrl(study.id), kit.admin, {
      units: [{ id: `form.${form.id}.infoText`, target: 'y'.repeat(20001) }],
    });
    expect(rich.statusCode).toBe(400);
    expect(
      rich.json<{ context: { issues: { path: (string | number)[]; message: string; params: object }[] } }>()
        .context.issues,
    ).toEqual([
      {
        path: ['units', 0, 'target'],
        message: 'MAX_LENGTH',
        params: { max: 20000, unitId: `form.${form.id}.infoText` },
      },
    ]);
    const exactly = await call(kit, 'PUT', formsUrl(study.id), kit.admin, {
      units: [{ id: `form.${form.id}.infoText`, target: 'y'.repeat(20000) }],
    });
    expect(exactly.statusCode, exactly.body).toBe(200);
  });

  it('exactly 1024 characters of question text are taken', async () => {
    const { study, form } = await translatedStudy();
    const res = await call(kit, 'PUT', formsUrl(study.id), kit.admin, {
      units: [{ id: `form.${form.id}.q.q1.text`, target: 'x'.repeat(1024) }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the primary language and a language the study does not have are refused at `language`', async () => {
    const { study } = await translatedStudy();
    for (const language of ['en', 'fr']) {
      const res = await call(kit, 'GET', formsUrl(study.id, language), kit.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ context: { issues: { path: string[] }[] } }>().context.issues[0]?.path).toEqual([
        'language',
      ]);
    }
  });

  it('a locked study shows its translations but refuses changes with STUDY_STATUS_MISMATCH', async () => {
    const { study, form } = await translatedStudy('LOCKED');
    const get = await call(kit, 'GET', formsUrl(study.id), kit.admin);
    expect(get.json<{ isEditable: boolean }>().isEditable).toBe(false);
    const put = await call(kit, 'PUT', formsUrl(study.id), kit.admin, {
      units: [{ id: `form.${form.id}.title`, target: 'Formular' }],
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ type: 'VALIDATION', id: 'STUDY_STATUS_MISMATCH' });
  });

  it('production keeps texts editable (spec 001 §4): a translation is saved', async () => {
    const { study, form } = await translatedStudy('PRODUCTION');
    const put = await call(kit, 'PUT', formsUrl(study.id), kit.admin, {
      units: [{ id: `form.${form.id}.title`, target: 'Formular' }],
    });
    expect(put.statusCode, put.body).toBe(200);
  });
});

describe(`spec 001 §6: translation needs canEdit (STUDY_TRANSLATIONS) on ${engine}`, () => {
  it('a study helper and a monitor get 403 on every call; another study’s admin gets 403', async () => {
    const { study, form } = await translatedStudy();
    const other = await buildStudy(kit.t.app);
    const callers: LoggedIn[] = [
      (await member(kit, study.id, 'STUDY_HELPER')).session,
      (await member(kit, study.id, 'MONITOR')).session,
      (await member(kit, other.id, 'ADMIN')).session,
    ];
    const body = { units: [{ id: `form.${form.id}.title`, target: 'x' }] };
    for (const who of callers) {
      const calls = [
        await call(kit, 'GET', `/api/study/${study.id}/translations`, who),
        await call(kit, 'PUT', `/api/study/${study.id}/translations`, who, { ...body, language: 'da' }),
        await call(kit, 'GET', formsUrl(study.id), who),
        await call(kit, 'PUT', formsUrl(study.id), who, body),
        await call(kit, 'PUT', pathwaysUrl(study.id), who, body),
        await call(kit, 'PUT', rulesUrl(study.id), who, body),
        await call(kit, 'GET', xliffUrl(study.id), who),
        await call(kit, 'PUT', xliffUrl(study.id), who, { xliff: '<xliff/>' }),
      ];
      expect(calls.map((c) => c.statusCode)).toEqual(calls.map(() => 403));
    }
    expect(await auditOf(study.id)).toEqual([]);
  });

  it('a study admin may translate; an unknown study is 404', async () => {
    const { study } = await translatedStudy();
    const { session: admin } = await member(kit, study.id, 'ADMIN');
    expect((await call(kit, 'GET', formsUrl(study.id), admin)).statusCode).toBe(200);
    const missing = await call(kit, 'GET', formsUrl('ffffffffffffffffffffffff'), kit.admin);
    expect(missing.statusCode).toBe(404);
  });

  it('a form id of another study is an unknown unit here, and nothing of the other study changes', async () => {
    const a = await translatedStudy();
    const b = await translatedStudy();
    const res = await call(kit, 'PUT', formsUrl(a.study.id), kit.admin, {
      units: [{ id: `form.${b.form.id}.title`, target: 'Stjålet' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ context: { issues: { message: string }[] } }>().context.issues[0]?.message).toBe(
      'UNKNOWN_UNIT',
    );
    const theirs = await call(kit, 'GET', formsUrl(b.study.id), kit.admin);
    expect(unitsOf(theirs).find((u) => u.id === `form.${b.form.id}.title`)?.target).toBe('');
  });
});

describe(`GET and PUT /api/study/:studyId/translate/pathways/:language on ${engine}`, () => {
  it('lists process texts, keeps {link}, requires the consent text, and saves with an audit event', async () => {
    const { study, process, form } = await translatedStudy();
    const res = await call(kit, 'GET', pathwaysUrl(study.id), kit.admin);
    expect(res.statusCode, res.body).toBe(200);
    const units = unitsOf(res);
    const consent = units.find((u) => u.kind === 'PROCESS_CONSENT_TEXT');
    expect(consent).toMatchObject({
      id: `process.${process.id}.consentText`,
      isRequired: true,
      maxLength: 20000,
    });
    const email = units.find((u) => u.kind === 'DATA_EVENT_EMAIL_TEXT') as Unit & { placeholders: string[] };
    expect(email.placeholders).toEqual(['{link}']);

    const bad = await call(kit, 'PUT', pathwaysUrl(study.id), kit.admin, {
      units: [
        { id: email.id, target: 'Udfyld venligst' },
        { id: consent?.id, target: '' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ context: { issues: { path: (string | number)[]; message: string }[] } }>()
        .context.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([
      ['units.0.target', 'PLACEHOLDER_MISSING'],
      ['units.1.target', 'REQUIRED'],
    ]);

    const good = await call(kit, 'PUT', pathwaysUrl(study.id), kit.admin, {
      units: [
        { id: email.id, target: 'Udfyld venligst {link}' },
        { id: `process.${process.id}.consentText`, target: '<p>Jeg accepterer</p>' },
      ],
    });
    expect(good.statusCode, good.body).toBe(200);
    const detail = await call(kit, 'GET', `/api/studies/${study.id}/pathway/${process.id}`, kit.admin);
    expect(detail.json<{ consentText: Record<string, string> }>().consentText).toEqual({
      en: '<p>I agree</p>',
      da: '<p>Jeg accepterer</p>',
    });
    expect((await auditOf(study.id)).map((a) => a.action)).toEqual(['PROCESS_TRANSLATION_UPDATED']);

    const filtered = await call(
      kit,
      'GET',
      `${pathwaysUrl(study.id)}?questionnaireTemplateId=${form.id}`,
      kit.admin,
    );
    expect(filtered.json<Resource>().groups.map((g) => g.id)).toEqual([process.id]);
    const none = await call(
      kit,
      'GET',
      `${pathwaysUrl(study.id)}?questionnaireTemplateId=ffffffffffffffffffffffff`,
      kit.admin,
    );
    expect(none.json<Resource>().groups).toEqual([]);
  });
});

describe(`GET and PUT /api/studies/:studyId/validationRules/translations/:language on ${engine}`, () => {
  it('translates a rule message keeping {limit}', async () => {
    const { study, ruleId } = await translatedStudy();
    const res = await call(kit, 'GET', rulesUrl(study.id), kit.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(unitsOf(res)).toMatchObject([{ id: `rule.${ruleId}.message`, source: 'Not {limit}', target: '' }]);
    const bad = await call(kit, 'PUT', rulesUrl(study.id), kit.admin, {
      units: [{ id: `rule.${ruleId}.message`, target: 'Ikke' }],
    });
    expect(bad.statusCode).toBe(400);
    const good = await call(kit, 'PUT', rulesUrl(study.id), kit.admin, {
      units: [{ id: `rule.${ruleId}.message`, target: 'Ikke {limit}' }],
    });
    expect(good.statusCode, good.body).toBe(200);
    const rule = await call(kit, 'GET', `/api/studies/${study.id}/validationRules/${ruleId}`, kit.admin);
    expect(rule.json<{ action: { message: Record<string, string> } }>().action.message).toEqual({
      en: 'Not {limit}',
      da: 'Ikke {limit}',
    });
    expect((await auditOf(study.id)).map((a) => a.action)).toEqual(['VALIDATION_RULE_TRANSLATION_UPDATED']);
  });
});

describe(`GET and PUT /api/study/:studyId/translations on ${engine}`, () => {
  it('the overview counts per language and area, pages, and moves to 100% as everything is translated', async () => {
    const { study } = await translatedStudy();
    const res = await call(kit, 'GET', `/api/study/${study.id}/translations`, kit.admin);
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json<{
      items: { language: string; total: number; completed: number; untranslated: number; progress: number }[];
      total: number;
    }>();
    expect(overview.total).toBe(2);
    expect(overview.items.map((i) => i.language)).toEqual(['da', 'de']);
    const da = overview.items[0];
    expect(da?.completed).toBe(0);
    expect(da?.untranslated).toBe(da?.total);

    const page2 = await call(kit, 'GET', `/api/study/${study.id}/translations?page=2&pageSize=10`, kit.admin);
    expect(page2.json<{ items: unknown[]; page: number }>()).toMatchObject({ items: [], page: 2 });

    // Translate every unit of every area in one save.
    const units = [
      ...unitsOf(await call(kit, 'GET', formsUrl(study.id), kit.admin)),
      ...unitsOf(await call(kit, 'GET', pathwaysUrl(study.id), kit.admin)),
      ...unitsOf(await call(kit, 'GET', rulesUrl(study.id), kit.admin)),
    ];
    const save = await call(kit, 'PUT', `/api/study/${study.id}/translations`, kit.admin, {
      language: 'da',
      units: units.map((u) => ({ id: u.id, target: `DA ${u.source}` })),
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json()).toMatchObject({
      changed: units.length,
      row: { language: 'da', total: units.length, completed: units.length, untranslated: 0, progress: 100 },
    });
    const after = await call(kit, 'GET', `/api/study/${study.id}/translations`, kit.admin);
    expect(after.json<{ items: { language: string; progress: number }[] }>().items).toMatchObject([
      { language: 'da', progress: 100 },
      { language: 'de', progress: 0 },
    ]);
  });
});

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';

describe(`XLIFF 2.0 out and back in on ${engine}`, () => {
  it('round trip: export, change a target, import, GET shows the change, audited via XLIFF', async () => {
    const { study, form } = await translatedStudy();
    const exported = await call(kit, 'GET', xliffUrl(study.id), kit.admin);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('application/xliff+xml');
    expect(exported.headers['content-disposition']).toContain('.xlf');
    const xliff = exported.body;
    expect(xliff).toContain(`xmlns="${XLIFF_NS}" version="2.0" srcLang="en" trgLang="da"`);
    expect(xliff).toContain(`<unit id="form.${form.id}.q.q1.text">`);
    expect(xliff).toContain('<note category="maxLength">1024</note>');

    const unitId = `form.${form.id}.q.q1.text`;
    const changed = xliff
      .replace(`<unit id="${unitId}">`, `<unit id="${unitId}">`)
      .replace(
        new RegExp(`(<unit id="${unitId.replace(/\./g, '\\.')}">[\\s\\S]*?<source>Your name</source>)`),
        '$1<target>Dit &lt;fulde&gt; navn</target>',
      );
    expect(changed).not.toBe(xliff);
    const imported = await call(kit, 'PUT', xliffUrl(study.id), kit.admin, { xliff: changed });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ language: 'da', changed: 1, units: 1 });

    const get = await call(kit, 'GET', formsUrl(study.id), kit.admin);
    expect(unitsOf(get).find((u) => u.id === unitId)?.target).toBe('Dit <fulde> navn');
    expect(await auditOf(study.id)).toMatchObject([
      {
        action: 'FORM_TRANSLATION_UPDATED',
        after: { via: 'XLIFF', texts: { [unitId]: 'Dit <fulde> navn' } },
      },
    ]);

    // The export now carries the target, and importing it unchanged changes nothing.
    const again = await call(kit, 'GET', xliffUrl(study.id), kit.admin);
    expect(again.body).toContain('<target>Dit &lt;fulde&gt; navn</target>');
    const same = await call(kit, 'PUT', xliffUrl(study.id), kit.admin, { xliff: again.body });
    expect(same.json()).toMatchObject({ changed: 0, units: 1 });
  });

  it('a bad file is refused with errors per unit and nothing is written', async () => {
    const { study, form, process } = await translatedStudy();
    const file = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="en" trgLang="da">
  <file id="f1">
    <unit id="form.${form.id}.title"><segment><source>x</source><target>God titel</target></segment></unit>
    <unit id="form.${form.id}.q.q1.text"><segment><source>Your name</source><target>${'n'.repeat(1025)}</target></segment></unit>
    <unit id="form.ffffffffffffffffffffffff.title"><segment><source>?</source><target>Ukendt</target></segment></unit>
    <unit id="process.${process.id}.event.${process.dataEvents[1].id}.email"><segment><source>Please fill {link}</source><target>Udfyld</target></segment></unit>
    <unit id="process.${process.id}.consentText"><segment><source>I agree</source><target></target></segment></unit>
    <unit id="form.${form.id}.title"><segment><source>x</source><target>Igen</target></segment></unit>
  </file>
</xliff>`;
    const res = await call(kit, 'PUT', xliffUrl(study.id), kit.admin, { xliff: file });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ type: string; context: { units: { unitId: string; message: string }[] } }>();
    expect(body.type).toBe('VALIDATION');
    expect(body.context.units.map((u) => [u.unitId, u.message])).toEqual([
      [`form.${form.id}.q.q1.text`, 'MAX_LENGTH'],
      ['form.ffffffffffffffffffffffff.title', 'UNKNOWN_UNIT'],
      [`process.${process.id}.event.${process.dataEvents[1].id}.email`, 'PLACEHOLDER_MISSING'],
      [`process.${process.id}.consentText`, 'REQUIRED'],
      [`form.${form.id}.title`, 'DUPLICATE_UNIT'],
    ]);
    const get = await call(kit, 'GET', formsUrl(study.id), kit.admin);
    expect(unitsOf(get).find((u) => u.id === `form.${form.id}.title`)?.target).toBe('');
    expect(await auditOf(study.id)).toEqual([]);
  });

  it('refuses a file that is not well-formed, not XLIFF 2.0, or of another language', async () => {
    const { study } = await translatedStudy();
    const cases: [string, string][] = [
      ['<xliff', 'XLIFF_MALFORMED'],
      ['<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"/>', 'XLIFF_VERSION'],
      [`<xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="en" trgLang="de"/>`, 'XLIFF_LANGUAGE_MISMATCH'],
      [`<xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="fr" trgLang="da"/>`, 'XLIFF_LANGUAGE_MISMATCH'],
      [
        `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="en" trgLang="da"><file id="f"><unit id="u"><segment><source>a</source><target>&e;</target></segment></unit></file></xliff>`,
        'XLIFF_MALFORMED',
      ],
    ];
    for (const [xliff, message] of cases) {
      const res = await call(kit, 'PUT', xliffUrl(study.id), kit.admin, { xliff });
      expect(res.statusCode, xliff).toBe(400);
      expect(
        res.json<{ context: { issues: { path: string[]; message: string }[] } }>().context.issues[0],
      ).toMatchObject({
        path: ['xliff'],
        message,
      });
    }
  });
});
