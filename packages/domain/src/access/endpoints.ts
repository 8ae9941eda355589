import { defineEndpoint } from '../common/endpoint';
import {
  AccessItemParamsSchema,
  AccessParamsSchema,
  InviteAccessSchema,
  MyAccessSchema,
  StudyAccessListSchema,
  StudyAccessSchema,
  UpdateAccessSchema,
  UserPermissionsParamsSchema,
  UserStudyPermissionsSchema,
} from './schemas';

/** The access endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const accessEndpoints = {
  userPermissions: defineEndpoint({
    method: 'GET',
    path: '/api/study/:studyId/permissions/:userEmail',
    summary: "A user's role, sites and effective permissions in the study",
    tags: ['access'],
    params: UserPermissionsParamsSchema,
    response: { 200: UserStudyPermissionsSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/access',
    summary: 'Who may work in the study: invited and active access',
    tags: ['access'],
    params: AccessParamsSchema,
    response: { 200: StudyAccessListSchema },
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/access',
    summary: 'Invite a user by email with a role, study-wide or for chosen sites',
    tags: ['access'],
    params: AccessParamsSchema,
    body: InviteAccessSchema,
    response: { 201: StudyAccessSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/access/:accessId',
    summary: 'Change the role or the sites of an access',
    tags: ['access'],
    params: AccessItemParamsSchema,
    body: UpdateAccessSchema,
    response: { 200: StudyAccessSchema },
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/studies/:studyId/access/:accessId',
    summary: 'Revoke an access; it stops at the user’s next request',
    tags: ['access'],
    params: AccessItemParamsSchema,
    response: { 200: StudyAccessSchema },
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/me/access',
    summary: "The caller's studies with role, sites and abilities (polled every 2 minutes)",
    tags: ['access'],
    response: { 200: MyAccessSchema },
  }),
};
