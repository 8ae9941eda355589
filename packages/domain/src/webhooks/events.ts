import type { AuditAction } from '../audit/events';

/**
 * The event types a study's webhook endpoint may subscribe to (issue 28 item 1, spec 000 §6 hooks),
 * named as Standard Webhooks suggests (`<thing>.<what happened>`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'subject.created',
  'subject.enrolled',
  'form.submitted',
  'form.updated',
  'query.raised',
  'query.answered',
  'ae.reported',
  'ae.signed',
  'ae.serious',
  'subject.randomized',
  'consent.signed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Which audit action is which webhook event: webhook messages are derived from the audit events a use
 * case appends, in its transaction, so no product module calls webhooks itself.
 */
export const WEBHOOK_EVENT_OF_AUDIT_ACTION: Partial<Record<AuditAction, WebhookEventType>> = {
  SUBJECT_CREATED: 'subject.created',
  PUBLIC_SIGNUP: 'subject.created',
  ENROLLMENT_CREATED: 'subject.enrolled',
  QUESTIONNAIRE_SUBMITTED: 'form.submitted',
  QUESTIONNAIRE_UPDATED: 'form.updated',
  QUERY_RAISED: 'query.raised',
  QUERY_CREATED: 'query.raised',
  QUERY_RESPONDED: 'query.answered',
  AE_CREATED: 'ae.reported',
  AE_SIGNED: 'ae.signed',
  // The serious-event clock starts when an AE is reported (or becomes) serious (issue 20 item 5).
  AE_CLOCK_STARTED: 'ae.serious',
  RANDOMIZATION_ALLOCATED: 'subject.randomized',
  ECONSENT_SIGNED: 'consent.signed',
  // A consent signed on paper and recorded by staff (issue 24); the payload says `method: 'PAPER'`.
  ECONSENT_PAPER_RECORDED: 'consent.signed',
};

/** The webhook event an audit action raises, or null (issue 28 item 1). */
export function webhookEventOfAuditAction(action: string): WebhookEventType | null {
  return (WEBHOOK_EVENT_OF_AUDIT_ACTION as Record<string, WebhookEventType | undefined>)[action] ?? null;
}

/**
 * The body of a webhook message: ids, type and time only, never an identifying field (issue 28 item 1).
 * Receivers read the record itself through the API with their key.
 */
export type WebhookPayload = {
  type: WebhookEventType;
  timestamp: string;
  data: {
    studyId: string;
    entityType: string;
    entityId: string | null;
    auditEventId: string;
    /** consent.signed only: signed electronically or on paper (recorded by staff). */
    method?: 'ELECTRONIC' | 'PAPER';
  };
};

/** Builds the minimal payload of one audit event (issue 28 item 1). */
export function webhookPayloadOf(input: {
  type: WebhookEventType;
  occurredAt: Date;
  studyId: string;
  entityType: string;
  entityId: string | null;
  auditEventId: string;
  /** The audit action, telling a paper consent from an electronic one. */
  action?: string;
}): WebhookPayload {
  return {
    type: input.type,
    timestamp: input.occurredAt.toISOString(),
    data: {
      studyId: input.studyId,
      entityType: input.entityType,
      entityId: input.entityId,
      auditEventId: input.auditEventId,
      ...(input.type === 'consent.signed'
        ? {
            method: input.action === 'ECONSENT_PAPER_RECORDED' ? ('PAPER' as const) : ('ELECTRONIC' as const),
          }
        : {}),
    },
  };
}
