import { type APIRequestContext, expect, request } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/**
 * Set-up for the participant journeys (spec 002): staff work goes through the API on a request
 * context of its own, so the participant's page never carries a staff session. Links and
 * one-time codes are read from the outbox, as a participant would read their email.
 */

export type StaffApi = {
  // biome-ignore lint/suspicious/noExplicitAny: test set-up reads API answers loosely; the API suite checks their shapes.
  call<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: object): Promise<T>;
  request: APIRequestContext;
  dispose(): Promise<void>;
};

/** Logs the first admin in on a separate request context (base URL of the suite's server). */
export async function staffApi(): Promise<StaffApi> {
  const context = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await context.post('/api/auth/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(login.ok(), `login: ${login.status()} ${await login.text()}`).toBe(true);
  const session = await (await context.get('/api/auth/session')).json();
  const csrfToken = session.csrfToken as string;
  return {
    request: context,
    async call(method, url, data) {
      const res = await context.fetch(url, {
        method,
        headers: { 'x-csrf-token': csrfToken },
        ...(data ? { data } : {}),
      });
      expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
      const text = await res.text();
      return text ? JSON.parse(text) : undefined;
    },
    dispose: () => context.dispose(),
  };
}

export type FormSpec = {
  title: Record<string, string>;
  /** The questions, or a function of the form's id (for rules that name their own form). */
  questions: Record<string, unknown>[] | ((formId: string) => Record<string, unknown>[]);
  /** Form-level extras (showInfoText, infoText, singleQuestionFillout, ...). */
  extra?: Record<string, unknown>;
};

export type ParticipantStudyOptions = {
  name?: string;
  languages?: string[];
  /** Published as 1.0 each, in this order, all on the participant event. */
  forms?: FormSpec[];
  /** Extras of the participant event (default: by email at registration, forced order, no code). */
  event?: Record<string, unknown>;
  /** Process-level settings (consentRequired, consentText, public, publicIntroText, ...). */
  process?: Record<string, unknown>;
  /** The site takes public sign-ups (spec 002 §4 gate). */
  sitePublic?: boolean;
  /** Study settings beside the defaults (e.g. dateFormat, dateTimeFormat). */
  settings?: Record<string, unknown>;
};

export type ParticipantStudy = {
  studyId: string;
  siteId: string;
  processId: string;
  dataEventId: string;
  formIds: string[];
};

const DEFAULT_FORM: FormSpec = {
  title: { en: 'How are you?' },
  questions: [
    { id: 'q-mood', order: 1, type: 'NUMBER', required: true, question: { en: 'Mood from 0 to 10' } },
  ],
};

let counter = 0;

/**
 * A study in production with a site, published participant forms and a process whose first event
 * is a subject (TYPE_PATIENT) event opened at registration and sent by email.
 */
export async function participantStudy(
  api: StaffApi,
  options: ParticipantStudyOptions = {},
): Promise<ParticipantStudy> {
  const languages = options.languages ?? ['en'];
  const study = await api.call('POST', '/api/study', {
    studyName: `${options.name ?? 'Participant study'} ${Date.now()}-${(counter++).toString(36)}`,
    description: 'A study of how people feel during treatment.',
    primaryLanguage: languages[0],
    languages,
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    subjectIdAutomation: 'manual',
    extendedValidation: false,
    verificationType: 'NONE',
    secondaryVerificationType: 'NONE',
    ...options.settings,
  });
  const studyId = study.id as string;
  const site = await api.call('POST', `/api/studies/${studyId}/sites`, {
    name: 'Odense clinic',
    isPublic: options.sitePublic ?? false,
  });
  const formIds: string[] = [];
  for (const spec of options.forms ?? [DEFAULT_FORM]) {
    const draft = { title: spec.title, type: 'TYPE_FORM', ...spec.extra };
    const questions = spec.questions;
    let form = await api.call('POST', `/api/studies/${studyId}/questionnairetemplate`, {
      ...draft,
      id: '',
      questions: typeof questions === 'function' ? [] : questions,
    });
    if (typeof questions === 'function') {
      form = await api.call('POST', `/api/studies/${studyId}/questionnairetemplate`, {
        ...draft,
        id: form.id,
        questions: questions(form.id),
      });
    }
    await api.call('POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
      formId: form.id,
      kind: 'major',
    });
    formIds.push(form.id as string);
  }
  const process = await api.call('POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Home questionnaires',
    dataEvents: [
      {
        name: Object.fromEntries(languages.map((l) => [l, l === 'ar' ? 'الأسبوع الأول' : 'Week 1'])),
        type: 'TYPE_PATIENT',
        forms: formIds,
        referenceDate: 'REGISTRATION',
        sendAs: 'SEND_AS_EMAIL',
        forceFormOrder: true,
        ...options.event,
      },
    ],
    ...options.process,
  });
  await api.call('POST', `/api/study/${studyId}/start`);
  return {
    studyId,
    siteId: site.id as string,
    processId: process.id as string,
    dataEventId: (process.dataEvents?.[0]?.id ?? '') as string,
    formIds,
  };
}

