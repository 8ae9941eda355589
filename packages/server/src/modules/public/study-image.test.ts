import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { buildLinkStudy, cookieOf } from './public-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(56, 7),
]);

describe(`GET /api/public/studies/:studyId/images/:imageId on ${engine}`, () => {
  it("serves a study image to the study's participants only, as an image with nosniff", async () => {
    const s = await buildLinkStudy(t.app, admin);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${s.study.id}/image`,
      headers: admin.headers,
      payload: { fileName: 'body-chart.png', contentType: 'image/png', dataBase64: PNG.toString('base64') },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageId = uploaded.json<{ id: string }>().id;
    const url = `/api/public/studies/${s.study.id}/images/${imageId}`;

    // Without a participant session: 401 (the page goes back to the link).
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/token/validateToken`,
      payload: { token: s.link },
    });
    const cookie = cookieOf(validated) as string;
    const got = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);

    // Another study's session does not open this study's images; an unknown image is 404.
    const other = await buildLinkStudy(t.app, admin);
    const otherCookie = cookieOf(
      await t.app.inject({
        method: 'POST',
        url: `/api/public/studies/${other.study.id}/token/validateToken`,
        payload: { token: other.link },
      }),
    ) as string;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: otherCookie } })).statusCode).toBe(
      401,
    );
    const unknown = `/api/public/studies/${s.study.id}/images/000000000000000000000000`;
    expect((await t.app.inject({ method: 'GET', url: unknown, headers: { cookie } })).statusCode).toBe(404);
  });
});
