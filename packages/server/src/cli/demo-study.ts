/**
 * The demo study (issue 7 item 7), built through the HTTP API as the first system administrator,
 * so it obeys every rule and leaves a full audit trail. The app's clock is moved back in time while
 * subjects are enrolled and forms filled, so the schedule shows subjects at different stages.
 */

import { CSRF_HEADER } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';
import { runDueSchedule } from '../modules/enrollments/tokens/service/run-due-schedule';
import { scheduleEnvOf } from '../modules/enrollments/tokens/service/send-link';
import { createSession, SESSION_COOKIE } from '../platform/auth/sessions';
import { newId } from '../platform/ids';

const DAY = 86_400_000;

export type DemoClock = { set(now: Date): void; now(): Date };

export type DemoResult = {
  studyId: string;
  studyName: string;
  subjects: number;
  enrollments: number;
  filledForms: number;
};

type Caller = <T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => Promise<T>;

/** A caller of the app's own API with a fresh session of the first system administrator. */
async function adminCaller(app: FastifyInstance, now: Date): Promise<Caller> {
  const { rows } = await app.database.query<{ id: string }>(
    `select id from app_user where system_permissions @> '["SYSTEM_ALL"]'::jsonb and not is_disabled
     order by created_at limit 1`,
  );
  const adminId = rows[0]?.id;
  if (!adminId) throw new Error('No system administrator exists: start Trialbase once first.');
  const { secret, session } = await createSession(app.database.db, {
    userId: adminId,
    now,
    ttlMinutes: 60 * 24 * 365,
    ip: null,
    userAgent: 'seed:demo',
  });
  return async (method, url, body) => {
    const res = await app.inject({
      method,
      url,
      headers: { cookie: `${SESSION_COOKIE}=${secret}`, [CSRF_HEADER]: session.csrfToken },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    if (res.statusCode >= 400) throw new Error(`${method} ${url} failed (${res.statusCode}): ${res.body}`);
    return (res.body ? res.json() : {}) as never;
  };
}

const en = (text: string, da?: string) => (da ? { en: text, da } : { en: text });
const choices = (prefix: string, labels: [string, string][]) =>
  labels.map(([label, da], i) => ({ id: `${prefix}${i + 1}`, possibility: en(label, da) }));

/** The staff visit form: numbers, a date, yes/no, a choice with a show rule, free text. */
function vitalSigns() {
  return {
    title: en('Vital signs', 'Vitale værdier'),
    type: 'TYPE_HP',
    questions: [
      { id: 'vs-date', order: 1, type: 'DATE', question: en('Visit date', 'Besøgsdato'), required: true },
      {
        id: 'vs-weight',
        order: 2,
        type: 'NUMBER',
        question: en('Weight (kg)', 'Vægt (kg)'),
        required: true,
        floatingNumber: true,
        minValue: 30,
        maxValue: 250,
      },
      {
        id: 'vs-sys',
        order: 3,
        type: 'NUMBER',
        question: en('Systolic blood pressure (mmHg)', 'Systolisk blodtryk (mmHg)'),
        minValue: 60,
        maxValue: 260,
      },
      {
        id: 'vs-nyha',
        order: 4,
        type: 'MULTIPLE_CHOICE',
        question: en('NYHA class', 'NYHA-klasse'),
        required: true,
        possibilities: choices('nyha', [
          ['I', 'I'],
          ['II', 'II'],
          ['III', 'III'],
          ['IV', 'IV'],
        ]),
      },
      {
        id: 'vs-smoker',
        order: 5,
        type: 'YES_NO',
        question: en('Current smoker', 'Ryger i dag'),
        possibilities: choices('yn', [
          ['Yes', 'Ja'],
          ['No', 'Nej'],
        ]),
      },
      {
        id: 'vs-notes',
        order: 6,
        type: 'TEXT_FREE',
        question: en('Why class IV? Describe the symptoms', 'Hvorfor klasse IV? Beskriv symptomerne'),
        showRules: [{ question: 'vs-nyha', possibilities: ['nyha4'] }],
      },
    ],
  };
}

/** The subject questionnaire: slider, smiley, multiple response, checkbox, time, sentence. */
function qualityOfLife() {
  return {
    title: en('Quality of life', 'Livskvalitet'),
    type: 'TYPE_PATIENT',
    questions: [
      {
        id: 'ql-health',
        order: 1,
        type: 'SLIDER',
        question: en('How good is your health today? (0-100)', 'Hvor godt er dit helbred i dag? (0-100)'),
        minValue: 0,
        maxValue: 100,
        required: true,
      },
      {
        id: 'ql-mood',
        order: 2,
        type: 'SMILEY',
        question: en('How do you feel?', 'Hvordan har du det?'),
        possibilities: choices('mood', [
          ['Very bad', 'Meget dårligt'],
          ['Bad', 'Dårligt'],
          ['Neutral', 'Neutralt'],
          ['Good', 'Godt'],
          ['Very good', 'Meget godt'],
        ]),
      },
      {
        id: 'ql-symptoms',
        order: 3,
        type: 'MULTIPLE_RESPONSE',
        question: en('Which symptoms did you have this week?', 'Hvilke symptomer har du haft i denne uge?'),
        possibilities: choices('sym', [
          ['Shortness of breath', 'Åndenød'],
          ['Swollen ankles', 'Hævede ankler'],
          ['Tiredness', 'Træthed'],
          ['None', 'Ingen'],
        ]),
      },
      {
        id: 'ql-walk',
        order: 4,
        type: 'TIME',
        question: en('When did you go for a walk?', 'Hvornår gik du en tur?'),
      },
      {
        id: 'ql-meds',
        order: 5,
        type: 'CHECKBOX',
        question: en('I took all my medicine', 'Jeg har taget al min medicin'),
      },
      {
        id: 'ql-comment',
        order: 6,
        type: 'TEXT_SENTENCE',
        question: en('Anything else?', 'Andet?'),
        maxLength: 200,
      },
    ],
  };
}

export type SeedOptions = { clock: DemoClock; subjects?: number; name?: string };

/** Builds the demo study; `clock` is the app's clock, moved back while the schedule plays out. */
export async function seedDemoStudy(app: FastifyInstance, options: SeedOptions): Promise<DemoResult> {
  const { clock } = options;
  const today = clock.now();
  const subjectCount = options.subjects ?? 20;
  const start = new Date(today.getTime() - 60 * DAY);
  clock.set(start);
  const call = await adminCaller(app, start);
  const studyName = options.name ?? `Demo: heart failure follow-up ${today.toISOString().slice(0, 10)}`;

  const study = await call<{ id: string }>('POST', '/api/study', {
    studyName,
    description:
      'A demo study made by `npm run seed:demo`: two sites, three forms, a three-event process and 20 subjects.',
    primaryLanguage: 'en',
    languages: ['en', 'da'],
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    subjectIdAutomation: 'siteIdSiteNum',
    extendedValidation: false,
    verificationType: 'QUESTION',
    secondaryVerificationType: 'NONE',
    timeZone: 'Europe/Copenhagen',
  });
  const studyId = study.id;
  const sites = [
    await call<{ id: string }>('POST', `/api/studies/${studyId}/sites`, {
      name: 'Rigshospitalet, Cardiology',
      siteNumber: 1,
      isPublic: true,
      address: 'Blegdamsvej 9, 2100 København Ø',
      enrolmentTarget: 15,
    }),
    await call<{ id: string }>('POST', `/api/studies/${studyId}/sites`, {
      name: 'Aarhus University Hospital, Heart Clinic',
      siteNumber: 2,
      address: 'Palle Juul-Jensens Boulevard 99, 8200 Aarhus N',
      enrolmentTarget: 10,
    }),
  ];

  const vitals = await call<{ id: string }>('POST', `/api/studies/${studyId}/questionnairetemplate`, {
    id: newId(start),
    ...vitalSigns(),
  });
  const qol = await call<{ id: string }>('POST', `/api/studies/${studyId}/questionnairetemplate`, {
    id: newId(start),
    ...qualityOfLife(),
  });
  const eq5d = await call<{ id: string }>('POST', `/api/study/${studyId}/forms/addEQ5DTemplateToStudy`, {});
  for (const form of [vitals, qol, eq5d]) {
    await call('POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
      formId: form.id,
      kind: 'major',
    });
  }

  const process = await call<{ id: string; dataEvents: { id: string }[] }>(
    'POST',
    `/api/studies/${studyId}/pathway`,
    {
      pathwayName: 'Heart failure follow-up',
      supportedLanguages: ['en', 'da'],
      dataEvents: [
        {
          name: en('Baseline visit', 'Baselinebesøg'),
          type: 'TYPE_USER',
          forms: [vitals.id],
          referenceDate: 'REGISTRATION',
        },
        {
          name: en('Two-week questionnaire', 'Spørgeskema efter to uger'),
          type: 'TYPE_PATIENT',
          forms: [qol.id, eq5d.id],
          forceFormOrder: true,
          referenceDate: 'PREVIOUS_COMPLETE',
          offsetDays: 14,
          sendAs: 'SEND_AS_EMAIL',
          subjectText: en('Your two-week questionnaire', 'Dit spørgeskema efter to uger'),
          emailText: en(
            'Hello, it is time for your two-week questionnaire: {link}',
            'Hej, det er tid til dit spørgeskema: {link}',
          ),
          expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 7, hours: 0 },
          reminders: [{ kind: 'AFTER_ACTIVATION', days: 3, hours: 0 }],
        },
        {
          name: en('Closing visit', 'Afsluttende besøg'),
          type: 'TYPE_USER',
          forms: [vitals.id],
          referenceDate: 'MANUAL',
        },
      ],
    },
  );
  await call('POST', `/api/study/${studyId}/start`, {});

  const firstNames = ['Anna', 'Bo', 'Clara', 'Dorte', 'Emil', 'Freja', 'Gustav', 'Hanne', 'Ida', 'Jens'];
  const lastNames = [
    'Jensen',
    'Nielsen',
    'Hansen',
    'Pedersen',
    'Andersen',
    'Christensen',
    'Larsen',
    'Sørensen',
  ];
  let enrollments = 0;
  let filledForms = 0;
  const env = scheduleEnvOf(app.config);
  for (let i = 0; i < subjectCount; i++) {
    // Subject i joins 2 days after the one before, so the schedule spreads them over its stages.
    const joined = new Date(start.getTime() + (i * 2 + 1) * DAY + 9 * 3_600_000);
    clock.set(joined);
    await runDueSchedule(app.database.db, joined, env);
    const site = sites[i % 2] as { id: string };
    const first = firstNames[i % firstNames.length] as string;
    const last = lastNames[(i * 3) % lastNames.length] as string;
    const [subject] = await call<{ id: string }[]>(
      'POST',
      `/api/studies/${studyId}/sites/${site.id}/patients`,
      {
        firstName: first,
        lastName: last,
        email: `${first.toLowerCase()}.${last.toLowerCase()}.${i + 1}@demo.trialbase.local`,
        language: i % 3 === 0 ? 'en' : 'da',
        gender: (i % 2) + 1,
        birthYear: 1940 + ((i * 7) % 45),
      },
    );
    if (!subject) continue;
    const [enrollment] = await call<{ id: string }[]>('POST', `/api/studies/${studyId}/enrollments`, {
      subjectId: subject.id,
      siteId: site.id,
      processId: process.id,
    });
    if (!enrollment) continue;
    enrollments += 1;
    filledForms += await fillDemoForms(app, call, {
      studyId,
      enrollmentId: enrollment.id,
      subjectIndex: i,
      clock,
      today,
    });
  }
  clock.set(today);
  await runDueSchedule(app.database.db, today, env);
  return { studyId, studyName, subjects: subjectCount, enrollments, filledForms };
}

