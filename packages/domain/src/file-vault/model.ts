/**
 * File vault (issue 28 item 3): study documents in folders with versions, visible per site and
 * role. Name and size checks reuse the forms upload rules (INVALID_FILENAME_DOTS, size limit);
 * content sniffing by magic bytes is the server's job.
 */
import { z } from 'zod';
import type { FieldIssue } from '../common/errors';
import { ANSWER_MESSAGES } from '../forms/answer-messages';
import { splitFileName, validateUpload } from '../forms/upload-validation';

/** Allowed document extensions: PDF, images, office documents. */
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

/** Who may see a document: all sites or listed ones, all roles or listed ones. */
export const vaultVisibilitySchema = z.object({
  siteIds: z.array(z.string().min(1)).nullable(),
  roleIds: z.array(z.string().min(1)).nullable(),
});
export type VaultVisibility = z.infer<typeof vaultVisibilitySchema>;

/** Checks a vault upload's name, size (the ANSWER_FILE limit) and extension. */
export function validateVaultUpload(file: { fileName: string; size: number }): FieldIssue[] {
  const issues = validateUpload(file, 'ANSWER_FILE');
  const { extension } = splitFileName(file.fileName.trim());
  if (!(VAULT_EXTENSIONS as readonly string[]).includes(extension)) {
    issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.VALID, params: { field: 'fileName' } });
  }
  return issues;
}

/** True when a user with these sites (null: all) and role sees a document. */
export function isVaultDocumentVisible(
  visibility: VaultVisibility,
  user: { siteIds: readonly string[] | null; roleId: string },
): boolean {
  if (visibility.roleIds !== null && !visibility.roleIds.includes(user.roleId)) return false;
  if (visibility.siteIds === null) return true;
  if (user.siteIds === null) return true;
  return user.siteIds.some((id) => visibility.siteIds?.includes(id));
}
