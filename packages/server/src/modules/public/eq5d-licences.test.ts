import { buildEq5dForm, type DeviceClass, EQ5D_DEVICE_CLASSES } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  setSubjectAttributes,
} from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { formTemplates, formTemplateVersions } from '../forms/tables';
import { buildPublishedForm, openEvent, tokenRowsOf } from './public-test-kit';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const rangesOf = (classes: DeviceClass[]) =>
  EQ5D_DEVICE_CLASSES.filter((range) => classes.includes(range.deviceClass));

/** An EQ-5D form published as 1.0 with `published` classes, whose draft has moved on to `draft`. */
async function insertEq5dForm(
  app: FastifyInstance,
  studyId: string,
  published: DeviceClass[],
  draft: DeviceClass[],
) {
  const now = new Date();
  const id = newId(now);
  const document = buildEq5dForm(id);
  await app.database.db.insert(formTemplates).values({
    studyId,
    id,
    name: `EQ-5D-5L ${id.slice(-6)}`,
    type: 'TYPE_EQ_5D',
    document: { ...document, deviceClasses: rangesOf(draft) },
    versionMajor: 1,
    versionMinor: 0,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  await app.database.db.insert(formTemplateVersions).values({
    studyId,
    formId: id,
    major: 1,
    minor: 0,
    document: {
      ...document,
      deviceClasses: rangesOf(published),
      version: { major: 1, minor: 0 },
      published: true,
    },
    publishedBy: 'factory',
    publishedAt: now,
  });
  return id;
}

/** A production study whose one event holds `formIds(studyId)`, with one enrolled subject; its link. */
async function linkWithForms(formIds: (studyId: string) => Promise<string[]>) {
  const study = await buildStudy(t.app, { status: 'PRODUCTION' });
  const site = await buildSite(t.app, study.id, {});
  const forms = await formIds(study.id);
  const prefix = `eq${study.id.slice(-8)}`;
  const process = await buildProcess(t.app, {
    studyId: study.id,
    dataEvents: [openEvent(prefix, { forms })],
  });
  const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id });
  await setSubjectAttributes(t.app, study.id, subject.id, { email: `${prefix}@example.org`, language: 'en' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/studies/${study.id}/enrollments`,
    headers: admin.headers,
    payload: { subjectId: subject.id, siteId: site.id, processId: process.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const enrollmentId = res.json<{ id: string }[]>()[0]?.id as string;
  const [token] = await tokenRowsOf(t.app, study.id, enrollmentId);
  return { studyId: study.id, link: token?.token as string };
}

const validate = (studyId: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/token/validateToken`,
    payload: { token },
  });

describe(`eq5dLicences in the token info on ${engine}`, () => {
  it('is the union of the device classes of the event’s EQ-5D forms at their tagged versions', async () => {
    const s = await linkWithForms(async (studyId) => [
      await buildPublishedForm(t.app, studyId),
      // The drafts name DESKTOP; the versions the enrollment was tagged with do not.
      await insertEq5dForm(t.app, studyId, ['MOBILE'], ['DESKTOP']),
      await insertEq5dForm(t.app, studyId, ['TABLET'], ['DESKTOP']),
    ]);
    const res = await validate(s.studyId, s.link);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().eq5dLicences).toEqual(['MOBILE', 'TABLET']);
  });

  it('is empty when the event has no EQ-5D form', async () => {
    const s = await linkWithForms(async (studyId) => [await buildPublishedForm(t.app, studyId)]);
    const res = await validate(s.studyId, s.link);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().eq5dLicences).toEqual([]);
  });
});
