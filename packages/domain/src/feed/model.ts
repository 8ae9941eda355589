/**
 * The incremental feed (issue 26 item 4): answer, query and adverse-event changes of a study in the
 * order of its audit chain, read page by page from a cursor, so a data warehouse keeps in sync
 * without full exports. Pure rules: which audit actions are changes of which kind, the cursor's
 * encoding, who may read which kind at which site, and what of a change a reader may see.
 */
import { z } from 'zod';
import { type AccessUser, hasPermission, sitesWithPermission } from '../access/check';
import type { Permission } from '../access/permissions';
import { hasOwn } from '../common/has-own';
import { REDACTED } from '../subjects/model';
import { SUBJECT_FIELD_VIEW_PERMISSIONS, type SubjectViewRestrictedField } from '../subjects/visibility';

/** The kinds of change the feed carries. */
export const FEED_KINDS = ['answer', 'query', 'ae'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/**
 * Issue 26 item 4: the audit actions that are changes of each kind. Answers: the saves, submits and
 * updates of filled forms (their changed answers); queries: every state change of a query; AEs: the
 * report, its changes, signatures, amendments, verification and removal, and custom AE reports.
 */
export const FEED_ACTIONS = {
  answer: ['QUESTIONNAIRE_SAVED', 'QUESTIONNAIRE_SUBMITTED', 'QUESTIONNAIRE_UPDATED'],
  query: [
    'QUERY_RAISED',
    'QUERY_CREATED',
    'QUERY_RESPONDED',
    'QUERY_DECLINED',
    'QUERY_CLOSED',
    'QUERY_QUICK_CLOSED',
    'QUERY_REOPENED',
  ],
  ae: [
    'AE_CREATED',
    'AE_UPDATED',
    'AE_SIGNED',
    'AE_AMENDED',
    'AE_VERIFIED',
    'AE_UNVERIFIED',
    'AE_REMOVED',
    'AE_RESTORED',
    'AE_REPORT_CREATED',
    'AE_REPORT_SAVED',
    'AE_REPORT_SIGNED',
    'AE_REPORT_AMENDED',
    'AE_REPORT_FILE_UPLOADED',
    'AE_REPORT_REMOVED',
    'AE_REPORT_RESTORED',
  ],
} as const satisfies Record<FeedKind, readonly string[]>;

/** The kind of change an audit action is, or null when the feed does not carry it. */
export function feedKindOfAction(action: string): FeedKind | null {
  for (const kind of FEED_KINDS) {
    if ((FEED_ACTIONS[kind] as readonly string[]).includes(action)) return kind;
  }
  return null;
}

/**
 * What a reader needs at a site to get each kind, besides the feed permission (REPORTING_FEED):
 * the view permission of the data itself, as on its own screens.
 */
export const FEED_KIND_PERMISSIONS = {
  answer: 'QUESTIONNAIRE_VIEW',
  query: 'QUERY_VIEW',
  ae: 'AE_VIEW',
} as const satisfies Record<FeedKind, Permission>;

export const FEED_DEFAULT_LIMIT = 500;
export const FEED_MAX_LIMIT = 1000;

/*
 * The cursor: the last chain position a reader has seen, tied to its study and versioned
 * (`fc1_<studyId>_<position>`). Clients keep it as an opaque string. Position 0 is the start.
 */
const CURSOR_PATTERN = /^fc1_([0-9a-f]{24})_(0|[1-9][0-9]{0,15})$/;

/** Issue 26 item 4: the cursor after `position` in the study's feed. */
export function encodeFeedCursor(studyId: string, position: number): string {
  return `fc1_${studyId}_${position}`;
}

/** The position a cursor stands for, or null when it is malformed or belongs to another study. */
export function decodeFeedCursor(studyId: string, cursor: string): number | null {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match || match[1] !== studyId) return null;
  const position = Number(match[2]);
  return Number.isSafeInteger(position) ? position : null;
}

/** `kinds=answer,query`: the kinds asked, each once, in FEED_KINDS order; null when one is unknown. */
export function parseFeedKinds(value: string | undefined): FeedKind[] | null {
  if (value === undefined || value.trim() === '') return [...FEED_KINDS];
  const asked = value.split(',').map((k) => k.trim());
  if (asked.some((k) => !(FEED_KINDS as readonly string[]).includes(k))) return null;
  return FEED_KINDS.filter((k) => asked.includes(k));
}

/** The sites a reader gets each kind from ('ALL' or site ids); kinds it may not read are absent. */
export type FeedScope = Partial<Record<FeedKind, 'ALL' | string[]>>;

export type FeedRefusal = { refused: 'NO_FEED_PERMISSION' | 'KIND_NOT_ALLOWED'; detail?: string };

function intersect(a: 'ALL' | string[], b: 'ALL' | string[]): 'ALL' | string[] {
  if (a === 'ALL') return b === 'ALL' ? 'ALL' : [...b];
  if (b === 'ALL') return [...a];
  return a.filter((s) => b.includes(s));
}

