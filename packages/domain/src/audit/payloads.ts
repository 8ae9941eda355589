/**
 * The declared shape of each audit event's `before` and `after` (issue 14 item 5). Writers are typed by
 * it (`ctx.audit(event)` only accepts an event whose before and after have its action's shape), and
 * readers — the change log, the record history, exports — read stored payloads through
 * `readAuditPayload`, which checks them against the same schemas instead of casting.
 *
 * Events that declare nothing more specific record a snapshot: a JSON object of the fields the change
 * touched (or null where there was nothing before or after). Events that readers take apart declare
 * their fields here. The schemas are loose (unknown fields pass through) so that older events, written
 * before a field was added, still read: a reader gets `null` only when a declared field has a
 * different type.
 */
import { z } from 'zod';
import { VerificationRoundSchema } from '../studies/model';

/** What an event records before or after a change when it declares nothing more: the fields it touched. */
export const AuditSnapshotSchema = z.record(z.string(), z.unknown());
export type AuditSnapshot = z.infer<typeof AuditSnapshotSchema>;

/** Answers of a filled form in an audit event: the changed ones, keyed by question id (null: empty). */
const AuditAnswersSchema = z.record(z.string(), z.unknown());

/** Before and after of a save, submit or update of a filled form (spec 001 §7): status, version, changed answers. */
export const QuestionnaireChangeAuditSchema = z.looseObject({
  status: z.string(),
  version: z.number(),
  answers: AuditAnswersSchema,
  score: z.number().nullable().optional(),
  signature: z.unknown().optional(),
});
export type QuestionnaireChangeAudit = z.infer<typeof QuestionnaireChangeAuditSchema>;

/** After of QUESTIONNAIRE_CREATED: the link and the tagged form version it was opened from. */
export const QuestionnaireCreatedAuditSchema = z.looseObject({
  tokenId: z.string(),
  formId: z.string(),
  formVersion: z.looseObject({ major: z.number(), minor: z.number() }).nullable(),
});

/** The answer an answer verification is about (spec 001 §7 verification). */
export const AnswerRefAuditSchema = z.looseObject({ questionnaireId: z.string(), questionId: z.string() });

/** After of ANSWER_VERIFIED / ANSWER_UNVERIFIED / QUESTIONNAIRE_VERIFIED: the round and its outcome. */
export const VerificationAuditSchema = z.looseObject({
  questionnaireId: z.string().optional(),
  questionId: z.string().optional(),
  type: VerificationRoundSchema,
  verified: z.boolean(),
});
export type VerificationAudit = z.infer<typeof VerificationAuditSchema>;

/** After of QUERY_RAISED by a QUERY rule. */
export const QueryRaisedAuditSchema = z.looseObject({
  questionnaireId: z.string().nullable(),
  questionId: z.string().nullable(),
  ruleId: z.string().nullable(),
  queryText: z.string(),
});

/** An enrollment event that names the link it came through (unscheduled events, consent). */
export const EnrollmentLinkAuditSchema = z.looseObject({ tokenId: z.string().optional() });

const NULL = z.null();

/** The events with a declared before and after; every other event records a snapshot. */
export const AUDIT_PAYLOAD_SCHEMAS = {
  QUESTIONNAIRE_CREATED: { before: NULL, after: QuestionnaireCreatedAuditSchema },
  QUESTIONNAIRE_SAVED: { before: QuestionnaireChangeAuditSchema, after: QuestionnaireChangeAuditSchema },
  QUESTIONNAIRE_SUBMITTED: { before: QuestionnaireChangeAuditSchema, after: QuestionnaireChangeAuditSchema },
  QUESTIONNAIRE_UPDATED: { before: QuestionnaireChangeAuditSchema, after: QuestionnaireChangeAuditSchema },
  ANSWER_VERIFIED: { before: AnswerRefAuditSchema, after: VerificationAuditSchema },
  ANSWER_UNVERIFIED: { before: AnswerRefAuditSchema, after: VerificationAuditSchema },
  QUESTIONNAIRE_VERIFIED: { before: NULL, after: VerificationAuditSchema },
  QUERY_RAISED: { before: NULL, after: QueryRaisedAuditSchema },
  UNSCHEDULED_EVENT_RECORDED: { before: AuditSnapshotSchema.nullable(), after: EnrollmentLinkAuditSchema },
} as const;

type Declared = typeof AUDIT_PAYLOAD_SCHEMAS;
export type DeclaredAuditAction = keyof Declared;

/** The `before` and `after` an event of action A records (what its writer passes, what a reader gets). */
export type AuditPayloadOf<A extends string> = A extends DeclaredAuditAction
  ? Side<'before', z.input<Declared[A]['before']>> & Side<'after', z.input<Declared[A]['after']>>
  : { before?: AuditSnapshot | null; after?: AuditSnapshot | null };

/** A side that may be null may also be left out (it is recorded as null). */
type Side<K extends string, T> = null extends T ? { [P in K]?: T } : { [P in K]: T };

/** What `readAuditPayload` gives back for action A and one side. */
export type AuditSideOf<A extends string, S extends 'before' | 'after'> = A extends DeclaredAuditAction
  ? z.output<Declared[A][S]>
  : AuditSnapshot | null;

/** Whether a stored action is one of the given ones (narrows a row's `action: string`). */
export function isAuditActionIn<const A extends string>(action: string, actions: readonly A[]): action is A {
  return (actions as readonly string[]).includes(action);
}

/**
 * A stored `before` or `after` read as its action declares it (null when it is missing or does not
 * match: a reader shows nothing rather than something wrong). Unknown actions read as snapshots.
 */
export function readAuditPayload<A extends string, S extends 'before' | 'after'>(
  action: A,
  side: S,
  value: unknown,
): AuditSideOf<A, S> | null {
  const declared = (AUDIT_PAYLOAD_SCHEMAS as Record<string, Record<S, z.ZodType> | undefined>)[action];
  const schema: z.ZodType = declared ? declared[side] : AuditSnapshotSchema;
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as AuditSideOf<A, S>) : null;
}
