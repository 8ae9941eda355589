import { userEndpoints } from '@trialbase/domain';
import { forbidden, notFound } from '../../platform/errors';
import { defineRoute, inStudy } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { deliverOutboxNow } from '../../platform/outbox/deliver-now';
import { loadAccessUser } from '../access/api';
import { findStudy } from '../studies/api';
import { presentNotification, presentOwnProfile } from './presenters';
import { findTableSettings, listNotifications } from './repo';
import { changeOwnPassword } from './service/passwords';
import {
  assertOwn,
  markNotification,
  saveTableSettings,
  updateOwnProfile,
  viewBasicUser,
} from './service/profile';

/**
 * Table settings belong to a person: a study's API key (no user, `req.auth` null) may not
 * read or write anybody's (issue 17 item 5: it gave a 500).
 */
function ownerOf(auth: { user: { id: string } } | null): string {
  if (!auth) throw forbidden('Table settings belong to a signed-in user; API keys cannot use them.');
  return auth.user.id;
}

/** The signed-in user's own account (spec 001 §2 profile, §7 User). */
export function profileRoutes(deps: ModuleDeps) {
  const { db } = deps;
  return [
    defineRoute({
      endpoint: userEndpoints.ownProfile,
      permission: 'session',
      handler: async (req) => {
        assertOwn(req.auth!.user.id, req.params.id);
        return presentOwnProfile(req.auth!.user);
      },
    }),
    defineRoute({
      endpoint: userEndpoints.basic,
      permission: 'session',
      handler: async (req) => {
        const caller = await loadAccessUser(db, req.auth!.user);
        return viewBasicUser(db, {
          caller,
          callerId: req.auth!.user.id,
          userId: req.params.id,
          studyId: req.query.studyId,
        });
      },
    }),
    defineRoute({
      endpoint: userEndpoints.updateOwn,
      permission: 'session',
      handler: async (req) => {
        assertOwn(req.auth!.user.id, req.params.id);
        return presentOwnProfile(await updateOwnProfile(db, { user: req.auth!.user, changes: req.body }));
      },
    }),
    defineRoute({
      endpoint: userEndpoints.changePassword,
      permission: 'session',
      handler: async (req, reply) => {
        assertOwn(req.auth!.user.id, req.params.id);
        await changeOwnPassword(db, { ...req.body, user: req.auth!.user, sessionId: req.auth!.session.id });
        deliverOutboxNow(deps);
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: userEndpoints.notifications,
      permission: 'session',
      handler: async (req) => {
        const { rows, unread } = await listNotifications(db, req.auth!.user.id, req.query);
        return { items: rows.map(presentNotification), unread };
      },
    }),
    defineRoute({
      endpoint: userEndpoints.markNotification,
      permission: 'session',
      handler: async (req) =>
        presentNotification(
          await markNotification(db, {
            userId: req.auth!.user.id,
            notificationId: req.params.notificationId,
            read: req.body.read,
          }),
        ),
    }),
    defineRoute({
      endpoint: userEndpoints.tableSettings,
      permission: inStudy('STUDY_VIEW'),
      handler: async (req) => {
        assertOwn(ownerOf(req.auth), req.params.userId);
        if (!(await findStudy(db, req.params.studyId))) throw notFound('The study');
        const row = await findTableSettings(db, req.params.studyId, req.params.userId);
        return {
          userId: req.params.userId,
          studyId: req.params.studyId,
          tableSettings: row?.settings ?? {},
          updatedAt: row?.updatedAt.toISOString() ?? null,
        };
      },
    }),
    defineRoute({
      endpoint: userEndpoints.saveTableSettings,
      permission: inStudy('STUDY_VIEW'),
      handler: async (req) => {
        assertOwn(ownerOf(req.auth), req.params.userId);
        if (!(await findStudy(db, req.params.studyId))) throw notFound('The study');
        const row = await saveTableSettings(db, {
          userId: req.params.userId,
          studyId: req.params.studyId,
          settings: req.body.tableSettings,
        });
        return {
          userId: row.userId,
          studyId: row.studyId,
          tableSettings: row.settings,
          updatedAt: row.updatedAt.toISOString(),
        };
      },
    }),
  ];
}
