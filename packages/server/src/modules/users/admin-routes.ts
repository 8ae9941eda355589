import {
  AdminCreateUserRequestSchema,
  AdminCreateUserResultSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { defineRoute } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { publicBaseUrl } from '../../platform/http/public-url';
import { presentAdminUser } from './presenters';
import { listUsers } from './repo';
import { createUserByAdmin, disableUser, enableUser, unlockUser } from './service/admin';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** User management for system administrators (issue 4 accounts; STANDARDS.md AC-3, ES-7). */
export function adminUserRoutes(deps: ModuleDeps) {
  const { db, config } = deps;
  const tags = ['admin'];
  const actions = [
    ['disable', disableUser, 'Disable a user; every session ends at once'],
    ['enable', enableUser, 'Enable a disabled user'],
    ['unlock', unlockUser, 'Clear the lockout and failed-login count'],
  ] as const;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/admin/users',
      permission: 'system-admin',
      schema: {
        tags,
        summary: 'Staff users, newest first, with search',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema },
      },
      handler: async (req) => {
        const { rows, total } = await listUsers(db, req.query);
        const now = new Date();
        return { items: rows.map((row) => presentAdminUser(row, now)), total };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/users',
      permission: 'system-admin',
      schema: {
        tags,
        summary: 'Create a staff user (temporary password shown once, or emailed link)',
        body: AdminCreateUserRequestSchema,
        response: { 201: AdminCreateUserResultSchema },
      },
      handler: async (req, reply) => {
        const result = await createUserByAdmin(db, {
          adminId: req.auth!.user.id,
          request: req.body,
          baseUrl: publicBaseUrl(req, config),
        });
        return reply.code(201).send({
          user: presentAdminUser(result.user, new Date()),
          temporaryPassword: result.temporaryPassword,
        });
      },
    }),
    ...actions.map(([verb, action, summary]) =>
      defineRoute({
        method: 'POST',
        url: `/api/admin/users/:id/${verb}`,
        permission: 'system-admin',
        schema: { tags, summary, params: IdParams, response: { 200: AdminUserSchema } },
        handler: async (req) =>
          presentAdminUser(
            await action(db, { adminId: req.auth!.user.id, userId: req.params.id }),
            new Date(),
          ),
      }),
    ),
  ];
}
