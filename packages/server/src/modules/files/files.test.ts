import type { StudyRole } from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditOf, buildLinkStudy, cookieOf, openEvent } from '../public/public-test-kit';

const now = new Date('2026-05-04T08:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const QUESTIONS = [
  { id: 'f1', order: 1, type: 'FILE', question: { en: 'Your letter' } },
  { id: 'i1', order: 2, type: 'IMAGE', question: { en: 'A photo' } },
  { id: 'n1', order: 3, type: 'NUMBER', question: { en: 'How many?' } },
  { id: 'h1', order: 4, type: 'FILE', hideFromSubjects: true, question: { en: 'Staff scan' } },
];

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0)]);
const file = (fileName: string, bytes: Buffer, contentType?: string) => ({
  fileName,
  ...(contentType ? { contentType } : {}),
  dataBase64: bytes.toString('base64'),
});

async function setUp() {
  const s = await buildLinkStudy(t.app, admin, {
    formQuestions: [QUESTIONS],
    events: (p, f) => [openEvent(p, { forms: [f] }), openEvent(`${p}x`, { forms: [f] })],
  });
  const [token, sibling] = s.tokens as [(typeof s.tokens)[0], (typeof s.tokens)[0]];
  const open = async (link: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/token/validateToken`,
      payload: { token: link },
    });
    expect(res.statusCode, res.body).toBe(200);
    return cookieOf(res) as string;
  };
  const cookie = await open(token.token);
  const siblingCookie = await open(sibling.token);
  const path = (question: string, tokenId = token.id) =>
    `studies/${s.study.id}/tokens/${tokenId}/forms/${s.formId}/questions/${question}/answerFiles`;
  return { ...s, token, sibling, cookie, siblingCookie, path };
}

const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });

async function member(studyId: string, role: StudyRole, siteIds: 'ALL' | string[] = 'ALL') {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return loginAs(t.app, user.email, user.password);
}

describe(`POST /api/public/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles on ${engine}`, () => {
  it('stores a file checked by content, audits it, and lets only this link read it back', async () => {
    const s = await setUp();
    const url = `/api/public/${s.path('f1')}`;
    expect((await post(url, {}, file('letter.pdf', PDF))).statusCode).toBe(401);
    expect((await post(url, { cookie: s.siblingCookie }, file('letter.pdf', PDF))).statusCode).toBe(403);

    const res = await post(url, { cookie: s.cookie }, file('letter.pdf', PDF, 'application/octet-stream'));
    expect(res.statusCode, res.body).toBe(201);
    const info = res.json();
    expect(info).toMatchObject({
      tokenId: s.token.id,
      formId: s.formId,
      questionId: 'f1',
      fileName: 'letter.pdf',
      size: PDF.length,
      mimeType: 'application/pdf',
    });
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.find((a) => a.action === 'ANSWER_FILE_UPLOADED')).toMatchObject({
      entityId: info.id,
      actorType: 'SUBJECT_TOKEN',
    });

    const infoUrl = `${url}/${info.id}`;
    expect((await t.app.inject({ method: 'GET', url: infoUrl })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: infoUrl, headers: { cookie: s.cookie } })).json(),
    ).toEqual(info);
    const download = await t.app.inject({
      method: 'GET',
      url: `${infoUrl}/download`,
      headers: { cookie: s.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // The other link of the same subject cannot read it, through its own path or this one.
    const other = `/api/public/${s.path('f1', s.sibling.id)}/${info.id}/download`;
    expect(
      (await t.app.inject({ method: 'GET', url: other, headers: { cookie: s.siblingCookie } })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${infoUrl}/download`,
          headers: { cookie: s.siblingCookie },
        })
      ).statusCode,
    ).toBe(403);
    // Another question's path does not find it.
    const wrongQuestion = `/api/public/${s.path('i1')}/${info.id}`;
    expect(
      (await t.app.inject({ method: 'GET', url: wrongQuestion, headers: { cookie: s.cookie } })).statusCode,
    ).toBe(404);
  });

  it('refuses too large files, dotted names, renamed executables, non-images for IMAGE questions and wrong questions', async () => {
    const s = await setUp();
    const h = { cookie: s.cookie };
    const big = Buffer.concat([PDF, Buffer.alloc(1_024_001 - PDF.length, 32)]);
    const tooBig = await post(`/api/public/${s.path('f1')}`, h, file('big.pdf', big));
    expect(tooBig.statusCode, tooBig.body).toBe(400);
    expect(tooBig.json().context.issues).toEqual([
      expect.objectContaining({ path: ['size'], params: { max: 1_024_000 } }),
    ]);
    const atLimit = Buffer.concat([PDF, Buffer.alloc(1_024_000 - PDF.length, 32)]);
    expect((await post(`/api/public/${s.path('f1')}`, h, file('limit.pdf', atLimit))).statusCode).toBe(201);

    const dots = await post(`/api/public/${s.path('f1')}`, h, file('my.letter.pdf', PDF));
    expect(dots.statusCode).toBe(400);
    expect(dots.json().id).toBe('INVALID_FILENAME_DOTS');

    const exe = await post(`/api/public/${s.path('f1')}`, h, file('letter.pdf', EXE, 'application/pdf'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().context.issues[0].path).toEqual(['dataBase64']);

    const pdfAsImage = await post(`/api/public/${s.path('i1')}`, h, file('photo.png', PDF, 'image/png'));
    expect(pdfAsImage.statusCode).toBe(400);
    expect(pdfAsImage.json().context.issues[0].message).toBe('PUBLIC.VALIDATION.IMAGE_ONLY');
    const png = await post(`/api/public/${s.path('i1')}`, h, file('photo', PNG));
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().mimeType).toBe('image/png');

    expect((await post(`/api/public/${s.path('n1')}`, h, file('a.pdf', PDF))).statusCode).toBe(400);
    expect((await post(`/api/public/${s.path('h1')}`, h, file('a.pdf', PDF))).statusCode).toBe(404);
    expect(
      (await post(`/api/public/${s.path('f1')}`, h, { fileName: 'a.pdf', dataBase64: '%%%' })).statusCode,
    ).toBe(400);
  });
});

