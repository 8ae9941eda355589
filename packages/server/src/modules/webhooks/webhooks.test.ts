import {
  WEBHOOK_RETRY_DELAYS_SECONDS,
  type WebhookDeliveries,
  type WebhookWithSecret,
} from '@trialbase/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import {
  createTestApp,
  createTestDatabase,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
  testConfig,
} from '../../../test/harness';
import { startSmtp, waitFor } from '../../../test/smtp';
import { buildApp } from '../../app';
import { auditEvents } from '../../platform/audit/tables';
import { dispatchOutbox, smtpTransport } from '../../platform/outbox/outbox';
import { runWebhookSweep } from './api';
import { webhookAttempts, webhookEndpoints, webhookMessages } from './tables';
import {
  createSubject,
  productionStudy,
  registerWebhook,
  startReceiver,
  verifyStandardWebhook,
} from './webhooks-test-kit';

let t: TestApp;
let admin: LoggedIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await createTestApp({ webhooksAllowPrivate: true, publicUrl: 'https://trialbase.example' });
  admin = await loginAs(t.app);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const sweep = (app: TestApp['app'], now: Date, allowPrivate = true) =>
  runWebhookSweep(app.database.db, { now: () => now, allowPrivate, publicUrl: 'https://trialbase.example' });

async function messagesOf(app: TestApp['app'], endpointId: string) {
  return app.database.db
    .select()
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, endpointId))
    .orderBy(asc(webhookMessages.createdAt));
}

