import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessUser } from '../access/check';
import { apiKeyPermissions, isApiKeyPermission } from '../integrations/api-permissions';
import {
  decodeFeedCursor,
  encodeFeedCursor,
  FEED_ACTIONS,
  FEED_KINDS,
  feedFieldVisibility,
  feedKindOfAction,
  isFeedRefusal,
  parseFeedKinds,
  planFeedScope,
  redactFeedData,
} from './model';

const STUDY = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const SITE_A = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const SITE_B = 'b1b1b1b1b1b1b1b1b1b1b1b1';

function roleUser(role: 'MONITOR' | 'DOCTOR' | 'ADMIN', siteIds: 'ALL' | string[] = 'ALL'): AccessUser {
  return { systemPermissions: [], studyAccess: [{ studyId: STUDY, role, siteIds, permissions: [] }] };
}

function apiKeyUser(settings: { viewIdentifiable: boolean; dataFeed: boolean }): AccessUser {
  return {
    systemPermissions: [],
    studyAccess: [
      { studyId: STUDY, role: 'OTHER', siteIds: 'ALL', permissions: apiKeyPermissions(settings) },
    ],
  };
}

describe('issue 26 item 4: the feed cursor', () => {
  it('round-trips every position of its own study', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (position) => {
        expect(decodeFeedCursor(STUDY, encodeFeedCursor(STUDY, position))).toBe(position);
      }),
    );
  });

  it('refuses a cursor of another study, a malformed one, a padded or unsafe position', () => {
    expect(decodeFeedCursor(STUDY, encodeFeedCursor(OTHER, 5))).toBeNull();
    for (const bad of [
      '',
      'garbage',
      `fc1_${STUDY}_`,
      `fc1_${STUDY}_-1`,
      `fc1_${STUDY}_01`,
      `fc1_${STUDY}_1.5`,
      `fc2_${STUDY}_1`,
      `fc1_${STUDY}_9999999999999999`,
      ` fc1_${STUDY}_1`,
    ]) {
      expect(decodeFeedCursor(STUDY, bad), bad).toBeNull();
    }
  });
});

describe('issue 26 item 4: kinds of change', () => {
  it('maps each feed action to its kind once, and nothing else', () => {
    for (const kind of FEED_KINDS) {
      for (const action of FEED_ACTIONS[kind]) expect(feedKindOfAction(action)).toBe(kind);
    }
    for (const other of ['SUBJECT_CREATED', 'FEED_READ', 'EXPORT_REQUESTED', 'QUESTIONNAIRE_CREATED']) {
      expect(feedKindOfAction(other)).toBeNull();
    }
  });

  it('parses the kinds parameter: all by default, unknown refused, order and repeats normalised', () => {
    expect(parseFeedKinds(undefined)).toEqual(['answer', 'query', 'ae']);
    expect(parseFeedKinds('')).toEqual(['answer', 'query', 'ae']);
    expect(parseFeedKinds('ae, answer,ae')).toEqual(['answer', 'ae']);
    expect(parseFeedKinds('answer,subjects')).toBeNull();
  });
});

describe('issue 26 item 4: who reads what (spec 000 §6)', () => {
  it('gives a site-limited monitor every kind at its sites only', () => {
    const plan = planFeedScope(roleUser('MONITOR', [SITE_A]), STUDY, ['answer', 'query', 'ae'], false);
    expect(plan).toEqual({ answer: [SITE_A], query: [SITE_A], ae: [SITE_A] });
    expect(planFeedScope(roleUser('MONITOR'), STUDY, ['answer'], true)).toEqual({ answer: 'ALL' });
  });

  it('refuses a reader without REPORTING_FEED (a doctor) and another study', () => {
    expect(planFeedScope(roleUser('DOCTOR', [SITE_A]), STUDY, ['answer'], false)).toEqual({
      refused: 'NO_FEED_PERMISSION',
    });
    expect(isFeedRefusal(planFeedScope(roleUser('MONITOR'), OTHER, ['answer'], false))).toBe(true);
  });

  it('refuses a kind asked by name that the reader may not see; leaves it out when not named', () => {
    // REPORTING_FEED as an extra, without AE_VIEW: answers and queries need their own views too.
    const extra: AccessUser = {
      systemPermissions: [],
      studyAccess: [
        {
          studyId: STUDY,
          role: 'OTHER',
          siteIds: 'ALL',
          permissions: ['REPORTING_FEED', 'QUESTIONNAIRE_VIEW'],
        },
      ],
    };
    expect(planFeedScope(extra, STUDY, ['answer', 'ae'], true)).toEqual({
      refused: 'KIND_NOT_ALLOWED',
      detail: 'ae',
    });
    expect(planFeedScope(extra, STUDY, ['answer', 'query', 'ae'], false)).toEqual({ answer: 'ALL' });
  });

  it('gives an API key REPORTING_FEED only with the data feed setting, and never the export builder', () => {
    const off = { viewIdentifiable: false, dataFeed: false };
    const on = { viewIdentifiable: false, dataFeed: true };
    expect(isApiKeyPermission('REPORTING_FEED', off)).toBe(false);
    expect(isApiKeyPermission('REPORTING_FEED', on)).toBe(true);
    expect(isApiKeyPermission('REPORTING_EXPORT', on)).toBe(false);
    expect(isFeedRefusal(planFeedScope(apiKeyUser(off), STUDY, ['answer'], false))).toBe(true);
    expect(planFeedScope(apiKeyUser(on), STUDY, ['answer', 'query', 'ae'], false)).toEqual({
      answer: 'ALL',
      query: 'ALL',
      ae: 'ALL',
    });
  });
});

describe('issue 26 item 4: redaction (spec 000 §6, 001 §2)', () => {
  const data = {
    status: 'STATUS_COMPLETED',
    answers: { q1: { answerStrings: ['72'] } },
    subject: { firstName: 'Ana', initials: 'AB', patientId: 'A-1' },
    enrollment: [{ trialGroup: 'ARM-A' }],
  };

  it('redacts identifiable fields and trial groups at any depth for a blinded, pseudonymised reader', () => {
    const canSee = feedFieldVisibility(roleUser('MONITOR', [SITE_A]), STUDY, SITE_A);
    expect(redactFeedData(data, canSee)).toEqual({
      status: 'STATUS_COMPLETED',
      answers: { q1: { answerStrings: ['72'] } },
      subject: { firstName: 'REDACTED', initials: 'REDACTED', patientId: 'A-1' },
      enrollment: [{ trialGroup: 'REDACTED' }],
    });
  });

  it('keeps what the reader may see: an admin everything, a key names only with viewIdentifiable', () => {
    expect(redactFeedData(data, feedFieldVisibility(roleUser('ADMIN'), STUDY, SITE_B))).toEqual(data);
    const key = feedFieldVisibility(apiKeyUser({ viewIdentifiable: false, dataFeed: true }), STUDY, SITE_B);
    expect(redactFeedData(data, key)).toMatchObject({
      subject: { firstName: 'REDACTED' },
      enrollment: [{ trialGroup: 'ARM-A' }],
    });
    const named = feedFieldVisibility(apiKeyUser({ viewIdentifiable: true, dataFeed: true }), STUDY, SITE_B);
    expect(redactFeedData(data, named)).toEqual(data);
  });
});
