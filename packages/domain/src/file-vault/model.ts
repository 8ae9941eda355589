/**
 * File vault (issue 28 item 3; spec 000 §6 file vault permission family, 001 §7 getJWT): study
 * documents (protocol, investigator brochure, approvals) in folders, with versions, visible to all
 * sites or chosen ones and to all roles or chosen ones. Name checks reuse the forms upload rules
 * (INVALID_FILENAME_DOTS); the size limit is the consent documents' (DESIGN.md: study documents are
 * PDFs of that kind, 10,240,000 bytes); the type is decided by content (content.ts).
 */
import { z } from 'zod';
import type { StudyRole } from '../access/roles';
import { STUDY_ROLES } from '../access/roles';
import type { FieldIssue } from '../common/errors';
import { ANSWER_MESSAGES } from '../forms/answer-messages';
import { FORM_LIMITS } from '../forms/model';
import { splitFileName, validateUpload } from '../forms/upload-validation';

/** Allowed document extensions: PDF, images, office documents (Microsoft and OpenDocument). */
export const VAULT_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
] as const;
export type VaultExtension = (typeof VAULT_EXTENSIONS)[number];

/** DESIGN.md upload limits: a vault document may be as large as a consent PDF (inclusive). */
export const VAULT_MAX_BYTES = FORM_LIMITS.consentPdfMaxBytes;

/** Issue 28 item 3: the direct-download token of getJWT lives five minutes. */
export const VAULT_TOKEN_TTL_SECONDS = 300;

/** Limits of the vault's texts. */
export const VAULT_LIMITS = { folderName: 128, title: 256, fileName: 255 } as const;

/** Who may see a document: all sites (null) or listed ones, all roles (null) or listed ones. */
export const VaultVisibilitySchema = z.object({
  siteIds: z.array(z.string().min(1).max(64)).min(1).max(500).nullable(),
  roles: z.array(z.enum(STUDY_ROLES)).min(1).max(STUDY_ROLES.length).nullable(),
});
export type VaultVisibility = z.infer<typeof VaultVisibilitySchema>;

/** Checks a vault upload's name (no dots in the base name, a known extension) and size. */
export function validateVaultUpload(file: { fileName: string; size: number }): FieldIssue[] {
  // The forms rule checks the name; its own size limit (answer files) does not apply here.
  const issues = validateUpload({ fileName: file.fileName, size: 0 }, 'ANSWER_FILE');
  if (!Number.isInteger(file.size) || file.size <= 0 || file.size > VAULT_MAX_BYTES) {
    issues.push({
      path: ['size'],
      message: ANSWER_MESSAGES.FILE_TOO_LARGE,
      params: { max: VAULT_MAX_BYTES },
    });
  }
  const { extension } = splitFileName(file.fileName.trim());
  if (!(VAULT_EXTENSIONS as readonly string[]).includes(extension)) {
    issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.VALID, params: { field: 'fileName' } });
  }
  return issues;
}

/** The caller as visibility sees them: the sites where they hold FILE_VAULT_VIEW (null: all) and their study roles. */
export type VaultViewer = { siteIds: readonly string[] | null; roles: readonly StudyRole[] | null };

/**
 * Issue 28 item 3: a document is visible to a viewer holding one of its roles (null roles: any; a
 * viewer with null roles holds them all, e.g. a system administrator) at one of its sites (null: any
 * site; a viewer with null sites works at all of them).
 */
export function isVaultDocumentVisible(visibility: VaultVisibility, viewer: VaultViewer): boolean {
  if (visibility.roles !== null && viewer.roles !== null) {
    if (!viewer.roles.some((role) => visibility.roles?.includes(role))) return false;
  }
  if (visibility.siteIds === null || viewer.siteIds === null) return true;
  return viewer.siteIds.some((id) => visibility.siteIds?.includes(id));
}

/**
 * Issue 28 item 3: whoever may upload at every site a document reaches manages it (new versions,
 * removal) and sees it whatever its roles; a document for all sites needs upload rights study-wide.
 */
export function canManageVaultDocument(
  visibility: Pick<VaultVisibility, 'siteIds'>,
  uploadSites: 'ALL' | readonly string[],
): boolean {
  if (uploadSites === 'ALL') return true;
  if (visibility.siteIds === null) return false;
  return visibility.siteIds.every((id) => uploadSites.includes(id));
}