describe(`webhooks on ${engine}`, () => {
  it('delivers a subject created through the API, signed per Standard Webhooks, with ids only', async () => {
    receiver.answer(200);
    const { study, site } = await productionStudy(t.app);
    const created = await registerWebhook(t.app, admin, study.id, {
      url: `${receiver.url}/hook`,
      eventTypes: ['subject.created'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { webhook, secret } = created.json<WebhookWithSecret>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The list never shows the secret.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${study.id}/webhooks`,
      headers: admin.headers,
    });
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toContain(secret.slice(6));

    // A refused use case writes no message; a committed one writes it with its audit event.
    expect((await createSubject(t.app, admin, study.id, site.id, 'W-001')).statusCode).toBe(201);
    expect((await createSubject(t.app, admin, study.id, site.id, 'W-001')).statusCode).toBe(409);
    const messages = await messagesOf(t.app, webhook.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ status: 'PENDING', eventType: 'subject.created' });

    const before = receiver.received.length;
    const now = new Date();
    expect(await sweep(t.app, now)).toMatchObject({ attempts: 1, delivered: 1 });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const request = got[0]!;
    expect(request.path).toBe('/hook');
    expect(request.headers['webhook-id']).toBe(messages[0]!.id);
    expect(request.headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(await verifyStandardWebhook(secret, request)).toBe(true);
    // A changed body or another secret does not verify.
    expect(await verifyStandardWebhook(secret, { ...request, body: `${request.body} ` })).toBe(false);
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({
      type: 'subject.created',
      data: { studyId: study.id, entityType: 'SUBJECT' },
    });
    expect(request.body).not.toMatch(/Ana|Identifiable|W-001/);

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${study.id}/webhooks/${webhook.id}/deliveries`,
      headers: admin.headers,
    });
    const deliveries = log.json<WebhookDeliveries>();
    expect(deliveries.attempts).toHaveLength(1);
    expect(deliveries.attempts[0]).toMatchObject({
      attempt: 1,
      statusCode: 200,
      error: null,
      messageStatus: 'DELIVERED',
    });
    expect(deliveries.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(deliveries.pending).toEqual([]);
  });

  it('redelivers a message with the same webhook-id and signs with the rotated secret', async () => {
    receiver.answer(204);
    const { study, site } = await productionStudy(t.app);
    const { webhook, secret } = (
      await registerWebhook(t.app, admin, study.id, { url: receiver.url, eventTypes: ['subject.created'] })
    ).json<WebhookWithSecret>();
    await createSubject(t.app, admin, study.id, site.id, 'R-001');
    await sweep(t.app, new Date());
    const [message] = await messagesOf(t.app, webhook.id);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/webhooks/${webhook.id}/secret`,
      headers: admin.headers,
    });
    const newSecret = rotated.json<WebhookWithSecret>().secret;
    expect(newSecret).not.toBe(secret);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/webhooks/${webhook.id}/deliveries/${message!.id}/redeliver`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(202);
    const before = receiver.received.length;
    await sweep(t.app, new Date());
    const second = receiver.received.slice(before);
    expect(second).toHaveLength(1);
    expect(second[0]!.headers['webhook-id']).toBe(message!.id);
    expect(await verifyStandardWebhook(newSecret, second[0]!)).toBe(true);
    expect(await verifyStandardWebhook(secret, second[0]!)).toBe(false);
    const attempts = await t.app.database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.messageId, message!.id));
    expect(attempts.map((a) => a.attempt).sort()).toEqual([1, 2]);
    const actions = await t.app.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, study.id), eq(auditEvents.entityType, 'WEBHOOK')));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'WEBHOOK_CREATED',
      'WEBHOOK_REDELIVERY_REQUESTED',
      'WEBHOOK_SECRET_ROTATED',
    ]);
  });

  it('retries a failing receiver by the backoff schedule, then switches the endpoint off and emails the admins', async () => {
    const failing = await startReceiver(500);
    const smtp = await startSmtp();
    try {
      const { study, site } = await productionStudy(t.app);
      const studyAdmin = await buildUser(t.app, { email: `hooks-admin-${study.id}@example.org` });
      await grantAccess(t.app, { studyId: study.id, user: studyAdmin, role: 'ADMIN' });
      const { webhook } = (
        await registerWebhook(t.app, admin, study.id, { url: failing.url, eventTypes: ['subject.created'] })
      ).json<WebhookWithSecret>();
      await createSubject(t.app, admin, study.id, site.id, 'F-001');
      const t0 = new Date();
      let at = t0;
      await sweep(t.app, at);
      // Not again before the first delay has passed.
      expect((await sweep(t.app, new Date(t0.getTime() + 4_000))).attempts).toBe(0);
      for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS) {
        at = new Date(at.getTime() + delay * 1000);
        expect((await sweep(t.app, at)).attempts).toBe(1);
      }
      expect(failing.received).toHaveLength(1 + WEBHOOK_RETRY_DELAYS_SECONDS.length);
      const [endpoint] = await t.app.database.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, webhook.id));
      // The last attempt came after more than 24 hours of failures: switched off.
      expect(endpoint).toMatchObject({ status: 'DISABLED', disabledReason: 'FAILURES' });
      const [message] = await messagesOf(t.app, webhook.id);
      expect(message).toMatchObject({ status: 'FAILED', attempts: 8 });
      const log = await t.app.database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, webhook.id))
        .orderBy(asc(webhookAttempts.attempt));
      expect(log.map((a) => a.statusCode)).toEqual(Array(8).fill(500));
      const gaps = log
        .slice(1)
        .map((a, i) => (a.attemptedAt.getTime() - log[i]!.attemptedAt.getTime()) / 1000);
      expect(gaps).toEqual([...WEBHOOK_RETRY_DELAYS_SECONDS]);
      // Audited, and the study's admin is told through the outbox and real SMTP.
      const [disabled] = await t.app.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, webhook.id), eq(auditEvents.action, 'WEBHOOK_DISABLED')));
      expect(disabled?.actorType).toBe('SYSTEM');
      await dispatchOutbox(t.app.database.db, {
        EMAIL: smtpTransport(smtp.url, 'Trialbase <no-reply@example.org>'),
      });
      await waitFor(() => smtp.received.some((m) => m.to.includes(studyAdmin.email)));
      const mail = smtp.received.find((m) => m.to.includes(studyAdmin.email))!;
      expect(mail.data).toContain('Webhook switched off');
      expect(mail.data).toContain(`/study/${study.id}/webhooks`);
      // A new event while it is off is not sent; switched back on, it works again.
      await createSubject(t.app, admin, study.id, site.id, 'F-002');
      expect((await sweep(t.app, new Date(at.getTime() + 1000))).attempts).toBe(0);
      const on = await t.app.inject({
        method: 'PUT',
        url: `/api/studies/${study.id}/webhooks/${webhook.id}`,
        headers: admin.headers,
        payload: { url: failing.url, description: '', eventTypes: ['subject.created'], enabled: true },
      });
      expect(on.json()).toMatchObject({ status: 'ACTIVE', consecutiveFailures: 0, disabledReason: null });
    } finally {
      await failing.close();
      await smtp.close();
    }
  });

  it('refuses every call in a study without the webhooks module, and a monitor may not list', async () => {
    const study = await buildStudy(t.app, { status: 'PRODUCTION' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${study.id}/webhooks`,
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(409);
    expect(list.json()).toMatchObject({ type: 'PRECONDITION', context: { module: 'WEBHOOKS' } });
    const created = await registerWebhook(t.app, admin, study.id, {
      url: receiver.url,
      eventTypes: ['ae.signed'],
    });
    expect(created.statusCode).toBe(409);
    const withModule = await productionStudy(t.app);
    const monitor = await buildUser(t.app);
    await grantAccess(t.app, { studyId: withModule.study.id, user: monitor, role: 'MONITOR' });
    const session = await loginAs(t.app, monitor.email, monitor.password);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${withModule.study.id}/webhooks`,
      headers: session.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('switches an endpoint off after 10 failures in a row', async () => {
    const failing = await startReceiver(503);
    try {
      const { study, site } = await productionStudy(t.app);
      const { webhook } = (
        await registerWebhook(t.app, admin, study.id, { url: failing.url, eventTypes: ['subject.created'] })
      ).json<WebhookWithSecret>();
      for (let i = 1; i <= 11; i += 1) await createSubject(t.app, admin, study.id, site.id, `N-${i}`);
      const result = await sweep(t.app, new Date());
      expect(result).toMatchObject({ attempts: 10, disabled: 1 });
      const [endpoint] = await t.app.database.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, webhook.id));
      expect(endpoint).toMatchObject({ status: 'DISABLED', consecutiveFailures: 10 });
    } finally {
      await failing.close();
    }
  });
});

