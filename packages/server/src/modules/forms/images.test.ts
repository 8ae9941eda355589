import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import { auditActions, call, member, newStudy, useFormsApp } from './forms-test-kit';

const kit = useFormsApp();
const url = (studyId: string) => `/api/studies/${studyId}/image`;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** `size` bytes that begin with `magic`. */
function bytes(magic: number[], size: number): Buffer {
  const buf = Buffer.alloc(size, 0x20);
  Buffer.from(magic).copy(buf);
  return buf;
}
const upload = (fileName: string, data: Buffer) => ({
  fileName,
  contentType: 'image/png',
  dataBase64: data.toString('base64'),
});

describe(`POST /api/studies/:studyId/image on ${engine}`, () => {
  it('stores a PNG of exactly 1,024,000 bytes and serves it back with nosniff and inline disposition', async () => {
    const study = await newStudy(kit);
    const data = bytes(PNG, 1_024_000);
    const res = await call(kit, 'POST', url(study.id), kit.admin, upload('chart.png', data));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'chart.png', contentType: 'image/png', size: 1_024_000 });
    const got = await call(kit, 'GET', `${url(study.id)}/${res.json().id}`, kit.admin);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="chart.png"; filename*=UTF-8''chart.png`,
    );
    expect(Buffer.compare(got.rawPayload, data)).toBe(0);
    const list = await call(kit, 'GET', url(study.id), kit.admin);
    expect(list.json()).toEqual([expect.objectContaining({ id: res.json().id, size: 1_024_000 })]);
    expect(await auditActions(kit, study.id, 'STUDY_IMAGE')).toEqual(['STUDY_IMAGE_UPLOADED']);
  });

  it('refuses 1,024,001 bytes', async () => {
    const study = await newStudy(kit);
    const res = await call(kit, 'POST', url(study.id), kit.admin, upload('big.png', bytes(PNG, 1_024_001)));
    expect(res.statusCode).toBe(400);
    expect(res.json().context.issues).toEqual([
      { path: ['dataBase64'], message: 'PUBLIC.VALIDATION.FILE_TOO_LARGE', params: { max: 1_024_000 } },
    ]);
    expect((await call(kit, 'GET', url(study.id), kit.admin)).json()).toEqual([]);
  });

  it('refuses a file name with dots in its base name (INVALID_FILENAME_DOTS)', async () => {
    const study = await newStudy(kit);
    const res = await call(kit, 'POST', url(study.id), kit.admin, upload('chart.v2.png', bytes(PNG, 100)));
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('INVALID_FILENAME_DOTS');
    expect(res.json().context.issues[0].path).toEqual(['fileName']);
  });

  it('accepts JPEG, GIF and WebP by their bytes and refuses SVG and other content whatever the name says', async () => {
    const study = await newStudy(kit);
    const cases: [number[], string][] = [
      [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
      [[0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'image/gif'],
      [[0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], 'image/webp'],
    ];
    for (const [magic, type] of cases) {
      const res = await call(kit, 'POST', url(study.id), kit.admin, upload('picture', bytes(magic, 64)));
      expect(res.json().contentType).toBe(type);
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await call(kit, 'POST', url(study.id), kit.admin, upload('logo.png', svg));
    expect(res.statusCode).toBe(400);
    expect(res.json().context.issues).toEqual([{ path: ['dataBase64'], message: 'UNSUPPORTED_IMAGE_TYPE' }]);
    expect((await call(kit, 'GET', url(study.id), kit.admin)).json()).toHaveLength(3);
  });

  it('needs a session and the image permission; images of another study are not found', async () => {
    const study = await newStudy(kit);
    const png = upload('a.png', bytes(PNG, 10));
    expect((await call(kit, 'POST', url(study.id), null, png)).statusCode).toBe(401);
    const monitor = await member(kit, study.id, 'MONITOR');
    expect((await call(kit, 'POST', url(study.id), monitor.session, png)).statusCode).toBe(403);
    const helper = await member(kit, study.id, 'STUDY_HELPER');
    const mine = await call(kit, 'POST', url(study.id), helper.session, png);
    expect(mine.statusCode).toBe(201);
    const other = await newStudy(kit);
    expect((await call(kit, 'GET', `${url(other.id)}/${mine.json().id}`, kit.admin)).statusCode).toBe(404);
    expect((await call(kit, 'GET', `${url(other.id)}/${mine.json().id}`, helper.session)).statusCode).toBe(
      403,
    );
  });

  it('escapes unsafe file names in content-disposition', async () => {
    const study = await newStudy(kit);
    const res = await call(kit, 'POST', url(study.id), kit.admin, upload('æ"x;y', bytes(PNG, 10)));
    const got = await call(kit, 'GET', `${url(study.id)}/${res.json().id}`, kit.admin);
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="__x_y"; filename*=UTF-8''%C3%A6%22x%3By`,
    );
  });
});
