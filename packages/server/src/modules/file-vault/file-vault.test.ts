import { Writable } from 'node:stream';
import type {
  StudyRole,
  VaultDocument,
  VaultDocumentDetail,
  VaultDocumentList,
  VaultFolder,
} from '@trialbase/domain';
import { VAULT_MAX_BYTES, VAULT_TOKEN_TTL_SECONDS } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../test/factories';
import {
  ADMIN_EMAIL,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { countStatements } from '../../../test/statement-counter';
import { auditEvents } from '../../platform/audit/tables';

// Issue 28 item 3: the file vault through HTTP on a real database: upload checks, versions,
// visibility per site and role (403 for a document not meant for the caller, 404 for none),
// audited downloads through the getJWT token (expired, altered and other-study tokens refused).

let now = new Date('2026-03-02T09:00:00Z');
const logs: string[] = [];
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logLevel: 'info' }, { clock: () => now, logStream });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: LoggedIn | null,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
}

async function member(
  studyId: string,
  role: StudyRole,
  siteIds: 'ALL' | string[],
  name: { firstName?: string; lastName?: string } = {},
) {
  const user = await buildUser(t.app, name);
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return { user, session: await loginAs(t.app, user.email, DEFAULT_PASSWORD) };
}

/** A study with sites A and B and a folder. */
async function vaultStudy() {
  const study = await buildStudy(t.app, { modules: ['FILE_VAULT'] });
  const siteA = await buildSite(t.app, study.id, { name: `A ${study.id}` });
  const siteB = await buildSite(t.app, study.id, { name: `B ${study.id}` });
  const base = `/api/fv/studies/${study.id}`;
  const res = await call('POST', `${base}/folders`, admin, { name: 'Protocol' });
  expect(res.statusCode, res.body).toBe(201);
  return { study, siteA, siteB, base, folder: res.json<VaultFolder>() };
}

async function upload(
  base: string,
  folderId: string,
  who: LoggedIn,
  body: { fileName: string; bytes: Uint8Array; siteIds?: string[] | null; roles?: StudyRole[] | null },
) {
  return call('POST', `${base}/folders/${folderId}/documents`, who, {
    fileName: body.fileName,
    dataBase64: b64(body.bytes),
    siteIds: body.siteIds ?? null,
    roles: body.roles ?? null,
  });
}

async function tokenOf(base: string, who: LoggedIn): Promise<string> {
  const res = await call('GET', `${base}/getJWT`, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<{ token: string }>().token;
}

function download(base: string, documentId: string, token: string, version?: number) {
  const query = new URLSearchParams({ token, ...(version ? { version: String(version) } : {}) });
  return t.app.inject({ method: 'GET', url: `${base}/documents/${documentId}/download?${query}` });
}

async function downloadsOf(documentId: string) {
  return t.app.database.db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.entityId, documentId), eq(auditEvents.action, 'FILE_VAULT_DOCUMENT_DOWNLOADED')),
    );
}

