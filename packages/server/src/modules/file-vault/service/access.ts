/**
 * Who sees what in the vault (issue 28 item 3, docs/ROLES.md): the caller's sites with
 * FILE_VAULT_VIEW, their study roles and their upload sites, and the domain rules over them.
 */
import {
  type AccessUser,
  canManageVaultDocument,
  hasPermission,
  isVaultDocumentVisible,
  type StudyRole,
  sitesWithPermission,
  type VaultAbilities,
  type VaultViewer,
} from '@trialbase/domain';

export type VaultCaller = VaultViewer & { uploadSites: 'ALL' | string[]; deleteSites: 'ALL' | string[] };

type Visibility = { siteIds: string[] | null; roles: StudyRole[] | null };

/** The caller as the vault's rules see them in one study. */
export function vaultCallerOf(access: AccessUser, studyId: string): VaultCaller {
  const viewSites = sitesWithPermission(access, 'FILE_VAULT_VIEW', studyId);
  // A system-level holder has no study role: all roles. Study-level extras keep the study role.
  const isSystemWide = hasPermission(access, 'FILE_VAULT_VIEW', {});
  const roles = isSystemWide
    ? null
    : access.studyAccess.filter((a) => a.studyId === studyId).map((a) => a.role);
  return {
    siteIds: viewSites === 'ALL' ? null : viewSites,
    roles,
    uploadSites: sitesWithPermission(access, 'FILE_VAULT_UPLOAD', studyId),
    deleteSites: sitesWithPermission(access, 'FILE_VAULT_DELETE', studyId),
  };
}

/** Visible to the caller: meant for their sites and role, or theirs to manage. */
export function canSeeDocument(caller: VaultCaller, doc: Visibility): boolean {
  return isVaultDocumentVisible(doc, caller) || canManageVaultDocument(doc, caller.uploadSites);
}

export function canManageDocument(caller: VaultCaller, doc: Visibility): boolean {
  return canManageVaultDocument(doc, caller.uploadSites);
}

export function vaultAbilitiesOf(access: AccessUser, studyId: string): VaultAbilities {
  const scope = { studyId };
  return {
    canUpload: hasPermission(access, 'FILE_VAULT_UPLOAD', scope),
    canDelete: hasPermission(access, 'FILE_VAULT_DELETE', scope),
    canManageFolders: hasPermission(access, 'FILE_VAULT_UPLOAD', scope),
  };
}
