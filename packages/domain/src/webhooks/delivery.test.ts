import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextWebhookAttemptAt,
  shouldDisableWebhook,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  webhookSecretKeyBase64,
  webhookSignatureHeader,
  webhookSignedContent,
} from './delivery';
import { WEBHOOK_EVENT_TYPES, webhookEventOfAuditAction, webhookPayloadOf } from './events';
import { WebhookInputSchema } from './schemas';

describe('Standard Webhooks signing content (issue 28 item 1)', () => {
  it('signs id.timestamp.body and writes v1 signatures separated by spaces', () => {
    expect(webhookSignedContent('msg_1', 1_700_000_000, '{"a":1}')).toBe('msg_1.1700000000.{"a":1}');
    expect(webhookSignatureHeader(['abc=', 'def='])).toBe('v1,abc= v1,def=');
  });
  it('reads the key of a whsec_ secret only', () => {
    const key = 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(webhookSecretKeyBase64(`whsec_${key}`)).toBe(key);
    expect(webhookSecretKeyBase64(key)).toBeNull();
    expect(webhookSecretKeyBase64('whsec_short')).toBeNull();
  });
});

describe('retry schedule and disabling (issue 28 item 1)', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const delays = WEBHOOK_RETRY_DELAYS_SECONDS.map(
      (_, i) => (nextWebhookAttemptAt(i + 1, t0)!.getTime() - t0.getTime()) / 1000,
    );
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(nextWebhookAttemptAt(WEBHOOK_MAX_ATTEMPTS, t0)).toBeNull();
  });
  it('disables after 10 failures in a row or 24 hours of failures, not before', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    expect(shouldDisableWebhook({ consecutiveFailures: 9, failingSince: now, now })).toBe(false);
    expect(
      shouldDisableWebhook({ consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES, failingSince: now, now }),
    ).toBe(true);
    const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
    expect(shouldDisableWebhook({ consecutiveFailures: 2, failingSince: dayAgo, now })).toBe(true);
    expect(
      shouldDisableWebhook({ consecutiveFailures: 2, failingSince: new Date(dayAgo.getTime() + 1), now }),
    ).toBe(false);
  });
  it('never retries sooner than the previous delay (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: WEBHOOK_MAX_ATTEMPTS - 2 }), (n) => {
        const t0 = new Date(0);
        return nextWebhookAttemptAt(n + 1, t0)!.getTime() >= nextWebhookAttemptAt(n, t0)!.getTime();
      }),
    );
  });
});

describe('events and payloads (issue 28 item 1)', () => {
  it('maps the audit actions of every listed event type', () => {
    const mapped = new Set(
      [
        'SUBJECT_CREATED',
        'ENROLLMENT_CREATED',
        'QUESTIONNAIRE_SUBMITTED',
        'QUESTIONNAIRE_UPDATED',
        'QUERY_RAISED',
        'QUERY_RESPONDED',
        'AE_CREATED',
        'AE_SIGNED',
        'AE_CLOCK_STARTED',
        'RANDOMIZATION_ALLOCATED',
        'ECONSENT_SIGNED',
      ].map((a) => webhookEventOfAuditAction(a)),
    );
    expect([...mapped].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(webhookEventOfAuditAction('USER_LOGIN_SUCCEEDED')).toBeNull();
  });
  it('carries ids, type and time only', () => {
    const payload = webhookPayloadOf({
      type: 'ae.reported',
      occurredAt: new Date('2026-01-01T10:00:00Z'),
      studyId: 's1',
      entityType: 'ADVERSE_EVENT',
      entityId: 'ae1',
      auditEventId: 'ev1',
    });
    expect(payload).toEqual({
      type: 'ae.reported',
      timestamp: '2026-01-01T10:00:00.000Z',
      data: { studyId: 's1', entityType: 'ADVERSE_EVENT', entityId: 'ae1', auditEventId: 'ev1' },
    });
  });
  it('accepts http and https URLs only, without credentials', () => {
    const ok = (url: string) => WebhookInputSchema.safeParse({ url, eventTypes: ['ae.signed'] }).success;
    expect(ok('https://hooks.example.org/trialbase?x=1')).toBe(true);
    expect(ok('http://127.0.0.1:8080/h')).toBe(true);
    expect(ok('http://[::1]/h')).toBe(true);
    expect(ok('ftp://example.org/')).toBe(false);
    expect(ok('https://user:pw@example.org/')).toBe(false);
    expect(ok('javascript:alert(1)')).toBe(false);
    expect(WebhookInputSchema.safeParse({ url: 'https://a.org', eventTypes: [] }).success).toBe(false);
  });
});