export type Participant = { subjectId: string; enrollmentId: string; email: string };

/** Registers a subject with an email at the study's site and enrols it in the process (the link is emailed). */
export async function enrolParticipant(
  api: StaffApi,
  study: ParticipantStudy,
  options: { language?: string; email?: string } = {},
): Promise<Participant> {
  const email = options.email ?? `participant-${Date.now()}-${(counter++).toString(36)}@e2e.example`;
  const [subject] = await api.call('POST', `/api/studies/${study.studyId}/sites/${study.siteId}/patients`, {
    patientId: `P-${Date.now().toString(36)}-${(counter++).toString(36)}`,
    email,
    language: options.language ?? 'en',
  });
  const [enrollment] = await api.call('POST', `/api/studies/${study.studyId}/enrollments`, {
    subjectId: subject.id,
    siteId: study.siteId,
    processId: study.processId,
  });
  return { subjectId: subject.id as string, enrollmentId: enrollment.id as string, email };
}

type OutboxMessage = { to: string; subject: string | null; body: string; createdAt: string };

/** Messages to one address, oldest first (the admin outbox, newest pages first). */
export async function outboxTo(api: StaffApi, to: string): Promise<OutboxMessage[]> {
  const found: OutboxMessage[] = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await api.call('GET', `/api/admin/outbox?limit=100&offset=${offset}`);
    found.push(...(page.items as OutboxMessage[]).filter((m) => m.to === to));
    if (offset + 100 >= page.total) break;
  }
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Waits until a message to `to` matches (the schedule runs as a job right after the enrolment). */
async function waitForMessage(api: StaffApi, to: string, pick: (m: OutboxMessage[]) => string | null) {
  let value: string | null = null;
  await expect
    .poll(
      async () => {
        value = pick(await outboxTo(api, to));
        return value;
      },
      { timeout: 20_000, message: `no matching message to ${to}` },
    )
    .not.toBeNull();
  return value as unknown as string;
}

/** The participant's personal link from their newest email, as a path (`/public/{studyId}/{token}`). */
export async function linkFromOutbox(api: StaffApi, to: string): Promise<string> {
  return waitForMessage(api, to, (messages) => {
    const urls = messages
      .map((m) => /https?:\/\/[^\s"<>]+\/public\/[0-9a-f]{24}\/[A-Za-z0-9]{32}/.exec(m.body)?.[0])
      .filter((u): u is string => u !== undefined);
    const last = urls.at(-1);
    return last ? new URL(last).pathname : null;
  });
}

function codesIn(messages: OutboxMessage[]): string[] {
  return messages
    .map((m) => /\b(\d{6})\b/.exec(`${m.subject ?? ''} ${m.body}`)?.[1])
    .filter((c): c is string => c !== undefined);
}

/** How many one-time codes this address has been sent so far. */
export async function codesSentTo(api: StaffApi, to: string): Promise<number> {
  return codesIn(await outboxTo(api, to)).length;
}

/** The newest six-digit code sent to this address, once at least `count` codes went out. */
export async function codeFromOutbox(api: StaffApi, to: string, count = 1): Promise<string> {
  return waitForMessage(api, to, (messages) => {
    const codes = codesIn(messages);
    return codes.length >= count ? (codes.at(-1) ?? null) : null;
  });
}
