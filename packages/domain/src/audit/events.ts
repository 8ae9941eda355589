/**
 * The audit events of the product as a typed union (CONVENTIONS.md: a new state change
 * needs a new event type). Every create, update, delete and state change of study data
 * records one of these in the same transaction (DESIGN.md audit trail, STANDARDS.md AT-*).
 * Each area declares its own events beside its code (`<area>/audit-events.ts`).
 */
import type { AccessAuditEvent } from '../access/audit-events';
import type { AdverseEventAuditEvent } from '../adverse-events/audit-events';
import type { CustomAeReportAuditEvent } from '../adverse-events/custom-reports/audit-events';
import type { CasebookAuditEvent } from '../casebooks/audit-events';
import type { EConsentAuditEvent } from '../econsent/audit-events';
import type { EnrollmentAuditEvent } from '../enrollments/audit-events';
import type { ExportAuditEvent } from '../exports/audit-events';
import type { ExternalDataAuditEvent } from '../external-data/audit-events';
import type { FeedAuditEvent } from '../feed/audit-events';
import type { FileVaultAuditEvent } from '../file-vault/audit-events';
import type { FormAuditEvent } from '../forms/audit-events';
import type { ImportAuditEvent } from '../imports/audit-events';
import type { IntegrationAuditEvent } from '../integrations/audit-events';
import type { MedicationAuditEvent } from '../medication/audit-events';
import type { ProcessAuditEvent } from '../processes/audit-events';
import type { PublicAuditEvent } from '../public/audit-events';
import type { QuestionnaireAuditEvent } from '../questionnaires/audit-events';
import type { RandomizationAuditEvent } from '../randomization/audit-events';
import type { RuleAuditEvent } from '../rules/audit-events';
import type { SiteAuditEvent } from '../sites/audit-events';
import type { StorageAuditEvent } from '../storage/audit-events';
import type { StudyAuditEvent } from '../studies/audit-events';
import type { SubjectAuditEvent } from '../subjects/audit-events';
import type { TokenAuditEvent } from '../tokens/audit-events';
import type { TranslationAuditEvent } from '../translations/audit-events';
import type { UserAuditEvent } from '../users/audit-events';
import type { WebhookAuditEvent } from '../webhooks/audit-events';
import type { AuditPayloadOf } from './payloads';

/** Who did it: a staff user, a participant through a link token, an API key, or the system itself. */
export const AUDIT_ACTOR_TYPES = ['USER', 'SUBJECT_TOKEN', 'API_KEY', 'SYSTEM'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export type AuditActor = { type: AuditActorType; id: string | null };

/**
 * One audit event: the action, the entity it changed, before and after, and the reason when the flow
 * asks for one. Before and after have the shape the action declares (audit/payloads.ts, issue 14
 * item 5): a snapshot of the touched fields unless the action declares its own fields there.
 */
export type AuditEventOf<A extends string, E extends string> = {
  action: A;
  entityType: E;
  entityId: string | null;
  studyId?: string | null;
  reason?: string | null;
  /** The event's id when the use case must name it before the commit (an e-consent signature page prints it); else a new one. */
  id?: string;
} & AuditPayloadOf<A>;

/** Platform events: sign-in, sessions, first start, outbox. */
export type PlatformAuditEvent =
  | AuditEventOf<'USER_CREATED', 'USER'>
  | AuditEventOf<'USER_UPDATED', 'USER'>
  | AuditEventOf<'USER_LOGIN_SUCCEEDED', 'USER'>
  | AuditEventOf<'USER_LOGIN_FAILED', 'USER'>
  | AuditEventOf<'USER_LOCKED', 'USER'>
  | AuditEventOf<'USER_UNLOCKED', 'USER'>
  | AuditEventOf<'USER_LOGGED_OUT', 'SESSION'>
  | AuditEventOf<'SYSTEM_ADMIN_BOOTSTRAPPED', 'USER'>
  | AuditEventOf<'OUTBOX_MESSAGE_QUEUED', 'OUTBOX_MESSAGE'>;

export type AuditEvent =
  | PlatformAuditEvent
  | UserAuditEvent
  | StudyAuditEvent
  | StorageAuditEvent
  | SiteAuditEvent
  | AccessAuditEvent
  | IntegrationAuditEvent
  | FormAuditEvent
  | ImportAuditEvent
  | RuleAuditEvent
  | ProcessAuditEvent
  | TokenAuditEvent
  | SubjectAuditEvent
  | EnrollmentAuditEvent
  | QuestionnaireAuditEvent
  | PublicAuditEvent
  | CustomAeReportAuditEvent
  | TranslationAuditEvent
  | AdverseEventAuditEvent
  | CasebookAuditEvent
  | ExportAuditEvent
  | FeedAuditEvent
  | RandomizationAuditEvent
  | MedicationAuditEvent
  | EConsentAuditEvent
  | FileVaultAuditEvent
  | ExternalDataAuditEvent
  | WebhookAuditEvent;

export type AuditAction = AuditEvent['action'];