type DemoQuestion = {
  id: string;
  type: string;
  minValue?: number | null;
  maxValue?: number | null;
  showRules?: unknown[];
  possibilities?: { id: string }[];
};
type FillPayload = {
  token: { id: string; status: string };
  forms: {
    formId: string;
    isOptional: boolean;
    form: { questions: DemoQuestion[] };
    answerSet: { id: string } | null;
  }[];
};
type EnrollmentView = { id: string; tokens: { id: string; status: string; dataEventId: string }[] };

/** A plausible answer for a demo question; questions behind show rules stay unanswered (hidden). */
function demoAnswer(q: DemoQuestion, seed: number, today: Date): Record<string, unknown> | null {
  if (q.showRules && q.showRules.length > 0) return null;
  const pick = (n: number) => (n <= 0 ? [] : [q.possibilities?.[seed % Math.max(1, n - 1)]?.id ?? '']);
  const between = (min: number, max: number) =>
    String(Math.round(min + (((seed * 37) % 100) / 100) * (max - min)));
  switch (q.type) {
    case 'DATE':
      return { question: q.id, answerStrings: [today.toISOString().slice(0, 10)] };
    case 'NUMBER':
    case 'SLIDER':
      return { question: q.id, answerStrings: [between(q.minValue ?? 0, q.maxValue ?? 100)] };
    case 'YES_NO':
    case 'MULTIPLE_CHOICE':
    case 'SMILEY':
      return { question: q.id, possibilities: pick(q.possibilities?.length ?? 0) };
    case 'MULTIPLE_RESPONSE':
      return { question: q.id, possibilities: pick(q.possibilities?.length ?? 0) };
    case 'TIME':
      return { question: q.id, answerStrings: [`${String(8 + (seed % 10)).padStart(2, '0')}:30`] };
    case 'CHECKBOX':
      return { question: q.id, answerStrings: [seed % 3 === 0 ? 'false' : 'true'] };
    case 'TEXT_SENTENCE':
    case 'TEXT_FREE':
      return {
        question: q.id,
        answerStrings: [seed % 2 === 0 ? 'Feeling fine.' : 'A little tired this week.'],
      };
    default:
      return null;
  }
}

