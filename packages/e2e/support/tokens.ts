import { expect } from '@playwright/test';
import type { Participant, ParticipantStudy, StaffApi } from './participant';

type TokenView = { id: string; token: string; status: string; expiryTime: string | null };

async function tokensOf(api: StaffApi, study: ParticipantStudy, person: Participant): Promise<TokenView[]> {
  const answer = await api.call(
    'GET',
    `/api/studies/${study.studyId}/enrollments/${person.enrollmentId}/tokens`,
  );
  return (answer.items ?? answer) as TokenView[];
}

/**
 * A link past its expiry, as a participant finds it days later (spec 002 §8 expired): the event
 * must be MANUAL with EXPIRE_AFTER_ACTIVATION; its waiting token is moved to start three hours ago
 * (staff reschedule), so its expiry is already behind it. Returns the link's path.
 */
export async function expireLink(
  api: StaffApi,
  study: ParticipantStudy,
  person: Participant,
): Promise<string> {
  const [token] = await tokensOf(api, study, person);
  if (!token) throw new Error('no token');
  expect(token.status).toBe('NOT_ACTIVE');
  await api.call('POST', `/api/studies/${study.studyId}/tokens/reschedule`, {
    tokens: [{ tokenId: token.id, activationTime: new Date(Date.now() - 3 * 3_600_000).toISOString() }],
  });
  await expect
    .poll(async () => (await tokensOf(api, study, person))[0]?.expiryTime ?? null, {
      message: 'the rescheduled token has an expiry',
    })
    .not.toBeNull();
  return `/public/${study.studyId}/${token.token}`;
}
