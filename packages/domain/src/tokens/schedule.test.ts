import { describe, expect, it } from 'vitest';
import { type DataEventInput, DataEventSchema } from '../processes/model';
import {
  buildLinkMessage,
  insertLink,
  type LinkMessageTexts,
  participantLink,
  pickLocalizedText,
} from './messages';
import { computeSchedule, type EventFacts, reminderKey, tokenTypeForDataEvent } from './schedule';

const CPH = 'Europe/Copenhagen';
const ev = (input: DataEventInput) => DataEventSchema.parse(input);
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

// The three-event process: registration +0 (email), previous-complete +7 days (SMS,
// reminder 2 days after activation, expiry 5 days after activation), manual.
const threeEvents = [
  ev({ id: 'e1', type: 'TYPE_PATIENT', referenceDate: 'REGISTRATION', sendAs: 'SEND_AS_EMAIL' }),
  ev({
    id: 'e2',
    type: 'TYPE_PATIENT',
    referenceDate: 'PREVIOUS_COMPLETE',
    offsetDays: 7,
    sendAs: 'SEND_AS_SMS',
    reminders: [{ kind: 'AFTER_ACTIVATION', days: 2 }],
    expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 5 },
  }),
  ev({ id: 'e3', type: 'TYPE_USER', referenceDate: 'MANUAL' }),
];
const registeredAt = new Date('2026-10-20T07:00:00Z'); // 09:00 CEST

function schedule(facts: Record<string, EventFacts>, events = threeEvents) {
  return computeSchedule({ events, registeredAt, timeZone: CPH, facts });
}

describe('Spec 001 §3 reference dates (issue 6 item 5)', () => {
  it('activates a REGISTRATION event at registration + offset and waits for the rest', () => {
    const [e1, e2, e3] = schedule({});
    expect(iso(e1?.activationTime)).toBe('2026-10-20T07:00:00.000Z');
    expect(e2?.activationTime).toBeNull();
    expect(e2?.expiryTime).toBeNull();
    expect(e2?.reminders).toEqual([]);
    expect(e3?.activationTime).toBeNull();
  });

  it('chains PREVIOUS_COMPLETE on the completion, in calendar days across the DST change', () => {
    // Completed 22 Oct 10:00 CEST; +7 days = 29 Oct 10:00 CET (09:00 UTC, an hour later in UTC).
    const [, e2] = schedule({ e1: { completedAt: new Date('2026-10-22T08:00:00Z') } });
    expect(iso(e2?.activationTime)).toBe('2026-10-29T09:00:00.000Z');
    expect(e2?.reminders.map((r) => [r.key, iso(r.dueAt)])).toEqual([
      ['REMINDER:0', '2026-10-31T09:00:00.000Z'],
    ]);
    expect(iso(e2?.expiryTime)).toBe('2026-11-03T09:00:00.000Z');
  });

  it('starts MANUAL and REQUEST events at the start + offset', () => {
    const events = [
      ev({ id: 'm', type: 'TYPE_USER', referenceDate: 'MANUAL', offsetHours: 2 }),
      ev({ id: 'r', type: 'TYPE_PATIENT', referenceDate: 'REQUEST', offsetDays: 1 }),
    ];
    const started = new Date('2026-10-24T10:00:00Z');
    const [m, r] = schedule({ m: { startedAt: started }, r: { startedAt: started } }, events);
    expect(iso(m?.activationTime)).toBe('2026-10-24T12:00:00.000Z');
    // 24 Oct 12:00 CEST + 1 calendar day = 25 Oct 12:00 CET.
    expect(iso(r?.activationTime)).toBe('2026-10-25T11:00:00.000Z');
  });

  it('chains PREVIOUS on the previous activation as soon as that is known', () => {
    const events = [
      ev({ id: 'a', type: 'TYPE_PATIENT', referenceDate: 'MANUAL' }),
      ev({ id: 'b', type: 'TYPE_PATIENT', referenceDate: 'PREVIOUS', offsetDays: 1 }),
      ev({ id: 'c', type: 'TYPE_PATIENT', referenceDate: 'PREVIOUS', offsetHours: 3 }),
    ];
    expect(schedule({}, events).map((s) => s.activationTime)).toEqual([null, null, null]);
    const started = schedule({ a: { startedAt: new Date('2026-10-21T07:00:00Z') } }, events);
    expect(started.map((s) => iso(s.activationTime))).toEqual([
      '2026-10-21T07:00:00.000Z',
      '2026-10-22T07:00:00.000Z',
      '2026-10-22T10:00:00.000Z',
    ]);
  });

  it('counts a first PREVIOUS event from registration', () => {
    const [first] = schedule({}, [
      ev({ id: 'p', type: 'TYPE_PATIENT', referenceDate: 'PREVIOUS', offsetDays: 1 }),
    ]);
    expect(iso(first?.activationTime)).toBe('2026-10-21T07:00:00.000Z');
  });

  it('keeps a fixed activation (activated, or rescheduled by staff) and chains on it', () => {
    const events = [
      ev({ id: 'a', type: 'TYPE_PATIENT', referenceDate: 'REGISTRATION', offsetDays: 3 }),
      ev({ id: 'b', type: 'TYPE_PATIENT', referenceDate: 'PREVIOUS', offsetDays: 1 }),
    ];
    const [a, b] = schedule({ a: { fixedActivation: new Date('2026-11-01T08:00:00Z') } }, events);
    expect(iso(a?.activationTime)).toBe('2026-11-01T08:00:00.000Z');
    expect(iso(b?.activationTime)).toBe('2026-11-02T08:00:00.000Z');
  });

  it('leaves unscheduled events (unexpected, discontinued, external) out', () => {
    const events = [
      ev({ id: 'u', type: 'TYPE_UNEXPECTED' }),
      ev({ id: 'a', type: 'TYPE_PATIENT' }),
      ev({ id: 'd', type: 'TYPE_DISCONTINUED' }),
      ev({ id: 'x', type: 'TYPE_EXTERNAL' }),
    ];
    expect(schedule({}, events).map((s) => s.dataEventId)).toEqual(['a']);
  });
});