/**
 * Issue 26 item 4, spec 000 §6: who reads what. The feed permission decides the sites (a
 * site-limited reader only its sites); each kind also needs its view permission there. Kinds asked
 * by name that the reader may read nowhere are refused; with no kinds named, the feed carries the
 * kinds the reader may read (none: refused).
 */
export function planFeedScope(
  user: AccessUser,
  studyId: string,
  asked: readonly FeedKind[],
  named: boolean,
): FeedScope | FeedRefusal {
  const held = sitesWithPermission(user, 'REPORTING_FEED', studyId);
  if (held !== 'ALL' && held.length === 0) return { refused: 'NO_FEED_PERMISSION' };
  const scope: FeedScope = {};
  for (const kind of asked) {
    const sites = intersect(held, sitesWithPermission(user, FEED_KIND_PERMISSIONS[kind], studyId));
    if (sites !== 'ALL' && sites.length === 0) {
      if (named) return { refused: 'KIND_NOT_ALLOWED', detail: kind };
      continue;
    }
    scope[kind] = sites;
  }
  if (Object.keys(scope).length === 0) return { refused: 'NO_FEED_PERMISSION' };
  return scope;
}

/** Whether a plan is a refusal. */
export function isFeedRefusal(plan: FeedScope | FeedRefusal): plan is FeedRefusal {
  return 'refused' in plan;
}

/** The fields of a subject the feed names beside each change (identifiable ones and the trial group). */
export const FEED_SUBJECT_FIELDS = Object.keys(
  SUBJECT_FIELD_VIEW_PERMISSIONS,
) as SubjectViewRestrictedField[];

/**
 * Spec 000 §6, 001 §2: which restricted subject fields (and the trial group) the reader may see at a
 * site; every other field name is open.
 */
export function feedFieldVisibility(
  user: AccessUser,
  studyId: string,
  siteId: string | null,
): (field: string) => boolean {
  const scope = siteId ? { studyId, siteId } : { studyId };
  const allowed = new Map<string, boolean>();
  for (const field of FEED_SUBJECT_FIELDS) {
    allowed.set(field, hasPermission(user, SUBJECT_FIELD_VIEW_PERMISSIONS[field], scope));
  }
  return (field) => allowed.get(field) ?? true;
}

/**
 * A copy of a change's data with every restricted subject field and trial group the reader may not
 * see replaced by REDACTED, at any depth (a payload may carry them anywhere: a subject snapshot, an
 * enrollment's trialGroup once randomization writes one).
 */
export function redactFeedData(value: unknown, canSee: (field: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => redactFeedData(item, canSee));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const restricted = hasOwn(SUBJECT_FIELD_VIEW_PERMISSIONS, key);
    copy[key] = restricted && !canSee(key) ? REDACTED : redactFeedData(item, canSee);
  }
  return copy;
}

const IdSchema = z.string().regex(/^[0-9a-f]{24}$/);

export const FeedParamsSchema = z.object({ studyId: IdSchema });

/** `GET /api/studies/{studyId}/feed?cursor=&limit=&kinds=`. */
export const FeedQuerySchema = z.object({
  /** The `nextCursor` of the previous page; absent or empty: from the start. */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_MAX_LIMIT).default(FEED_DEFAULT_LIMIT),
  /** Comma-separated kinds (answer, query, ae); absent: every kind the caller may read. */
  kinds: z.string().max(40).optional(),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

/** Who made the change; the name (as the audit trail recorded it) only for readers with AUDIT_VIEW. */
export const FeedActorSchema = z.object({
  type: z.string(),
  id: z.string().nullable(),
  name: z.string().nullable(),
});

/** One change: where it stands in the study's chain, what it was, where, and the entity's data after it. */
export const FeedChangeSchema = z.object({
  /** The change's position in the study's audit chain: increasing, never reused. */
  position: z.number().int(),
  kind: z.enum(FEED_KINDS),
  /** The audit action (QUESTIONNAIRE_SUBMITTED, QUERY_CLOSED, AE_SIGNED, ...). */
  action: z.string(),
  /** When the change was made (server time, ISO 8601 UTC). */
  at: z.string(),
  actor: FeedActorSchema,
  /** The changed entity: the filled form (answer), the query, the AE or AE report. */
  entityId: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** The subject id staff see (not an identifiable field). */
  patientId: z.string().nullable(),
  enrollmentId: z.string().nullable(),
  siteId: z.string().nullable(),
  /** The filled form the change is about (answers and queries), its form, data event and question. */
  questionnaireId: z.string().nullable(),
  formId: z.string().nullable(),
  dataEventId: z.string().nullable(),
  questionId: z.string().nullable(),
  reason: z.string().nullable(),
  /** Restricted subject fields and the trial group as the caller may see them (REDACTED otherwise). */
  subject: z.record(z.string(), z.unknown()).nullable(),
  /** The entity's data after the change as the audit trail recorded it (answers: the changed ones by question id). */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type FeedChange = z.infer<typeof FeedChangeSchema>;

export const FeedPageSchema = z.object({
  changes: z.array(FeedChangeSchema),
  /** Pass it as `cursor` to get what follows; kept when nothing new came. */
  nextCursor: z.string(),
  /** True when more changes are ready now: ask again at once. */
  hasMore: z.boolean(),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;
