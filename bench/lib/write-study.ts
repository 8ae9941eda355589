// The participant study the write and slow-phone benches use, set up through the API with the
// end-to-end helpers (packages/e2e/support/participant.ts): a production study with a site, one
// published 30-question form on a participant event that opens at registration (no consent, no
// code, no send-out), then subjects imported by CSV and enrolled in batches, each enrolment giving
// one participant link.
import { CSRF_HEADER, ENROLLMENT_BATCH_MAX } from '@trialbase/domain';
import {
  type FormSpec,
  type ParticipantStudy,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../packages/e2e/support/participant';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../packages/e2e/support/server';
import { THIRTY_QUESTIONS } from '../../packages/server/test/thirty-questions';
import { HttpClient } from './load';

export const THIRTY_FORM: FormSpec = { title: { en: 'Weekly symptoms' }, questions: THIRTY_QUESTIONS };

/**
 * The study, the e2e helpers' staff API it was made with, and an admin session of our own for the
 * bulk set-up (the helpers' requests give up after 30 s, which a batch of enrolments can take on a
 * busy machine).
 */
export type BenchStudy = ParticipantStudy & { api: StaffApi; admin: HttpClient; formId: string };

/** Logs the e2e admin in on the server at `baseUrl` and sets the study up. */
export async function setUpParticipantStudy(baseUrl: string, name: string): Promise<BenchStudy> {
  process.env.E2E_BASE_URL = baseUrl; // what staffApi() logs in to
  const api = await staffApi();
  const study = await participantStudy(api, {
    name,
    forms: [THIRTY_FORM],
    event: { sendAs: 'NO_SEND_OUT' },
  });
  return { ...study, api, admin: await staffClient(baseUrl), formId: study.formIds[0] as string };
}

/** A session of the e2e admin of its own (a member of staff at their own browser). */
export async function staffClient(baseUrl: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const session = await client.request<{ csrfToken: string }>(null, 'login', 'POST', '/api/auth/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  client.headers[CSRF_HEADER] = session.csrfToken;
  return client;
}

export type Link = { enrollmentId: string; tokenId: string; token: string };

let imported = 0;
const IMPORT_CHUNK = 1000;

type TokenView = { id: string; token: string | null; status: string };

/** Imports `count` subjects by CSV and enrols them in the study's process: one open link each. */
export async function enrolLinks(study: BenchStudy, count: number): Promise<Link[]> {
  const links: Link[] = [];
  for (let start = 0; start < count; start += IMPORT_CHUNK) {
    const rows = Array.from(
      { length: Math.min(IMPORT_CHUNK, count - start) },
      () => `B${(imported++).toString(36)}`,
    );
    const result = await study.admin.request<{ subjects: { id: string }[] }>(
      null,
      'import',
      'POST',
      `/api/studies/${study.studyId}/sites/${study.siteId}/patients/import`,
      { csv: `patientId\n${rows.join('\n')}\n` },
    );
    const subjectIds = result.subjects.map((s) => s.id);
    for (let at = 0; at < subjectIds.length; at += ENROLLMENT_BATCH_MAX) {
      const enrolled = await study.admin.request<{ id: string }[]>(
        null,
        'enrol',
        'POST',
        `/api/studies/${study.studyId}/enrollments`,
        subjectIds
          .slice(at, at + ENROLLMENT_BATCH_MAX)
          .map((subjectId) => ({ subjectId, siteId: study.siteId, processId: study.processId })),
      );
      // The enrolment answer leaves the link secret out; the tokens of each enrolment carry it.
      const ids = enrolled.map((e) => e.id);
      await inParallel(ids, 8, async (enrollmentId) => {
        const tokens = await study.admin.request<TokenView[]>(
          null,
          'tokens',
          'GET',
          `/api/studies/${study.studyId}/enrollments/${enrollmentId}/tokens`,
        );
        const token = tokens[0];
        if (!token?.token) throw new Error(`enrolment ${enrollmentId} has no link`);
        links.push({ enrollmentId, tokenId: token.id, token: token.token });
      });
    }
  }
  return links;
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
