import type { FieldIssue } from '../common/errors';
import type { LanguageCode } from '../common/languages';
import type { ConsentClause } from '../processes/model';
import type { TokenStatus } from '../tokens/model';
import type { EConsentState, PublicEConsentView } from './schemas';

/** The message of a required clause that was not accepted (or not answered). */
export const ECONSENT_CLAUSE_REQUIRED = 'ECONSENT.CLAUSE_REQUIRED';
/** The message of a drawn signature that is not a usable PNG. */
export const ECONSENT_SIGNATURE_INVALID = 'ECONSENT.SIGNATURE_INVALID';

/** Issue 24: a signed file keeps the document's name with `_signed` (spec 002 §2). */
export function signedFileNameOf(fileName: string): string {
  const base = fileName.replace(/\.pdf$/i, '');
  return `${base}_signed.pdf`;
}

/** An email shown masked: first character of the name, the domain (`j***@example.org`). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A phone number shown masked: its last two digits (`+45 ******12`). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const prefix = phone.trim().startsWith('+') ? '+' : '';
  return `${prefix}${'*'.repeat(Math.max(digits.length - 2, 2))}${digits.slice(-2)}`;
}

/** Issue 24: where an e-consent stands, from its signatures (or the paper record staff made). */
export function econsentStateOf(input: {
  hasParticipant: boolean;
  hasInvestigator: boolean;
  hasPaper?: boolean;
}): EConsentState {
  if (input.hasPaper) return 'SIGNED_ON_PAPER';
  if (input.hasInvestigator) return 'COUNTERSIGNED';
  return input.hasParticipant ? 'SIGNED_BY_PARTICIPANT' : 'PENDING';
}

/**
 * Spec 002 §4 (issue 24): the signed view once the participant signed or the token completed; the
 * signing page when a document in some language exists and the link can still be used; else the
 * contact-the-study message.
 */
export function publicEConsentView(input: {
  status: TokenStatus;
  hasSignature: boolean;
  hasDocument: boolean;
  isUsable: boolean;
}): PublicEConsentView {
  if (input.hasSignature || input.status === 'COMPLETED') return 'SIGNED_DOWNLOAD';
  return input.hasDocument && input.isUsable ? 'SIGN' : 'UNAVAILABLE';
}

/**
 * Spec 002 §4 explicit variant: every clause must be answered and every required clause accepted;
 * answers to unknown clauses are refused. Issues are at `['clauses', key]`.
 */
export function checkClauseAnswers(
  clauses: readonly Pick<ConsentClause, 'key' | 'required'>[],
  answers: readonly { key: string; accepted: boolean }[],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const byKey = new Map(answers.map((a) => [a.key, a.accepted]));
  for (const clause of clauses) {
    const accepted = byKey.get(clause.key);
    if (accepted === undefined || (clause.required && !accepted)) {
      issues.push({ path: ['clauses', clause.key], message: ECONSENT_CLAUSE_REQUIRED });
    }
  }
  const known = new Set(clauses.map((c) => c.key));
  for (const answer of answers) {
    if (!known.has(answer.key))
      issues.push({ path: ['clauses', answer.key], message: 'ECONSENT.CLAUSE_UNKNOWN' });
  }
  return issues;
}

/** The language a participant reads: the one asked when a document exists in it, else theirs, else the study's primary, else any. */
export function econsentLanguageOf(input: {
  asked: string | undefined;
  participant: string | null;
  primary: string;
  available: readonly string[];
}): LanguageCode | null {
  for (const candidate of [input.asked, input.participant, input.primary]) {
    if (candidate && input.available.includes(candidate)) return candidate as LanguageCode;
  }
  return (input.available[0] as LanguageCode | undefined) ?? null;
}

/** The message of a paper consent's date that lies after today. */
export const ECONSENT_PAPER_DATE_FUTURE = 'ECONSENT.PAPER_DATE_FUTURE';

/**
 * Spec 001 §7 setEconsentSigned by staff (issue 24): the date a paper consent was signed cannot be
 * after today (`today` as YYYY-MM-DD in the site's or study's time zone). Issues at `['paper', 'signedDate']`.
 */
export function checkPaperSignedDate(signedDate: string, today: string): FieldIssue[] {
  return signedDate > today ? [{ path: ['paper', 'signedDate'], message: ECONSENT_PAPER_DATE_FUTURE }] : [];
}
