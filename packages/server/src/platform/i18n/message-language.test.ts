/**
 * Issue 18 item 3: the texts the server sends come from locales/{lng}/{ns}.json, in the
 * participant's language, else the study's primary language, else English; staff emails in the
 * staff user's UI language. Proved over HTTP with mail read from a real SMTP server.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OTP_TTL_MINUTES, PARTICIPANT_LINK_HEADER } from '@trialbase/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, setSubjectAttributes } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { readMail } from '../../../test/mail';
import { startSmtp, waitFor } from '../../../test/smtp';
import { buildLinkStudy, openEvent } from '../../modules/public/public-test-kit';
import { studies } from '../../modules/studies/tables';
import { users } from '../../modules/users/tables';
import { resolveLocalesDir, useServerCatalogs } from './i18n';

const LOCALES = resolveLocalesDir();
type Catalog = Record<string, Record<string, string>>;
const catalog = (dir: string, lng: string, ns: string): Catalog =>
  JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8'));

/** The text a catalog holds, placeholders filled in as the server fills them. */
function expected(text: string | undefined, vars: Record<string, string | number>): string {
  if (!text) throw new Error('no such text in the catalog');
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));
}

/** Which plural form a count takes in a language (CLDR rules, as i18next picks them). */
const form = (lng: string, count: number) => new Intl.PluralRules(lng).select(count);

let t: TestApp;
let admin: LoggedIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ jobs: true, smtpUrl: smtp.url });
  admin = await loginAs(t.app);
});
afterAll(async () => {
  useServerCatalogs(null);
  await t?.close();
  await smtp?.close();
});

/** A link with an emailed one-time code, a participant in `language`, a study in `primary` first. */
async function codeLink(language: string, primary: string) {
  const s = await buildLinkStudy(t.app, admin, {
    events: (p, f) => [openEvent(p, { forms: [f], otpAuthentication: 'EMAIL' })],
  });
  await t.app.database.db
    .update(studies)
    .set({ primaryLanguage: primary, languages: [...new Set([primary, language, 'en'])] })
    .where(eq(studies.id, s.study.id));
  await setSubjectAttributes(t.app, s.study.id, s.subject.id, { email: s.email, language });
  return s;
}

