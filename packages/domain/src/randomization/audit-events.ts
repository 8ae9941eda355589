import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of randomization (issue 22; DESIGN.md "every allocation, list export and unblinding is
 * audited"). Payloads carry the group under `trialGroup` only, so readers redact it with
 * `redactTrialGroup` (randomization/blinding.ts); the seed itself is never recorded, only its SHA-256.
 */
export type RandomizationAuditEvent =
  | AuditEventOf<'RANDOMIZATION_CONFIGURED', 'PROCESS'>
  | AuditEventOf<'RANDOMIZATION_SEALED', 'PROCESS'>
  | AuditEventOf<'RANDOMIZATION_LIST_UPLOADED', 'PROCESS'>
  | AuditEventOf<'RANDOMIZATION_LIST_EXPORTED', 'PROCESS'>
  | AuditEventOf<'RANDOMIZATION_ALLOCATED', 'ENROLLMENT'>
  | AuditEventOf<'BLIND_BROKEN', 'ENROLLMENT'>;
