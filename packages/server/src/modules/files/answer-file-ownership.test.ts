/**
 * Issue 17 item 5: answers may only name files uploaded for that form and question, through the
 * participant's own link (participant saves) or for the same subject (staff saves and updates).
 * Before the check, every save below that names a foreign file id was stored (200).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { buildLinkStudy, cookieOf, openEvent } from '../public/public-test-kit';

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
  { id: 'h1', order: 3, type: 'FILE', hideFromSubjects: true, question: { en: 'Staff scan' } },
];
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

type Stored = { id: string; fileName: string; size: number; mimeType: string };

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
  /** Uploads through the public (a link's cookie) or the staff route, for a token's question. */
  const upload = async (
    tokenId: string,
    question: string,
    headers: Record<string, string>,
    { staff = false, pdf = true } = {},
  ) => {
    const scope = staff ? '/api' : '/api/public';
    const res = await t.app.inject({
      method: 'POST',
      url: `${scope}/studies/${s.study.id}/tokens/${tokenId}/forms/${s.formId}/questions/${question}/answerFiles`,
      headers,
      payload: {
        fileName: pdf ? 'letter.pdf' : 'photo.png',
        dataBase64: (pdf ? PDF : PNG).toString('base64'),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, fileName, size, mimeType } = res.json<Stored>();
    return { id, fileName, size, mimeType };
  };
  return { ...s, token, sibling, cookie, siblingCookie, upload };
}

const fileAnswer = (question: string, file: Stored) => ({ question, files: [file] });

describe(`answers name only files uploaded for them, on ${engine}`, () => {
  it('a participant save refuses a file of another link, another question or no upload, with the field path', async () => {
    const s = await setUp();
    const own = await s.upload(s.token.id, 'f1', { cookie: s.cookie });
    const ownImage = await s.upload(s.token.id, 'i1', { cookie: s.cookie }, { pdf: false });
    const siblings = await s.upload(s.sibling.id, 'f1', { cookie: s.siblingCookie });
    const submit = (answers: object[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/studies/${s.study.id}/questionnaire`,
        headers: { cookie: s.cookie },
        payload: { idempotencyKey: randomUUID(), isFinal: true, token: s.link, formId: s.formId, answers },
      });
    const never = { ...own, id: `${'a'.repeat(23)}0` };
    for (const foreign of [siblings, ownImage, never]) {
      const res = await submit([fileAnswer('f1', foreign)]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION',
        context: { issues: [{ path: ['answers', 'f1', 'files', 0, 'id'] }] },
      });
    }
    // An image answer naming the file question's upload is refused on its own path.
    const crossed = await submit([{ question: 'i1', images: [own] }]);
    expect(crossed.statusCode, crossed.body).toBe(400);
    expect(crossed.json().context.issues[0].path).toEqual(['answers', 'i1', 'images', 0, 'id']);
    const ok = await submit([fileAnswer('f1', own), { question: 'i1', images: [ownImage] }]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a staff save and update take the subject’s files of that form and question, and refuse others', async () => {
    const s = await setUp();
    const other = await setUp();
    const participants = await s.upload(s.token.id, 'f1', { cookie: s.cookie });
    const staffScan = await s.upload(s.sibling.id, 'h1', admin.headers, { staff: true });
    const elsewhere = await other.upload(other.token.id, 'f1', { cookie: other.cookie });
    const base = `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.sibling.id}/questionnaires`;
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: admin.headers, payload });

    // Staff fill the sibling event with the file the participant sent through the first link.
    const saved = await call('POST', base, {
      formId: s.formId,
      isFinal: true,
      answers: [fileAnswer('f1', participants), fileAnswer('h1', staffScan)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const set = saved.json<{ answerSet: { id: string; version: number } }>().answerSet;

    const update = (answers: object[]) =>
      call('PUT', `${base}/${set.id}`, { answers, version: set.version, comment: 'Scan replaced' });
    for (const foreign of [staffScan, elsewhere]) {
      const res = await update([fileAnswer('f1', foreign)]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION',
        context: { issues: [{ path: ['answers', 'f1', 'files', 0, 'id'] }] },
      });
    }
    const ok = await update([fileAnswer('f1', participants), fileAnswer('h1', staffScan)]);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