describe('Spec 000 §3 expiry and reminders (issue 6 item 5)', () => {
  it('expires before the next event: at its activation, unknown until then', () => {
    const events = [
      ev({ id: 'a', type: 'TYPE_PATIENT', expiry: { type: 'EXPIRE_BEFORE_NEXT_EVENT' } }),
      ev({ id: 'b', type: 'TYPE_PATIENT', referenceDate: 'MANUAL' }),
    ];
    expect(schedule({}, events)[0]?.expiryTime).toBeNull();
    const [a] = schedule({ b: { startedAt: new Date('2026-10-30T12:00:00Z') } }, events);
    expect(iso(a?.expiryTime)).toBe('2026-10-30T12:00:00.000Z');
  });

  it('never expires with EXPIRE_NEVER, and then has no before-expiry reminder', () => {
    const [a] = schedule({}, [
      ev({
        id: 'a',
        type: 'TYPE_PATIENT',
        reminders: [
          { kind: 'BEFORE_EXPIRY', days: 1 },
          { kind: 'AFTER_ACTIVATION', hours: 6 },
        ],
      }),
    ]);
    expect(a?.expiryTime).toBeNull();
    expect(a?.reminders.map((r) => [r.key, iso(r.dueAt)])).toEqual([
      [reminderKey(1), '2026-10-20T13:00:00.000Z'],
    ]);
  });

  it('reminds before expiry in calendar days and hours', () => {
    const [a] = schedule({}, [
      ev({
        id: 'a',
        type: 'TYPE_PATIENT',
        expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 7 },
        reminders: [{ kind: 'BEFORE_EXPIRY', days: 1, hours: 2 }],
      }),
    ]);
    // Expires 27 Oct 09:00 CET; 1 calendar day earlier is 26 Oct 09:00 CET, minus 2 hours.
    expect(iso(a?.expiryTime)).toBe('2026-10-27T08:00:00.000Z');
    expect(iso(a?.reminders[0]?.dueAt)).toBe('2026-10-26T06:00:00.000Z');
  });
});

describe('Spec 000 §3 token types per data event type', () => {
  it('maps patient, staff and e-consent events', () => {
    expect(tokenTypeForDataEvent('TYPE_PATIENT')).toBe('PATIENT');
    expect(tokenTypeForDataEvent('TYPE_USER')).toBe('HP');
    expect(tokenTypeForDataEvent('TYPE_ECONSENT')).toBe('ECONSENT');
    expect(tokenTypeForDataEvent('TYPE_UNEXPECTED')).toBe('UNEXPECTED');
  });
});

