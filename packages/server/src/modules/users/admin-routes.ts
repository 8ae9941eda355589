import { userEndpoints } from '@trialbase/domain';
import { defineRoute } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { publicBaseUrl } from '../../platform/http/public-url';
import { deliverOutboxNow } from '../../platform/outbox/deliver-now';
import { presentAdminUser } from './presenters';
import { listUsers } from './repo';
import { createUserByAdmin, disableUser, enableUser, unlockUser } from './service/admin';

/** User management for system administrators (issue 4 accounts; STANDARDS.md AC-3, ES-7). */
export function adminUserRoutes(deps: ModuleDeps) {
  const { db, config } = deps;
  const actions = [
    ['disable', disableUser],
    ['enable', enableUser],
    ['unlock', unlockUser],
  ] as const;
  return [
    defineRoute({
      endpoint: userEndpoints.list,
      permission: 'system-admin',
      handler: async (req) => {
        const { rows, total } = await listUsers(db, req.query);
        const now = new Date();
        return { items: rows.map((row) => presentAdminUser(row, now)), total };
      },
    }),
    defineRoute({
      endpoint: userEndpoints.create,
      permission: 'system-admin',
      handler: async (req, reply) => {
        const result = await createUserByAdmin(db, {
          adminId: req.auth!.user.id,
          request: req.body,
          baseUrl: publicBaseUrl(req, config),
        });
        deliverOutboxNow(deps);
        return reply.code(201).send({
          user: presentAdminUser(result.user, new Date()),
          temporaryPassword: result.temporaryPassword,
        });
      },
    }),
    ...actions.map(([verb, action]) =>
      defineRoute({
        endpoint: userEndpoints[verb],
        permission: 'system-admin',
        handler: async (req) =>
          presentAdminUser(
            await action(db, { adminId: req.auth!.user.id, userId: req.params.id }),
            new Date(),
          ),
      }),
    ),
  ];
}
