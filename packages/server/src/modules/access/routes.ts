import {
  ACCESS_MANAGE_PERMISSION,
  AccessItemParamsSchema,
  AccessParamsSchema,
  InviteAccessSchema,
  MyAccessSchema,
  StudyAccessListSchema,
  StudyAccessSchema,
  UpdateAccessSchema,
  UserPermissionsParamsSchema,
  UserStudyPermissionsSchema,
} from '@trialbase/domain';
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
import { runUseCase } from '../../platform/use-case';
import { canReadUserPermissions, getMyAccess, getUserStudyPermissions } from './queries';
import { loadAccessUser } from './repo';
import { changeAccess, inviteAccess, listAccess, revokeAccess } from './service';

function signedInUser(req: FastifyRequest) {
  if (!req.auth) throw unauthenticated();
  return req.auth.user;
}

const manage = inStudy(ACCESS_MANAGE_PERMISSION);
const tags = ['access'];

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
export function accessRoutes({ db, config }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/study/:studyId/permissions/:userEmail',
      permission: selfOrManage(db),
      schema: {
        tags,
        summary: "A user's role, sites and effective permissions in the study",
        params: UserPermissionsParamsSchema,
        response: { 200: UserStudyPermissionsSchema },
      },
      handler: async (req) =>
        getUserStudyPermissions(db, { studyId: req.params.studyId, email: req.params.userEmail }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/access',
      permission: manage,
      schema: {
        tags,
        summary: 'Who may work in the study: invited and active access',
        params: AccessParamsSchema,
        response: { 200: StudyAccessListSchema },
      },
      handler: async (req) => ({
        items: await runUseCase(db, actorOf(req), (ctx) => listAccess(ctx, { studyId: req.params.studyId })),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/access',
      permission: manage,
      schema: {
        tags,
        summary: 'Invite a user by email with a role, study-wide or for chosen sites',
        params: AccessParamsSchema,
        body: InviteAccessSchema,
        response: { 201: StudyAccessSchema },
      },
      handler: async (req, reply) => {
        const created = await runUseCase(db, actorOf(req), (ctx) =>
          inviteAccess(ctx, {
            studyId: req.params.studyId,
            invite: req.body,
            baseUrl: publicBaseUrl(req, config),
          }),
        );
        return reply.status(201).send(created);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/access/:accessId',
      permission: manage,
      schema: {
        tags,
        summary: 'Change the role or the sites of an access',
        params: AccessItemParamsSchema,
        body: UpdateAccessSchema,
        response: { 200: StudyAccessSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          changeAccess(ctx, { studyId: req.params.studyId, accessId: req.params.accessId, change: req.body }),
        ),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/studies/:studyId/access/:accessId',
      permission: manage,
      schema: {
        tags,
        summary: 'Revoke an access; it stops at the user’s next request',
        params: AccessItemParamsSchema,
        response: { 200: StudyAccessSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          revokeAccess(ctx, { studyId: req.params.studyId, accessId: req.params.accessId }),
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/me/access',
      permission: 'session',
      schema: {
        tags,
        summary: "The caller's studies with role, sites and abilities (polled every 2 minutes)",
        response: { 200: MyAccessSchema },
      },
      handler: async (req) => getMyAccess(db, signedInUser(req)),
    }),
  ] as RouteDefinition<never>[];
}