/** Fills and submits every form of a token as staff (the filler is recorded as the admin). */
async function fillToken(
  call: Caller,
  studyId: string,
  enrollmentId: string,
  tokenId: string,
  seed: number,
  now: Date,
): Promise<number> {
  const base = `/api/studies/${studyId}/enrollments/${enrollmentId}/tokens/${tokenId}/questionnaires`;
  const payload = await call<FillPayload>('GET', base);
  let filled = 0;
  for (const form of payload.forms) {
    const answers = form.form.questions.map((q) => demoAnswer(q, seed, now)).filter((a) => a !== null);
    await call('POST', base, { formId: form.formId, answers, isFinal: true });
    filled += 1;
  }
  return filled;
}

/**
 * Plays one subject's schedule forward from enrollment: most subjects had their baseline visit,
 * about half answered the two-week questionnaire (entered by staff from paper), a few had
 * their closing visit; the rest are waiting, open or expired, so every stage shows.
 */
async function fillDemoForms(
  app: FastifyInstance,
  call: Caller,
  input: { studyId: string; enrollmentId: string; subjectIndex: number; clock: DemoClock; today: Date },
): Promise<number> {
  const { studyId, enrollmentId, subjectIndex: i, clock, today } = input;
  const env = scheduleEnvOf(app.config);
  const tokensOf = async () =>
    (await call<EnrollmentView>('GET', `/api/studies/${studyId}/enrollments/${enrollmentId}`)).tokens;
  const at = async (time: Date) => {
    if (time > today) return false;
    clock.set(time);
    await runDueSchedule(app.database.db, time, env);
    return true;
  };
  let filled = 0;
  const joined = clock.now();
  if (i % 7 === 6 || !(await at(new Date(joined.getTime() + 2 * 3_600_000)))) return filled;
  const [baseline, followUp, closing] = await tokensOf();
  if (!baseline) return filled;
  filled += await fillToken(call, studyId, enrollmentId, baseline.id, i, clock.now());
  // Two weeks after the baseline the questionnaire opens; some answer it within two days.
  if (!followUp || i % 2 === 1) return filled;
  if (!(await at(new Date(clock.now().getTime() + 16 * DAY)))) return filled;
  const [, opened] = await tokensOf();
  if (opened?.status !== 'UNUSED') return filled;
  filled += await fillToken(call, studyId, enrollmentId, followUp.id, i, clock.now());
  if (!closing || i % 4 !== 0 || !(await at(new Date(clock.now().getTime() + 5 * DAY)))) return filled;
  await call(
    'POST',
    `/api/studies/${studyId}/enrollments/${enrollmentId}/tokens/${closing.id}/startDataEvent`,
    {},
  );
  filled += await fillToken(call, studyId, enrollmentId, closing.id, i, clock.now());
  return filled;
}

/** First start with TRIALBASE_SEED_DEMO: the demo study, only when the database holds no study yet. */
export async function seedDemoIfEmpty(app: FastifyInstance, clock: DemoClock): Promise<DemoResult | null> {
  const { rows } = await app.database.query<{ n: number }>('select count(*)::int as n from study');
  if ((rows[0]?.n ?? 0) > 0) return null;
  return seedDemoStudy(app, { clock });
}