describe(`POST /api/public/studies/:studyId/answerImages on ${engine}`, () => {
  it('takes images of the link only', async () => {
    const s = await setUp();
    const url = `/api/public/studies/${s.study.id}/answerImages`;
    expect((await post(url, {}, { token: s.link, ...file('photo.png', PNG) })).statusCode).toBe(401);
    const ok = await post(url, { cookie: s.cookie }, { token: s.link, ...file('photo.png', PNG) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ formId: null, questionId: null, mimeType: 'image/png' });
    const pdf = await post(url, { cookie: s.cookie }, { token: s.link, ...file('photo.png', PDF) });
    expect(pdf.statusCode).toBe(400);
  });
});

describe(`staff answer files /api/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles on ${engine}`, () => {
  it('uploads with QUESTIONNAIRE_CREATE, reads with QUESTIONNAIRE_VIEW, in the site only', async () => {
    const s = await setUp();
    const url = `/api/${s.path('h1')}`;
    const res = await post(url, admin.headers, file('scan.pdf', PDF));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.find((a) => a.action === 'ANSWER_FILE_UPLOADED' && a.entityId === id)?.actorType).toBe(
      'USER',
    );

    const monitor = await member(s.study.id, 'MONITOR');
    expect((await post(url, monitor.headers, file('scan.pdf', PDF))).statusCode).toBe(403);
    const view = await t.app.inject({
      method: 'GET',
      url: `${url}/${id}/download`,
      headers: monitor.headers,
    });
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.equals(PDF)).toBe(true);

    const elsewhere = await member(s.study.id, 'INVESTIGATOR', [`${'0'.repeat(23)}1`]);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/${id}`, headers: elsewhere.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${url}/${id}` })).statusCode).toBe(401);
    // The participant's session is no staff login, and a staff-only question is not theirs.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/${s.path('h1')}/${id}`,
          headers: { cookie: s.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });
});
