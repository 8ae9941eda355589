import { ACCESS_MANAGE_PERMISSION, accessEndpoints } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/guard';
import { unauthenticated } from '../../platform/errors';
import {
  defineRoute,
  inStudy,
  type RouteDefinition,
  type RoutePermission,
} from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { publicBaseUrl } from '../../platform/http/public-url';
import { deliverOutboxNow } from '../../platform/outbox/deliver-now';
import { runUseCase } from '../../platform/use-case';
import { canReadUserPermissions, getMyAccess, getUserStudyPermissions } from './permission-lookups';
import { loadAccessUser } from './repo';
import { changeAccess, inviteAccess, listAccess, revokeAccess } from './service/access-grants';

function signedInUser(req: FastifyRequest) {
  if (!req.auth) throw unauthenticated();
  return req.auth.user;
}

const manage = inStudy(ACCESS_MANAGE_PERMISSION);

/** Spec 001 §7: own email for any study member, anyone's for holders of the manage permission. */
function selfOrManage(db: ModuleDeps['db']): RoutePermission {
  return {
    name: `self-or-${ACCESS_MANAGE_PERMISSION}`,
    check: async (req) => {
      const user = signedInUser(req);
      const params = req.params as { studyId?: string; userEmail?: string };
      const accessUser = await loadAccessUser(db, user);
      req.access = accessUser;
      return canReadUserPermissions(accessUser, {
        studyId: params.studyId ?? '',
        callerEmail: user.email,
        userEmail: params.userEmail ?? '',
        manage: ACCESS_MANAGE_PERMISSION,
      });
    },
  };
}

/** Study access: invitations, roles, sites, revocation, and the caller's own access (spec 000 §6, issue 4). */
export function accessRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, config } = deps;
  return [
    defineRoute({
      endpoint: accessEndpoints.userPermissions,
      permission: selfOrManage(db),
      handler: async (req) =>
        getUserStudyPermissions(db, { studyId: req.params.studyId, email: req.params.userEmail }),
    }),
    defineRoute({
      endpoint: accessEndpoints.list,
      permission: manage,
      handler: async (req) => ({
        items: await runUseCase(db, actorOf(req), (ctx) => listAccess(ctx, { studyId: req.params.studyId })),
      }),
    }),
    defineRoute({
      endpoint: accessEndpoints.invite,
      permission: manage,
      handler: async (req, reply) => {
        const created = await runUseCase(db, actorOf(req), (ctx) =>
          inviteAccess(ctx, {
            studyId: req.params.studyId,
            invite: req.body,
            baseUrl: publicBaseUrl(req, config),
          }),
        );
        deliverOutboxNow(deps);
        return reply.status(201).send(created);
      },
    }),
    defineRoute({
      endpoint: accessEndpoints.update,
      permission: manage,
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          changeAccess(ctx, { studyId: req.params.studyId, accessId: req.params.accessId, change: req.body }),
        ),
    }),
    defineRoute({
      endpoint: accessEndpoints.revoke,
      permission: manage,
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          revokeAccess(ctx, { studyId: req.params.studyId, accessId: req.params.accessId }),
        ),
    }),
    defineRoute({
      endpoint: accessEndpoints.mine,
      permission: 'session',
      handler: async (req) => getMyAccess(db, signedInUser(req)),
    }),
  ] as RouteDefinition<never>[];
}
