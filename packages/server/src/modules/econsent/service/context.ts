/** Loading an e-consent token with what surrounds it (study, enrollment, process, event, subject). */
import {
  type ConsentClause,
  type DataEvent,
  type EConsentCodeChannel,
  maskEmail,
  maskPhone,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { findToken } from '../../enrollments/tokens/api';
import { contactOf } from '../../enrollments/tokens/service/send-link';
import { findPublicStudy } from '../../public/api';
import { type LoadedLink, loadForToken } from '../../public/service/link';

export type EConsentToken = LoadedLink;

/**
 * The ECONSENT token of the study (and of the enrollment, when named) with its surroundings; 404
 * 'The token' for an unknown id, another enrollment's token, or a token of another type.
 */
export async function loadEConsentToken(
  db: Executor,
  input: { studyId: string; tokenId: string; enrollmentId?: string },
): Promise<EConsentToken> {
  const study = await findPublicStudy(db, input.studyId);
  const token = study ? await findToken(db, input.studyId, input.tokenId) : null;
  if (
    !study ||
    !token ||
    token.type !== 'ECONSENT' ||
    token.removedAt !== null ||
    (input.enrollmentId !== undefined && token.enrollmentId !== input.enrollmentId)
  ) {
    throw notFound('The token');
  }
  return loadForToken(db, study, token);
}

/** The explicit clauses of an e-consent event (none unless the explicit variant is on). */
export function clausesOf(event: DataEvent): ConsentClause[] {
  return event.explicitConsent ? (event.consentClauses ?? []) : [];
}

/** Where a signing code can go: the subject's email and mobile, masked. */
export function codeChannelsOf(
  link: EConsentToken,
): { channel: EConsentCodeChannel; to: string; maskedTo: string }[] {
  const contact = contactOf(link.subject?.attributes);
  const channels: { channel: EConsentCodeChannel; to: string; maskedTo: string }[] = [];
  if (contact.email)
    channels.push({ channel: 'EMAIL', to: contact.email, maskedTo: maskEmail(contact.email) });
  if (contact.mobile)
    channels.push({ channel: 'SMS', to: contact.mobile, maskedTo: maskPhone(contact.mobile) });
  return channels;
}

/** The participant's language for messages and the document: theirs, else the enrollment's. */
export function participantLanguageOf(link: EConsentToken): string | null {
  return contactOf(link.subject?.attributes).language ?? link.enrollment.language ?? null;
}
