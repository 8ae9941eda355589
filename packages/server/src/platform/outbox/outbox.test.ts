// @module-tag locking
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, loginAs, type TestDatabase, testConfig } from '../../../test/harness';
import { startSmtp, waitFor } from '../../../test/smtp';
import { buildApp } from '../../app';
import { runUseCase } from '../use-case';
import { queueMessage } from './outbox';

describe(`email outbox and jobs on ${engine}`, () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });

  it('delivers after a restart a message queued before it', async () => {
    // First run: no workers, so the message stays queued when the server stops.
    const first = await buildApp(testConfig({ ...database.config, jobs: false, smtpUrl: smtp.url }));
    await first.ready();
    await runUseCase(first.database.db, { type: 'SYSTEM', id: null }, (ctx) =>
      queueMessage(ctx, {
        channel: 'EMAIL',
        to: 'investigator@example.org',
        subject: 'Welcome',
        body: 'Your study is ready.',
      }),
    );
    await first.close();
    expect(smtp.received).toHaveLength(0);

    // Second run over the same database, with workers: the job picks the message up.
    const created: unknown[] = [];
    const second = await buildApp(testConfig({ ...database.config, jobs: true, smtpUrl: smtp.url }), {
      onAdminCreated: (a) => created.push(a),
    });
    try {
      await second.ready();
      expect(created).toHaveLength(0); // the first admin is created only once
      await waitFor(() => smtp.received.length > 0);
      expect(smtp.received[0]?.to).toEqual(['investigator@example.org']);
      expect(smtp.received[0]?.data).toContain('Your study is ready.');
      const session = await loginAs(second);
      const list = await second.inject({ method: 'GET', url: '/api/admin/outbox', headers: session.headers });
      expect(list.statusCode).toBe(200);
      await waitFor(async () => {
        const body = (
          await second.inject({ method: 'GET', url: '/api/admin/outbox', headers: session.headers })
        ).json();
        return body.items[0]?.status === 'SENT';
      });
      const body = (
        await second.inject({ method: 'GET', url: '/api/admin/outbox', headers: session.headers })
      ).json();
      expect(body.total).toBe(1);
      expect(body.items[0]).toMatchObject({
        channel: 'EMAIL',
        to: 'investigator@example.org',
        status: 'SENT',
        attempts: 1,
      });
    } finally {
      await second.close();
    }
  });

  it('keeps messages in the outbox for admins when no SMTP is configured', async () => {
    const app = await buildApp(testConfig({ ...database.config, jobs: true, smtpUrl: null }));
    try {
      await app.ready();
      await runUseCase(app.database.db, { type: 'SYSTEM', id: null }, (ctx) =>
        queueMessage(ctx, {
          channel: 'EMAIL',
          to: 'monitor@example.org',
          subject: 'Reset',
          body: 'Kept here.',
        }),
      );
      await app.jobs?.send('outbox-dispatch');
      const session = await loginAs(app);
      await waitFor(async () => {
        const body = (
          await app.inject({ method: 'GET', url: '/api/admin/outbox', headers: session.headers })
        ).json();
        return body.items.some(
          (m: { to: string; status: string }) => m.to === 'monitor@example.org' && m.status === 'KEPT',
        );
      });
      const anon = await app.inject({ method: 'GET', url: '/api/admin/outbox' });
      expect(anon.statusCode).toBe(401);
      const audit = await app.database.query<{ n: number }>(
        `select count(*)::int as n from audit_event where action = 'OUTBOX_MESSAGE_QUEUED'`,
      );
      expect(audit.rows[0]?.n).toBe(2);
    } finally {
      await app.close();
    }
  });
});