describe('Spec 001 §3 link message texts', () => {
  const languages = { subject: 'da', primary: 'en' };
  // The server's catalogs stand in as a table: the first of the languages given that has the text.
  const table = {
    subject: { en: 'Your study questionnaire', da: 'Dit spørgeskema' } as Record<string, string>,
    body: { en: 'Open {{link}}', da: 'Åbn {{link}}' } as Record<string, string>,
    reminder: { en: 'Reminder:', da: 'Påmindelse:' } as Record<string, string>,
  };
  const first = (texts: Record<string, string>, lngs: readonly string[]) =>
    texts[lngs.find((l) => texts[l] !== undefined) ?? 'en'] ?? '';
  const texts: LinkMessageTexts = {
    defaultSubject: (lngs) => first(table.subject, lngs),
    defaultBody: (lngs, link) => first(table.body, lngs).replace('{{link}}', link),
    reminderPrefix: (lngs) => first(table.reminder, lngs),
  };
  const link = participantLink('https://trials.example.org/', 'a'.repeat(24), 'T'.repeat(32));

  it('builds the spec 002 token link', () => {
    expect(link).toBe(`https://trials.example.org/public/${'a'.repeat(24)}/${'T'.repeat(32)}`);
  });

  it("picks the subject's language, else the primary one, else any", () => {
    expect(pickLocalizedText({ en: 'Hi', da: 'Hej' }, languages)?.text).toBe('Hej');
    expect(pickLocalizedText({ en: 'Hi', de: 'Hallo' }, languages)?.text).toBe('Hi');
    expect(pickLocalizedText({ de: 'Hallo' }, languages)?.text).toBe('Hallo');
    expect(pickLocalizedText({ da: '  ' }, languages)).toBeNull();
  });

  it('replaces the placeholder or appends the link', () => {
    expect(insertLink('Open {link} now, {link}', 'L')).toBe('Open L now, L');
    expect(insertLink('Please fill in the form. ', 'L')).toBe('Please fill in the form.\n\nL');
  });

  it('sends email with a subject line and SMS without, reminders prefixed in the language', () => {
    const event = {
      subjectText: { da: 'Spørgeskema {link}', en: 'Questionnaire' },
      emailText: { da: 'Udfyld: {link}', en: 'Fill in: {link}' },
      smsText: { en: 'Fill in {link}' },
    };
    expect(
      buildLinkMessage({ event, channel: 'EMAIL', purpose: 'ACTIVATION', languages, link: 'L', texts }),
    ).toEqual({
      subject: 'Spørgeskema',
      body: 'Udfyld: L',
      language: 'da',
    });
    expect(
      buildLinkMessage({ event, channel: 'EMAIL', purpose: 'REMINDER', languages, link: 'L', texts }).subject,
    ).toBe('Påmindelse: Spørgeskema');
    expect(
      buildLinkMessage({ event, channel: 'SMS', purpose: 'REMINDER', languages, link: 'L', texts }),
    ).toEqual({
      subject: null,
      body: 'Reminder: Fill in L',
      language: 'en',
    });
  });

  it("fills in the product's texts where the event has none: subject's language, primary, English", () => {
    const empty = { subjectText: {}, emailText: {}, smsText: {} };
    const reminder = (subject: string | null, primary: string) =>
      buildLinkMessage({
        event: empty,
        channel: 'EMAIL',
        purpose: 'REMINDER',
        languages: { subject, primary },
        link: 'L',
        texts,
      });
    expect(reminder('da', 'en')).toEqual({
      subject: 'Påmindelse: Dit spørgeskema',
      body: 'Åbn L',
      language: 'da',
    });
    // Polish is not in the table: the study's primary language (Danish), then English.
    expect(reminder('pl', 'da')).toMatchObject({ subject: 'Påmindelse: Dit spørgeskema', body: 'Åbn L' });
    expect(reminder('pl', 'de')).toMatchObject({
      subject: 'Reminder: Your study questionnaire',
      body: 'Open L',
    });
  });
});
