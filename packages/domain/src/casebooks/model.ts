/**
 * Casebook PDFs (issue 27 item 4): a subject's complete record printed in a chosen language, and a
 * blank form for paper back-up. The pure rules: who may print, in which languages, which sizes the
 * text takes (spec 000 §9), when a casebook is made at once or in the background.
 */
import { type AccessScope, type AccessUser, hasPermission } from '../access/check';
import type { Permission } from '../access/permissions';

/** Spec 000 §9 PDF export sizes: title 17, subtitle 15, text 13, small 10. */
export const CASEBOOK_PDF_SIZES = { title: 17, subtitle: 15, text: 13, small: 10 } as const;

export const CASEBOOK_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type CasebookStatus = (typeof CASEBOOK_STATUSES)[number];

/**
 * A casebook with at most this many answers, queries, AEs, medication rows and history entries
 * together is made during the request; a larger one goes to the job queue.
 */
export const CASEBOOK_INLINE_LIMIT = 400;

/**
 * docs/ROLES.md (ours, issue 27): printing a subject's casebook needs every permission that shows a
 * part of it, at the subject's site: whoever may view all of the record may print it. Identifiable
 * fields are printed only with their per-field permission (REDACTED otherwise).
 */
export const CASEBOOK_PERMISSIONS = [
  'PATIENT_VIEW',
  'PATHWAY_RECORD_VIEW',
  'QUESTIONNAIRE_VIEW',
  'QUERY_VIEW',
  'AE_VIEW',
] as const satisfies readonly Permission[];

/** Which paid modules of the study add a part to the casebook (spec 000 §1: medication, drug accounting). */
export type CasebookModules = { medication: boolean; accounting?: boolean };

/** The permissions printing a casebook needs (issue 27 item 4; docs/ROLES.md). */
export function casebookPermissions(modules: CasebookModules): readonly Permission[] {
  return [
    ...CASEBOOK_PERMISSIONS,
    ...(modules.medication ? (['PATIENT_LIST_MEDICATION'] as const) : []),
    ...(modules.accounting ? (['MEDICATION_ACCOUNTING_LIST'] as const) : []),
  ];
}

/** Issue 27 item 4: may this user print the casebook of a subject of this site? */
export function canPrintCasebook(user: AccessUser, scope: AccessScope, modules: CasebookModules): boolean {
  return casebookPermissions(modules).every((permission) => hasPermission(user, permission, scope));
}

/**
 * The languages a casebook may be printed in: the study's languages (its content is translated into
 * them), the primary one first. The labels fall back to English where a language has no catalog.
 */
export function casebookLanguages(study: {
  primaryLanguage: string;
  languages: readonly string[];
}): string[] {
  return [...new Set([study.primaryLanguage, ...study.languages])];
}

/** Whether a casebook of this size is made in the request (else queued). */
export function isInlineCasebook(rowCount: number): boolean {
  return rowCount <= CASEBOOK_INLINE_LIMIT;
}

/** A file name safe on every system: the subject id's letters, digits, dash and underscore. */
export function casebookFileName(kind: 'casebook' | 'blank-form', name: string, language: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || kind;
  return `${kind}-${safe}-${language.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** Table-of-contents lines that fit one page below its title (the layout of the TOC pages). */
export function tocPageCount(entries: number, linesPerFirstPage: number, linesPerPage: number): number {
  if (entries <= linesPerFirstPage) return 1;
  return 1 + Math.ceil((entries - linesPerFirstPage) / linesPerPage);
}

/** How long a printed casebook is kept for its requester to download (it holds personal data). */
export const CASEBOOK_RETENTION_DAYS = 7;