describe(`file vault on ${engine}`, () => {
  it('POST .../documents refuses a file too big, content that is not what the name says and dots in the name', async () => {
    const { base, folder } = await vaultStudy();
    const big = Buffer.alloc(VAULT_MAX_BYTES + 1, 0x20);
    PDF('x').copy(big);
    const tooBig = await upload(base, folder.id, admin, { fileName: 'brochure.pdf', bytes: big });
    expect(tooBig.statusCode).toBe(400);
    expect(JSON.stringify(tooBig.json())).toContain('FILE_TOO_LARGE');

    const exe = await upload(base, folder.id, admin, {
      fileName: 'protocol.pdf',
      bytes: Buffer.from('MZ\x90\x00 program'),
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().context.issues).toEqual([
      { path: ['dataBase64'], message: 'PUBLIC.QUESTION_FORM.UNSUPPORTED_FILE_TYPE' },
    ]);
    const pdfAsDocx = await upload(base, folder.id, admin, { fileName: 'protocol.docx', bytes: PDF('p') });
    expect(pdfAsDocx.statusCode).toBe(400);

    const dots = await upload(base, folder.id, admin, { fileName: 'protocol.v2.pdf', bytes: PDF('p') });
    expect(dots.statusCode).toBe(400);
    expect(dots.json().id).toBe('INVALID_FILENAME_DOTS');

    const docx = zipSync({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'word/document.xml': Buffer.from('<w:document/>'),
    });
    const ok = await upload(base, folder.id, admin, { fileName: 'delegation log.docx', bytes: docx });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<VaultDocument>().current.contentType).toContain('wordprocessingml');
    const exact = Buffer.alloc(VAULT_MAX_BYTES, 0x20);
    PDF('x').copy(exact);
    const atLimit = await upload(base, folder.id, admin, { fileName: 'brochure.pdf', bytes: exact });
    expect(atLimit.statusCode, atLimit.body.slice(0, 200)).toBe(201);
  });

  it('POST .../documents/:id/versions keeps the previous versions, listed newest first and downloadable', async () => {
    const { base, folder } = await vaultStudy();
    const first = await upload(base, folder.id, admin, { fileName: 'protocol.pdf', bytes: PDF('one') });
    const docId = first.json<VaultDocument>().id;
    const second = await call('POST', `${base}/documents/${docId}/versions`, admin, {
      fileName: 'protocol amendment 1.pdf',
      dataBase64: b64(PDF('two')),
      comment: 'Amendment 1',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<VaultDocument>()).toMatchObject({
      versionCount: 2,
      current: { version: 2, uploadedByName: 'System Administrator', uploadedByEmail: ADMIN_EMAIL },
    });

    const detail = (await call('GET', `${base}/documents/${docId}`, admin)).json<VaultDocumentDetail>();
    expect(detail.versions.map((v) => [v.version, v.fileName, v.comment, v.uploadedByName])).toEqual([
      [2, 'protocol amendment 1.pdf', 'Amendment 1', 'System Administrator'],
      [1, 'protocol.pdf', null, 'System Administrator'],
    ]);
    expect(detail.versions.every((v) => v.uploadedByEmail === ADMIN_EMAIL)).toBe(true);
    const token = await tokenOf(base, admin);
    expect((await download(base, docId, token)).rawPayload).toEqual(PDF('two'));
    const old = await download(base, docId, token, 1);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload).toEqual(PDF('one'));
    expect(old.headers['content-disposition']).toContain('protocol.pdf');
    expect(old.headers['content-type']).toBe('application/pdf');
  });

  it('shows a document to the sites and roles it is meant for only; others get 403, unknown ids 404', async () => {
    const { study, siteA, siteB, base, folder } = await vaultStudy();
    const forA = await upload(base, folder.id, admin, {
      fileName: 'site A approval.pdf',
      bytes: PDF('approval A'),
      siteIds: [siteA.id],
      roles: ['DOCTOR', 'INVESTIGATOR'],
    });
    expect(forA.statusCode, forA.body).toBe(201);
    const docId = forA.json<VaultDocument>().id;
    const everyone = await upload(base, folder.id, admin, { fileName: 'protocol.pdf', bytes: PDF('all') });
    const everyoneId = everyone.json<VaultDocument>().id;

    const doctorA = await member(study.id, 'DOCTOR', [siteA.id]);
    const doctorB = await member(study.id, 'DOCTOR', [siteB.id]);
    const monitorA = await member(study.id, 'MONITOR', [siteA.id]);
    expect(forA.json<VaultDocument>().current.uploadedByName).toBe('System Administrator');

    const listA = (
      await call('GET', `${base}/folders/${folder.id}/documents`, doctorA.session)
    ).json<VaultDocumentList>();
    expect(listA.items.map((d) => d.id).sort()).toEqual([docId, everyoneId].sort());
    expect(listA.abilities).toEqual({ canUpload: false, canDelete: false, canManageFolders: false });
    const listB = (
      await call('GET', `${base}/folders/${folder.id}/documents`, doctorB.session)
    ).json<VaultDocumentList>();
    expect(listB.items.map((d) => d.id)).toEqual([everyoneId]);
    const folders = (await call('GET', `${base}/folders`, doctorB.session)).json<{ items: VaultFolder[] }>();
    expect(folders.items.find((f) => f.id === folder.id)?.documentCount).toBe(1);

    expect((await call('GET', `${base}/documents/${docId}`, doctorA.session)).statusCode).toBe(200);
    expect((await call('GET', `${base}/documents/${docId}`, doctorB.session)).statusCode).toBe(403);
    expect((await call('GET', `${base}/documents/${docId}`, monitorA.session)).statusCode).toBe(403);
    expect(
      (await call('GET', `${base}/documents/ffffffffffffffffffffffff`, doctorA.session)).statusCode,
    ).toBe(404);

    // Site B's token does not name the document, and B does not see it.
    const tokenB = await tokenOf(base, doctorB.session);
    expect((await download(base, docId, tokenB)).statusCode).toBe(403);
    const tokenA = await tokenOf(base, doctorA.session);
    const ok = await download(base, docId, tokenA);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload).toEqual(PDF('approval A'));

    // A doctor uploads nothing; a site-limited investigator only for its own sites.
    const pdf = { fileName: 'cv.pdf', bytes: PDF('cv') };
    expect((await upload(base, folder.id, doctorA.session, pdf)).statusCode).toBe(403);
    const investigatorA = await member(study.id, 'INVESTIGATOR', [siteA.id], {
      firstName: 'Ingrid',
      lastName: 'Østergaard',
    });
    expect(
      (await upload(base, folder.id, investigatorA.session, { ...pdf, siteIds: [siteB.id] })).statusCode,
    ).toBe(403);
    expect((await upload(base, folder.id, investigatorA.session, { ...pdf, siteIds: null })).statusCode).toBe(
      403,
    );
    const own = await upload(base, folder.id, investigatorA.session, {
      ...pdf,
      siteIds: [siteA.id],
      roles: ['MONITOR'],
    });
    expect(own.statusCode, own.body).toBe(201);
    // The uploader manages it, whatever its roles.
    expect(own.json<VaultDocument>().canManage).toBe(true);
    expect(
      (await call('GET', `${base}/documents/${own.json<VaultDocument>().id}`, investigatorA.session))
        .statusCode,
    ).toBe(200);
    // New versions need the upload permission at every site the document reaches.
    const version = { fileName: 'protocol.pdf', dataBase64: b64(PDF('v2')) };
    const ownId = own.json<VaultDocument>().id;
    expect(
      (await call('POST', `${base}/documents/${everyoneId}/versions`, investigatorA.session, version))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `${base}/documents/${ownId}/versions`, investigatorA.session, version)).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', `${base}/documents/${docId}/versions`, doctorA.session, version)).statusCode,
    ).toBe(403);
    // Every role that sees a document reads its uploader's name (and email), resolved in the list's
    // own statement: one read of the versions with their uploaders, however many documents.
    const counter = countStatements(t.app);
    const seenByMonitor = await call('GET', `${base}/folders/${folder.id}/documents`, monitorA.session);
    const sent = counter.take().statements;
    counter.stop();
    const listed = seenByMonitor.json<VaultDocumentList>().items;
    expect(listed.map((d) => [d.id, d.current.uploadedByName, d.current.uploadedByEmail]).sort()).toEqual(
      [
        [everyoneId, 'System Administrator', ADMIN_EMAIL],
        [ownId, 'Ingrid Østergaard', investigatorA.user.email],
      ].sort(),
    );
    const versionReads = sent.filter((q) => q.includes('"file_vault_version"'));
    expect(versionReads, sent.join('\n')).toHaveLength(1);
    expect(versionReads[0]).toContain('left join "app_user"');
    const seenByDoctor = await call('GET', `${base}/documents/${docId}`, doctorA.session);
    expect(seenByDoctor.json<VaultDocumentDetail>().versions.map((v) => v.uploadedByName)).toEqual([
      'System Administrator',
    ]);
    // Another study's site is refused in the visibility.
    const other = await buildStudy(t.app);
    const otherSite = await buildSite(t.app, other.id);
    const foreign = await upload(base, folder.id, admin, { ...pdf, siteIds: [otherSite.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().context.issues[0].path).toEqual(['siteIds', 0]);
  });

  it("audits every download in the name of the token's user, and never logs the token", async () => {
    const { study, siteA, base, folder } = await vaultStudy();
    const doc = (
      await upload(base, folder.id, admin, {
        fileName: 'brochure.pdf',
        bytes: PDF('ib'),
        siteIds: [siteA.id],
      })
    ).json<VaultDocument>();
    const doctorA = await member(study.id, 'DOCTOR', [siteA.id]);
    const token = await tokenOf(base, doctorA.session);
    expect(await downloadsOf(doc.id)).toHaveLength(0);
    expect((await download(base, doc.id, token)).statusCode).toBe(200);
    expect((await download(base, doc.id, token)).statusCode).toBe(200);
    const events = await downloadsOf(doc.id);
    expect(events).toHaveLength(2);
    expect(events.map((e) => [e.actorType, e.actorId])).toEqual([
      ['USER', doctorA.user.id],
      ['USER', doctorA.user.id],
    ]);
    expect(JSON.stringify(events)).not.toContain(token.split('.')[2]);
    expect(logs.join('').length).toBeGreaterThan(0);
    for (const part of token.split('.')) expect(logs.join('')).not.toContain(part);
  });

  it('refuses an expired, altered or other-study token, and a removed document', async () => {
    const { base, folder } = await vaultStudy();
    const doc = (
      await upload(base, folder.id, admin, { fileName: 'protocol.pdf', bytes: PDF('p') })
    ).json<VaultDocument>();
    const token = await tokenOf(base, admin);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'ffffffffffffffffffffffff' })).toString(
      'base64url',
    );
    expect((await download(base, doc.id, `${header}.${forged}.${signature}`)).statusCode).toBe(401);
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect((await download(base, doc.id, `${header}.${payload}.${flipped}`)).statusCode).toBe(401);
    expect((await download(base, doc.id, 'not-a-token')).statusCode).toBe(401);

    const other = await vaultStudy();
    const otherDoc = (
      await upload(other.base, other.folder.id, admin, { fileName: 'x.pdf', bytes: PDF('x') })
    ).json<VaultDocument>();
    expect((await download(other.base, otherDoc.id, token)).statusCode).toBe(403);
    expect((await download(base, otherDoc.id, token)).statusCode).toBe(404);

    const issuedAt = now;
    now = new Date(issuedAt.getTime() + (VAULT_TOKEN_TTL_SECONDS - 1) * 1000);
    expect((await download(base, doc.id, token)).statusCode).toBe(200);
    now = new Date(issuedAt.getTime() + VAULT_TOKEN_TTL_SECONDS * 1000);
    const expired = await download(base, doc.id, token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toContain('expired');
    now = issuedAt;

    // Soft delete with a reason: the document leaves the lists and downloads; the reason is in the trail.
    const doctor = await member(other.study.id, 'DOCTOR', 'ALL');
    expect(
      (await call('DELETE', `${other.base}/documents/${otherDoc.id}?reason=x`, doctor.session)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `${base}/documents/${doc.id}`, admin)).statusCode).toBe(400);
    const removed = await call(
      'DELETE',
      `${base}/documents/${doc.id}?reason=${encodeURIComponent('Superseded by the new protocol')}`,
      admin,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const list = (
      await call('GET', `${base}/folders/${folder.id}/documents`, admin)
    ).json<VaultDocumentList>();
    expect(list.items).toEqual([]);
    expect((await download(base, doc.id, await tokenOf(base, admin))).statusCode).toBe(404);
    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, doc.id), eq(auditEvents.action, 'FILE_VAULT_DOCUMENT_REMOVED')));
    expect(event?.reason).toBe('Superseded by the new protocol');
  });

  it('answers 409 in a study without the FILE_VAULT module (spec 000 §6 paid modules)', async () => {
    const study = await buildStudy(t.app);
    const res = await call('GET', `/api/fv/studies/${study.id}/folders`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().context).toEqual({ module: 'FILE_VAULT' });
    expect((await call('GET', `/api/fv/studies/${study.id}/getJWT`, admin)).statusCode).toBe(409);
  });

  it('POST .../folders keeps names unique and removes only empty folders', async () => {
    const { base, folder } = await vaultStudy();
    const dup = await call('POST', `${base}/folders`, admin, { name: 'protocol' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().id).toBe('DUPLICATE_NAME');
    const renamed = await call('PUT', `${base}/folders/${folder.id}`, admin, { name: 'Protocols' });
    expect(renamed.json<VaultFolder>().name).toBe('Protocols');
    await upload(base, folder.id, admin, { fileName: 'protocol.pdf', bytes: PDF('p') });
    expect((await call('DELETE', `${base}/folders/${folder.id}`, admin)).statusCode).toBe(409);
    const empty = (await call('POST', `${base}/folders`, admin, { name: 'Approvals' })).json<VaultFolder>();
    expect((await call('DELETE', `${base}/folders/${empty.id}`, admin)).statusCode).toBe(204);
    const names = (await call('GET', `${base}/folders`, admin))
      .json<{ items: VaultFolder[] }>()
      .items.map((f) => f.name);
    expect(names).toEqual(['Protocols']);
  });
});
