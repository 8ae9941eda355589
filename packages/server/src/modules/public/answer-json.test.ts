/**
 * The opened link's answer written in parts, each form once per version (answer-json.ts): the same
 * JSON value as the route schema's own encoding, keys the schemas do not name left out as the
 * serializer leaves them out, and an answer that does not match its schema refused as the
 * serializer refuses it.
 */
import { type PublicLinkOpened, PublicLinkOpenedSchema } from '@trialbase/domain';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, loginAs, type TestApp } from '../../../test/harness';
import { linkOpenedJson } from './answer-json';
import { buildLinkStudy } from './public-test-kit';

let t: TestApp;
let opened: PublicLinkOpened;
const route = { method: 'POST', url: '/api/public/studies/s/token/validateToken' };

beforeAll(async () => {
  t = await createTestApp();
  const s = await buildLinkStudy(t.app, await loginAs(t.app), {
    formQuestions: [
      [
        { id: 'q1', order: 1, type: 'NUMBER', question: { en: 'How "many" \\ times?' }, minValue: 0 },
        { id: 'q2', order: 2, type: 'TEXT_SENTENCE', question: { en: 'Comment' } },
      ],
    ],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${s.study.id}/token/validateToken`,
    payload: { token: s.link },
  });
  expect(res.statusCode, res.body).toBe(200);
  opened = res.json();
});
afterAll(async () => t?.close());

describe(`the opened link's answer as JSON (${engine})`, () => {
  it('is the JSON of the schema-encoded answer, with and without the fill', () => {
    expect(opened.fill?.process.forms).toHaveLength(1);
    expect(JSON.parse(linkOpenedJson(route, opened))).toEqual(PublicLinkOpenedSchema.encode(opened));
    const withoutFill = { ...opened, fill: null };
    expect(JSON.parse(linkOpenedJson(route, withoutFill))).toEqual(
      PublicLinkOpenedSchema.encode(withoutFill),
    );
  });

  it('leaves out what the schemas do not name, as the serializer does, and writes each form once', () => {
    const fill = opened.fill as NonNullable<PublicLinkOpened['fill']>;
    const form = fill.process.forms[0] as (typeof fill.process.forms)[number];
    const extra = {
      ...opened,
      secret: 'top',
      fill: {
        ...fill,
        internal: 1,
        state: { ...fill.state, hidden: true },
        process: { ...fill.process, staffOnly: 'x', forms: [{ ...form, note: 'not sent' }, form] },
      },
    } as unknown as PublicLinkOpened;
    const json = linkOpenedJson(route, extra);
    expect(json).not.toMatch(/secret|internal|hidden|staffOnly|not sent/);
    expect(JSON.parse(json)).toEqual(PublicLinkOpenedSchema.encode(extra));
    // The same cached form object, written once and put in place for each entry.
    const parsed = JSON.parse(json);
    expect(parsed.fill.process.forms[1].form).toEqual(parsed.fill.process.forms[0].form);
  });

  it('refuses an answer that does not match its schema, as the route serializer does', () => {
    const wrong = {
      ...opened,
      fill: { ...opened.fill, state: { nonsense: true } },
    } as unknown as PublicLinkOpened;
    let thrown: unknown = null;
    try {
      linkOpenedJson(route, wrong);
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });
});