describe(`webhook SSRF guard on ${engine}`, () => {
  let guarded: TestApp;
  let guardedAdmin: LoggedIn;
  beforeAll(async () => {
    guarded = await createTestApp();
    guardedAdmin = await loginAs(guarded.app);
  });
  afterAll(async () => guarded?.close());

  it('refuses private, loopback, link-local and multicast addresses, IPv4 and IPv6, and names resolving to them', async () => {
    const { study } = await productionStudy(guarded.app);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://192.168.1.10/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[ff02::1]/',
    ]) {
      const res = await registerWebhook(guarded.app, guardedAdmin, study.id, {
        url,
        eventTypes: ['ae.reported'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().context.issues, url).toEqual([
        { path: ['url'], message: 'WEBHOOK_ADDRESS_NOT_ALLOWED' },
      ]);
    }
    for (const url of ['ftp://example.org/', 'https://user:pw@example.org/', 'not a url']) {
      const res = await registerWebhook(guarded.app, guardedAdmin, study.id, {
        url,
        eventTypes: ['ae.reported'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().context.issues[0].path).toEqual(['url']);
    }
    const count = await guarded.app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.studyId, study.id));
    expect(count).toHaveLength(0);
  });

  it('checks again when sending: an endpoint now resolving to a private address gets no request', async () => {
    const target = await startReceiver(200);
    try {
      // Registered while private addresses were allowed (the other app), sent by a server that refuses them.
      const { study, site } = await productionStudy(t.app);
      const { webhook } = (
        await registerWebhook(t.app, admin, study.id, { url: target.url, eventTypes: ['subject.created'] })
      ).json<WebhookWithSecret>();
      await createSubject(t.app, admin, study.id, site.id, 'S-001');
      expect(await sweep(t.app, new Date(), false)).toMatchObject({ attempts: 1, delivered: 0 });
      expect(target.received).toHaveLength(0);
      const [attempt] = await t.app.database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, webhook.id));
      expect(attempt).toMatchObject({ statusCode: null, error: 'ADDRESS_NOT_ALLOWED' });
    } finally {
      await target.close();
    }
  });

  it('does not follow redirects', async () => {
    const target = await startReceiver(200);
    const redirecting = await startReceiver(302);
    redirecting.answer(302, { location: `${target.url}/elsewhere` });
    try {
      const { study, site } = await productionStudy(t.app);
      const { webhook } = (
        await registerWebhook(t.app, admin, study.id, {
          url: redirecting.url,
          eventTypes: ['subject.created'],
        })
      ).json<WebhookWithSecret>();
      await createSubject(t.app, admin, study.id, site.id, 'D-001');
      await sweep(t.app, new Date());
      expect(redirecting.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
      const [attempt] = await t.app.database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, webhook.id));
      expect(attempt).toMatchObject({ statusCode: 302, error: 'REDIRECT_NOT_FOLLOWED' });
    } finally {
      await target.close();
      await redirecting.close();
    }
  });
});

describe(`webhook delivery across a restart on ${engine}`, { tags: ['engine'], timeout: 180_000 }, () => {
  it('delivers a message queued before the server stopped, from the new server on the same database', async () => {
    const target = await startReceiver(200);
    const db = await createTestDatabase({ persistent: true });
    const config = testConfig({ ...db.config, webhooksAllowPrivate: true });
    try {
      const first = await buildApp(config, db.buildOptions);
      const firstAdmin = await loginAs(first);
      const { study, site } = await productionStudy(first);
      const { secret } = (
        await registerWebhook(first, firstAdmin, study.id, {
          url: target.url,
          eventTypes: ['subject.created'],
        })
      ).json<WebhookWithSecret>();
      expect((await createSubject(first, firstAdmin, study.id, site.id, 'P-001')).statusCode).toBe(201);
      // The first server stops before any delivery (it runs no jobs).
      await first.close();
      expect(target.received).toHaveLength(0);

      const second = await buildApp({ ...config, jobs: true }, db.buildOptions);
      try {
        await second.ready();
        await waitFor(() => target.received.length > 0, 90_000);
        expect(target.received).toHaveLength(1);
        expect(await verifyStandardWebhook(secret, target.received[0]!)).toBe(true);
        await waitFor(async () => {
          const rows = await second.database.db
            .select()
            .from(webhookMessages)
            .where(eq(webhookMessages.studyId, study.id));
          return rows[0]?.status === 'DELIVERED';
        });
      } finally {
        await second.close();
      }
    } finally {
      await target.close();
      await db.drop();
    }
  });
});
