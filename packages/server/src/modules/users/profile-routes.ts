import {
  ChangePasswordRequestSchema,
  NotificationItemSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  OwnProfileSchema,
  TableSettingsRequestSchema,
  TableSettingsSchema,
  UpdateNotificationRequestSchema,
  UpdateOwnProfileRequestSchema,
  UserBasicSchema,
  ViewBasicQuerySchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { defineRoute, inStudy } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
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

/** Path ids are free text so an unknown id is a 404 (or 403 for another user), not a 400. */
const IdParams = z.object({ id: z.string().min(1).max(64) });
const NotificationParams = z.object({ notificationId: z.string().min(1).max(64) });
const TableParams = z.object({ userId: z.string().min(1).max(64), studyId: z.string().min(1).max(64) });

/** The signed-in user's own account (spec 001 §2 profile, §7 User). */
export function profileRoutes(deps: ModuleDeps) {
  const { db } = deps;
  const tags = ['users'];
  return [
    defineRoute({
      method: 'GET',
      url: '/api/user/:id/viewOwn',
      permission: 'session',
      schema: { tags, summary: 'Own profile', params: IdParams, response: { 200: OwnProfileSchema } },
      handler: async (req) => {
        assertOwn(req.auth!.user.id, req.params.id);
        return presentOwnProfile(req.auth!.user);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/:id/viewBasic',
      permission: 'session',
      schema: {
        tags,
        summary: "Another user's email, names and role in a shared study",
        params: IdParams,
        querystring: ViewBasicQuerySchema,
        response: { 200: UserBasicSchema },
      },
      handler: async (req) => {
        const caller = await loadAccessUser(db, req.auth!.user);
        return viewBasicUser(db, { caller, userId: req.params.id, studyId: req.query.studyId });
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/user/:id/updateOwn',
      permission: 'session',
      schema: {
        tags,
        summary: 'Update own profile',
        params: IdParams,
        body: UpdateOwnProfileRequestSchema,
        response: { 200: OwnProfileSchema },
      },
      handler: async (req) => {
        assertOwn(req.auth!.user.id, req.params.id);
        return presentOwnProfile(await updateOwnProfile(db, { user: req.auth!.user, changes: req.body }));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/:id/changePassword',
      permission: 'session',
      schema: {
        tags,
        summary: 'Change own password (current password required; other sessions end)',
        params: IdParams,
        body: ChangePasswordRequestSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        assertOwn(req.auth!.user.id, req.params.id);
        await changeOwnPassword(db, { ...req.body, user: req.auth!.user, sessionId: req.auth!.session.id });
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/notifications',
      permission: 'session',
      schema: {
        tags,
        summary: 'Own notifications, newest first',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema },
      },
      handler: async (req) => {
        const { rows, unread } = await listNotifications(db, req.auth!.user.id, req.query);
        return { items: rows.map(presentNotification), unread };
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/notification/:notificationId',
      permission: 'session',
      schema: {
        tags,
        summary: 'Mark an own notification read (or unread)',
        params: NotificationParams,
        body: UpdateNotificationRequestSchema,
        response: { 200: NotificationItemSchema },
      },
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
      method: 'GET',
      url: '/api/users/:userId/studies/:studyId/tablesSettings',
      permission: inStudy('STUDY_VIEW'),
      schema: {
        tags,
        summary: 'Own table settings in a study',
        params: TableParams,
        response: { 200: TableSettingsSchema },
      },
      handler: async (req) => {
        assertOwn(req.auth!.user.id, req.params.userId);
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
      method: 'PUT',
      url: '/api/users/:userId/studies/:studyId/tablesSettings',
      permission: inStudy('STUDY_VIEW'),
      schema: {
        tags,
        summary: 'Save own table settings in a study (at most 64 KB)',
        params: TableParams,
        body: TableSettingsRequestSchema,
        response: { 200: TableSettingsSchema },
      },
      handler: async (req) => {
        assertOwn(req.auth!.user.id, req.params.userId);
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
