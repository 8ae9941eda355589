/** What leaves the server about enrollments (CONVENTIONS.md presenters whitelist output). */
import type {
  EnrollmentDetail,
  EnrollmentStatus,
  EnrollmentView,
  Process,
  QueryStatus,
  TokenStatus,
  TokenType,
} from '@trialbase/domain';
import { enrollmentDetailsOf, type StoredSignature } from './details';
import type { EnrollmentRow } from './repo';
import type { TokenRow } from './tokens/api';
import { presentToken } from './tokens/presenters';
import { scheduleDetailsOf } from './tokens/service/advance-enrollment';

export function presentEnrollment(
  row: EnrollmentRow,
  tokens: TokenRow[],
  withSecret: boolean,
): EnrollmentView {
  return {
    id: row.id,
    studyId: row.studyId,
    siteId: row.siteId,
    subjectId: row.subjectId,
    processId: row.processId,
    status: row.status as EnrollmentStatus,
    registeredAt: row.registeredAt.toISOString(),
    timeZone: row.timeZone,
    language: row.language,
    formVersions: Object.entries(row.formVersions).map(([formId, v]) => ({
      formId,
      major: v.major,
      minor: v.minor,
    })),
    tokens: tokens.map((t) => presentToken(t, { withSecret })),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function presentSignature(s: StoredSignature | null | undefined) {
  return s
    ? { signedBy: s.signedBy, signedByName: s.signedByName, signedTime: s.signedTime, reason: s.reason }
    : null;
}

/** The enrollment view of spec 001 §3 pathway record: labels, signatures and the token summary. */
export function presentEnrollmentDetail(
  row: EnrollmentRow,
  input: {
    labels: { processName: string; siteName: string; patientId: string };
    tokens: TokenRow[];
    process: Process | null;
    /** Per token, the statuses of its non-closed queries (issue 19); absent when not read. */
    queryStatuses?: Map<string, QueryStatus[]>;
  },
): EnrollmentDetail {
  const details = enrollmentDetailsOf(row);
  const events = new Map(input.process?.dataEvents.map((e) => [e.id, e]) ?? []);
  const discontinuation = details.discontinuation;
  return {
    id: row.id,
    studyId: row.studyId,
    status: row.status as EnrollmentStatus,
    process: { id: row.processId, name: input.labels.processName },
    site: { id: row.siteId, name: input.labels.siteName },
    subject: { id: row.subjectId, patientId: input.labels.patientId },
    registeredAt: row.registeredAt.toISOString(),
    timeZone: row.timeZone,
    language: row.language,
    randomId: details.randomId ?? null,
    signOff: presentSignature(details.signOff),
    deactivation: presentSignature(details.deactivation),
    discontinuation: discontinuation
      ? {
          reason: discontinuation.reason,
          otherReason: discontinuation.otherReason,
          time: discontinuation.discontinuedTime,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tokens: input.tokens.map((t) => ({
      id: t.id,
      dataEventId: t.dataEventId,
      dataEventName: events.get(t.dataEventId)?.name ?? {},
      type: t.type as TokenType,
      status: t.status as TokenStatus,
      locked: t.locked,
      activationTime: iso(t.activationTime),
      expiryTime: iso(t.expiryTime),
      completedTime: iso(t.completedTime),
      referenceDate: events.get(t.dataEventId)?.referenceDate ?? null,
      startedAt: scheduleDetailsOf(t).startedAt ?? null,
      ...(input.queryStatuses ? { queryStatuses: input.queryStatuses.get(t.id) ?? [] } : {}),
    })),
  };
}