/** Asks for the link's code over HTTP and reads the email the SMTP server received. */
async function codeMail(s: Awaited<ReturnType<typeof codeLink>>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/public/studies/${s.study.id}/tokens/${s.tokens[0]?.id}/requestOneTimePassword`,
    headers: { [PARTICIPANT_LINK_HEADER]: s.link },
  });
  expect(res.statusCode, res.body).toBe(200);
  await waitFor(() => smtp.received.some((m) => m.to.includes(s.email)));
  const raw = smtp.received.find((m) => m.to.includes(s.email))?.data ?? '';
  const mail = readMail(raw);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  return { ...mail, code };
}

describe(`texts the server sends, in the recipient's language, on ${engine}`, () => {
  it('a participant whose language is Polish gets the one-time code email in Polish', async () => {
    const s = await codeLink('pl', 'en');
    const mail = await codeMail(s);
    const pl = catalog(LOCALES, 'pl', 'public').ONE_TIME_CODE ?? {};
    const en = catalog(LOCALES, 'en', 'public').ONE_TIME_CODE ?? {};
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(pl.SUBJECT);
    // Ten minutes take Polish's "many" form ("10 minut"), not English's "other".
    expect(form('pl', OTP_TTL_MINUTES)).toBe('many');
    expect(mail.text).toBe(
      expected(pl[`BODY_${form('pl', OTP_TTL_MINUTES)}`], { code: mail.code, minutes: OTP_TTL_MINUTES }),
    );
    expect(mail.text).toContain(`${OTP_TTL_MINUTES} minut.`);
    expect(mail.subject).not.toBe(en.SUBJECT);
  });

  it('an Arabic participant gets the unsubscribe code in Arabic, ten minutes in the "few" form', async () => {
    const s = await codeLink('ar', 'en');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/patient/${s.enrollmentId}/requestOneTimePassword`,
      payload: { email: s.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(() => smtp.received.some((m) => m.to.includes(s.email)));
    const mail = readMail(smtp.received.find((m) => m.to.includes(s.email))?.data ?? '');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    const ar = catalog(LOCALES, 'ar', 'public').UNSUBSCRIBE_CODE ?? {};
    expect(form('ar', OTP_TTL_MINUTES)).toBe('few');
    expect(mail.subject).toBe(ar.SUBJECT);
    expect(mail.text).toBe(expected(ar.BODY_few, { code, minutes: OTP_TTL_MINUTES }));
    expect(mail.text).toContain(`${OTP_TTL_MINUTES} دقائق`);
  });

  it("a resent link of an event without texts of its own has the product's texts in Polish", async () => {
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [openEvent(p, { forms: [f], sendAs: 'SEND_AS_EMAIL' })],
    });
    // The link went out in English at enrolment; once delivered, the participant switches to Polish.
    await waitFor(() => smtp.received.some((m) => m.to.includes(s.email)));
    await setSubjectAttributes(t.app, s.study.id, s.subject.id, { email: s.email, language: 'pl' });
    const before = smtp.received.filter((m) => m.to.includes(s.email)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${s.study.id}/tokens/${s.tokens[0]?.id}/resend`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(() => smtp.received.filter((m) => m.to.includes(s.email)).length > before);
    const mail = readMail(smtp.received.filter((m) => m.to.includes(s.email)).at(-1)?.data ?? '');
    const pl = catalog(LOCALES, 'pl', 'enrollments').LINK_MESSAGE ?? {};
    const link = /https?:\/\/\S+\/public\/\S+/.exec(mail.text)?.[0] ?? '';
    expect(link).toContain(s.link);
    expect(mail.subject).toBe(pl.DEFAULT_SUBJECT);
    expect(mail.text).toBe(expected(pl.DEFAULT_BODY, { link }));
  });

  describe('where the language has no text (a partial catalog)', () => {
    let dir: string;
    beforeAll(() => {
      // Polish and Swedish without their code texts: a language translated only in part.
      dir = mkdtempSync(path.join(tmpdir(), 'tb-locales-'));
      cpSync(LOCALES, dir, { recursive: true });
      for (const lng of ['pl', 'sv']) {
        const partial = catalog(dir, lng, 'public');
        delete partial.ONE_TIME_CODE;
        writeFileSync(path.join(dir, lng, 'public.json'), JSON.stringify(partial));
      }
      useServerCatalogs(dir);
    });
    afterAll(() => {
      useServerCatalogs(null);
      rmSync(dir, { recursive: true, force: true });
    });

    it("falls back to the study's primary language", async () => {
      const s = await codeLink('pl', 'de');
      const mail = await codeMail(s);
      const de = catalog(dir, 'de', 'public').ONE_TIME_CODE ?? {};
      expect(mail.subject).toBe(de.SUBJECT);
      expect(mail.text).toBe(expected(de.BODY_other, { code: mail.code, minutes: OTP_TTL_MINUTES }));
    });

    it('then to English when the primary language has no text either', async () => {
      const s = await codeLink('pl', 'sv');
      const mail = await codeMail(s);
      const en = catalog(dir, 'en', 'public').ONE_TIME_CODE ?? {};
      expect(mail.subject).toBe('Your one-time code');
      expect(mail.text).toBe(expected(en.BODY_other, { code: mail.code, minutes: OTP_TTL_MINUTES }));
    });
  });

  it('a staff user whose UI language is German gets the account email in German', async () => {
    const email = `staff-de-${Date.now()}@example.org`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Greta',
        lastName: 'Lang',
        email,
        password: 'Sprachen-Test-Passwort-77',
        language: 'de',
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await waitFor(() => smtp.received.some((m) => m.to.includes(email)));
    const mail = readMail(smtp.received.find((m) => m.to.includes(email))?.data ?? '');
    const de = catalog(LOCALES, 'de', 'users').EMAILS as unknown as Record<string, Record<string, string>>;
    const link = /https?:\/\/\S+\/authentication\/verify\S*/.exec(mail.text)?.[0] ?? '';
    expect(link).not.toBe('');
    expect(mail.subject).toBe('Bestätigen Sie Ihr Trialbase-Konto');
    expect(mail.subject).toBe(de.VERIFY?.SUBJECT);
    expect(mail.text).toBe(expected(de.VERIFY?.BODY_other, { firstName: 'Greta', link, hours: 48 }));
  });
});

describe(`the study invitation email, in the invitee's language, on ${engine}`, () => {
  it('a German-UI user invited as investigator gets the invitation in German, sites in the plural form', async () => {
    const study = await buildStudy(t.app, { name: `Sprachstudie ${Date.now()}` });
    const site = await buildSite(t.app, study.id, { name: 'Klinik Nord' });
    const invitee = await buildUser(t.app, { firstName: 'Jonas', lastName: 'Weber' });
    await t.app.database.db.update(users).set({ language: 'de' }).where(eq(users.id, invitee.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/access`,
      headers: admin.headers,
      payload: { email: invitee.email, role: 'INVESTIGATOR', siteIds: [site.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    await waitFor(() => smtp.received.some((m) => m.to.includes(invitee.email)));
    const mail = readMail(smtp.received.find((m) => m.to.includes(invitee.email))?.data ?? '');
    const de = catalog(LOCALES, 'de', 'access').INVITATION as unknown as Record<string, string> & {
      ROLES: Record<string, string>;
    };
    expect(mail.subject).toBe(expected(de.SUBJECT, { study: study.name }));
    const granted = expected(de.GRANTED, {
      study: study.name,
      role: de.ROLES.INVESTIGATOR ?? '',
      sites: expected(de.SITES_one, { names: 'Klinik Nord' }),
    });
    expect(mail.text.split('\n\n')).toEqual([
      granted,
      de.LOG_IN,
      expect.stringMatching(/\/authentication\/login$/),
    ]);
    expect(mail.text).toContain('als Prüfarzt erhalten (Zentrum Klinik Nord)');
  });
});
