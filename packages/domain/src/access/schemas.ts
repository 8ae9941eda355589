import { z } from 'zod';
import type { FieldIssue } from '../common/errors';
import { IdSchema } from '../common/ids';
import { PERMISSIONS } from './permissions';
import { STUDY_ROLES } from './roles';

/** Spec 000 §6: the states of a study access row (an invitation becomes ACTIVE when the user exists). */
export const ACCESS_STATUSES = ['INVITED', 'ACTIVE', 'REVOKED'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

/** Issue 4: the roles an admin can give by invitation (OTHER holds nothing, so it is not offered). */
export const INVITABLE_ROLES = ['INVESTIGATOR', 'STUDY_HELPER', 'MONITOR', 'DOCTOR', 'ADMIN'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/**
 * The study permission that manages who may work in a study. The role table has no
 * dedicated access permission; STUDY_UPDATE is the ADMIN-only study permission it covers.
 */
export const ACCESS_MANAGE_PERMISSION = 'STUDY_UPDATE' as const;

export const ACCESS_EMAIL_MAX_LENGTH = 128;

/** Study-wide ('ALL') or a non-empty list of this study's site ids. */
export const AccessSitesSchema = z.union([
  z.literal('ALL'),
  z.array(IdSchema).min(1, 'ACCESS.SITES_REQUIRED').max(500),
]);
export type AccessSites = z.infer<typeof AccessSitesSchema>;

/** One row of the study's access list (spec 000 §6, issue 4). */
export const StudyAccessSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  email: z.string(),
  userId: z.string().nullable(),
  /** The user's name when the account exists. */
  name: z.string().nullable(),
  role: z.enum(STUDY_ROLES),
  siteIds: AccessSitesSchema,
  status: z.enum(ACCESS_STATUSES),
  invitedBy: z.string(),
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyAccess = z.infer<typeof StudyAccessSchema>;

export const StudyAccessListSchema = z.object({ items: z.array(StudyAccessSchema) });
export type StudyAccessList = z.infer<typeof StudyAccessListSchema>;

export const AccessEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(ACCESS_EMAIL_MAX_LENGTH, 'ACCESS.EMAIL_TOO_LONG')
  .pipe(z.email('ACCESS.EMAIL_INVALID'));

/** POST /studies/{studyId}/access: invite by email with a role, study-wide or for chosen sites. */
export const InviteAccessSchema = z.object({
  email: AccessEmailSchema,
  role: z.enum(INVITABLE_ROLES),
  siteIds: AccessSitesSchema,
});
export type InviteAccess = z.infer<typeof InviteAccessSchema>;

/** PUT /studies/{studyId}/access/{accessId}: the new role and sites. */
export const UpdateAccessSchema = z.object({
  role: z.enum(INVITABLE_ROLES),
  siteIds: AccessSitesSchema,
});
export type UpdateAccess = z.infer<typeof UpdateAccessSchema>;

export const AccessParamsSchema = z.object({ studyId: IdSchema });
export const AccessItemParamsSchema = z.object({ studyId: IdSchema, accessId: IdSchema });

/**
 * Issue 4: the chosen sites must be sites of this study. Returns issues at `siteIds`
 * (or `siteIds.N` for the unknown ones); used by the invite form and the server alike.
 */
export function validateAccessSites(siteIds: AccessSites, studySiteIds: readonly string[]): FieldIssue[] {
  if (siteIds === 'ALL') return [];
  if (siteIds.length === 0) return [{ path: ['siteIds'], message: 'ACCESS.SITES_REQUIRED' }];
  const known = new Set(studySiteIds);
  const issues: FieldIssue[] = [];
  siteIds.forEach((siteId, index) => {
    if (!known.has(siteId)) {
      issues.push({ path: ['siteIds', index], message: 'ACCESS.SITE_UNKNOWN', params: { siteId } });
    }
  });
  if (new Set(siteIds).size !== siteIds.length) {
    issues.push({ path: ['siteIds'], message: 'ACCESS.SITES_DUPLICATE' });
  }
  return issues;
}

const AbilitiesSchema = z.record(z.enum(PERMISSIONS), z.boolean());

/** GET /study/{studyId}/permissions/{userEmail} (spec 001 §7): a user's role, sites and effective permissions. */
export const UserStudyPermissionsSchema = z.object({
  studyId: z.string(),
  email: z.string(),
  isSystemAdmin: z.boolean(),
  role: z.enum(STUDY_ROLES).nullable(),
  siteIds: AccessSitesSchema.nullable(),
  status: z.enum(ACCESS_STATUSES).nullable(),
  /** Every permission the user holds in the study, "*_ALL" expanded. */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type UserStudyPermissions = z.infer<typeof UserStudyPermissionsSchema>;

export const UserPermissionsParamsSchema = z.object({ studyId: IdSchema, userEmail: z.string().max(256) });

/** One study of GET /me/access: role, sites and computed abilities in that study. */
export const MyStudyAccessSchema = z.object({
  studyId: z.string(),
  studyName: z.string(),
  studyStatus: z.string(),
  role: z.enum(STUDY_ROLES),
  siteIds: AccessSitesSchema,
  abilities: AbilitiesSchema,
});
export type MyStudyAccess = z.infer<typeof MyStudyAccessSchema>;

/** GET /me/access (spec 000 §9 collaborator permission refresh): polled by the web every 2 minutes. */
export const MyAccessSchema = z.object({
  userId: z.string(),
  isSystemAdmin: z.boolean(),
  isAdminLite: z.boolean(),
  /** Abilities held at system level: they apply in every study. */
  systemAbilities: AbilitiesSchema,
  studies: z.array(MyStudyAccessSchema),
});
export type MyAccess = z.infer<typeof MyAccessSchema>;
export type Abilities = z.infer<typeof AbilitiesSchema>;

/** Spec 001 §7: the collaborator permission refresh interval (spec 000 §9: every 2 minutes). */
export const ACCESS_REFRESH_INTERVAL_MS = 120_000;
