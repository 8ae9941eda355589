/**
 * Process locks (spec 001 §4 "Process locks"): which parts of a process may change in the study's
 * current status and with the data already captured, and the check a save runs against them.
 */
import type { FieldIssue } from '../common/errors';
import type { StudyStatus } from '../studies/model';
import { studyEditScope } from '../studies/state-machine';
import { DataEventSchema, type Process, ProcessSchema } from './model';
import { type AddEventBlock, PROCESS_DERIVED_FIELDS, type ProcessLocks } from './schemas';

/**
 * Process fields that make up its structure (spec 001 §4 "in production many process fields are
 * locked"): the process type, the unscheduled switches and their forms, randomization and its
 * groups and stratification. Names, consent and public texts, languages and the public sign-up
 * settings stay editable while the study's settings are.
 */
export const PROCESS_STRUCTURE_FIELDS = [
  'recruitment',
  'unexpected',
  'unexpectedVisit',
  'discontinued',
  'discontinueDataEvent',
  'externalDE',
  'externalDataEvent',
  'externalSignup',
  'randomization',
  'trialGroups',
  'stratifyBySite',
  'questionStratifications',
] as const;

/**
 * Data event fields that make up the schedule (spec 001 §4): type, forms, reference date, offsets,
 * expiry and the send-out channel. Texts, reminders, one-time password and footer links stay editable.
 */
export const DATA_EVENT_STRUCTURE_FIELDS = [
  'type',
  'forms',
  'optionalForms',
  'referenceDate',
  'offsetDays',
  'offsetHours',
  'expiry',
  'sendAs',
] as const;

/** Spec 001 §4: the switch each kind of recorded unscheduled event locks. */
const USAGE_SWITCHES = [
  ['unexpected', 'unexpected'],
  ['discontinued', 'discontinued'],
  ['external', 'externalDE'],
] as const;

/** Spec 001 §4: recruitment processes lock the unscheduled switches and the public switch. */
const RECRUITMENT_LOCKED = ['unexpected', 'discontinued', 'externalDE', 'public'] as const;

const derived = new Set<string>(PROCESS_DERIVED_FIELDS);
const ALL_PROCESS_FIELDS = Object.keys(ProcessSchema.shape).filter((k) => k !== 'id' && !derived.has(k));
const ALL_EVENT_FIELDS = Object.keys(DataEventSchema.shape).filter((k) => k !== 'id');

/** What `processLocks` looks at. */
export type ProcessLocksInput = {
  studyStatus: StudyStatus;
  process: Pick<
    Process,
    | 'fullyEditable'
    | 'recruitment'
    | 'randomization'
    | 'hasRandomizationOnProcess'
    | 'didUploadCustomRandomizationList'
  >;
  /** Unscheduled events recorded in the process's enrollments, per kind. */
  usage: { unexpected: number; discontinued: number; external: number };
  /** The plan's accumulated event limit across the study's processes; null = unlimited. */
  eventLimit: ProcessLocks['eventLimit'];
  /** The stored process passes `validateProcess`. */
  isValid: boolean;
  /** The study has an email or mobile number to send surveys to. */
  hasContactChannel: boolean;
};

/**
 * Spec 001 §4 "Process locks": production (and test) lock the structure; an amendment locks it unless
 * the process is fully editable; used unscheduled switches, recruitment switches and a randomization
 * with an uploaded list lock their switches; trial groups and adding events have their own rules.
 */
export function processLocks(input: ProcessLocksInput): ProcessLocks {
  const { studyStatus, process, usage } = input;
  const scope = studyEditScope(studyStatus);
  const isReadOnly = !scope.settings;
  const isAmendmentLocked = scope.structure === 'FULLY_EDITABLE_ONLY' && !process.fullyEditable;
  const isStructureLocked = isReadOnly || scope.structure === 'NONE' || isAmendmentLocked;
  const hasRandomization = process.randomization || process.hasRandomizationOnProcess;
  const canChangeTrialGroups =
    !isStructureLocked &&
    !(hasRandomization && (studyStatus === 'AMENDMENT' || studyStatus === 'PRODUCTION'));

  const locked = new Set<string>(
    isReadOnly ? ALL_PROCESS_FIELDS : isStructureLocked ? PROCESS_STRUCTURE_FIELDS : [],
  );
  if (!process.fullyEditable) {
    for (const [kind, field] of USAGE_SWITCHES) if (usage[kind] > 0) locked.add(field);
  }
  if (process.recruitment) for (const field of RECRUITMENT_LOCKED) locked.add(field);
  if (process.didUploadCustomRandomizationList) locked.add('randomization');
  if (!canChangeTrialGroups) locked.add('trialGroups');

  const addEventBlockedBy = addEventBlock(input, isReadOnly, scope.structure === 'NONE', isAmendmentLocked);
  return {
    isReadOnly,
    isStructureLocked,
    lockedFields: ALL_PROCESS_FIELDS.filter((f) => locked.has(f)),
    lockedEventFields: isReadOnly
      ? ALL_EVENT_FIELDS
      : isStructureLocked
        ? [...DATA_EVENT_STRUCTURE_FIELDS]
        : [],
    canAddEvent: addEventBlockedBy === null,
    addEventBlockedBy,
    canRemoveEvents: !isStructureLocked,
    canReorderEvents: !isStructureLocked,
    canChangeTrialGroups,
    eventLimit: input.eventLimit,
  };
}

/**
 * Spec 001 §4 "Adding an event is disabled when the form is invalid, in production, when the plan's
 * event limit is reached, when no email or mobile number is available, or in some amendment cases".
 * PRODUCTION also stands for test (both lock structure, spec 001 §4 study status).
 */
function addEventBlock(
  input: ProcessLocksInput,
  isReadOnly: boolean,
  isProduction: boolean,
  isAmendmentLocked: boolean,
): AddEventBlock | null {
  if (isReadOnly) return 'READ_ONLY';
  if (isProduction) return 'PRODUCTION';
  if (isAmendmentLocked) return 'AMENDMENT';
  if (input.eventLimit && input.eventLimit.used >= input.eventLimit.max) return 'PLAN_LIMIT';
  if (!input.hasContactChannel) return 'NO_CONTACT';
  if (!input.isValid) return 'INVALID';
  return null;
}

/** Key order independent JSON, so equal values parsed by different paths compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

function isSame(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** What of a field counts as a change under its lock (unscheduled selections: their forms, not their id). */
function lockedValue(process: Process, field: string, isReadOnly: boolean): unknown {
  const value = (process as Record<string, unknown>)[field];
  if (isReadOnly) return value;
  if (field === 'trialGroups') return process.trialGroups.length;
  if (field === 'unexpectedVisit' || field === 'discontinueDataEvent' || field === 'externalDataEvent') {
    const { selectedQts, selectedOptionalQts } = value as Process['unexpectedVisit'];
    return { selectedQts, selectedOptionalQts };
  }
  return value;
}

function lockIssue(path: (string | number)[], params?: Record<string, string>): FieldIssue {
  return params ? { path, message: 'LOCKED', params } : { path, message: 'LOCKED' };
}

/** Spec 001 §4: events added, removed or moved while the locks forbid it. */
function eventListIssues(before: Process, after: Process, locks: ProcessLocks): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const beforeIds = before.dataEvents.map((e) => e.id);
  const afterIds = new Set(after.dataEvents.map((e) => e.id));
  const added = after.dataEvents.filter((e) => !beforeIds.includes(e.id));
  // PLAN_LIMIT is enforced as TOO_MANY on the whole study's events, INVALID by validating the save
  // itself; NO_CONTACT matters only for an event that sends something out.
  const blocksAdding =
    locks.addEventBlockedBy !== null &&
    locks.addEventBlockedBy !== 'PLAN_LIMIT' &&
    locks.addEventBlockedBy !== 'INVALID' &&
    (locks.addEventBlockedBy !== 'NO_CONTACT' || added.some((e) => e.sendAs !== 'NO_SEND_OUT'));
  if (added.length > 0 && blocksAdding) {
    issues.push(lockIssue(['dataEvents'], { change: 'ADD', reason: locks.addEventBlockedBy ?? '' }));
  }
  if (!locks.canRemoveEvents && beforeIds.some((id) => !afterIds.has(id))) {
    issues.push(lockIssue(['dataEvents'], { change: 'REMOVE' }));
  }
  const kept = after.dataEvents.map((e) => e.id).filter((id) => beforeIds.includes(id));
  const keptBefore = beforeIds.filter((id) => afterIds.has(id));
  if (!locks.canReorderEvents && !isSame(kept, keptBefore)) {
    issues.push(lockIssue(['dataEvents'], { change: 'REORDER' }));
  }
  return issues;
}

/**
 * Spec 001 §4: every change from `before` to `after` that the locks forbid, as a LOCKED issue at the
 * changed field (`['unexpected']`, `['dataEvents', 2, 'referenceDate']`, `['dataEvents']` for adding,
 * removing or reordering events, `['trialGroups']` for adding or removing groups).
 */
export function assertProcessChangeAllowed(
  before: Process,
  after: Process,
  locks: ProcessLocks,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of locks.lockedFields) {
    if (field === 'dataEvents') continue;
    const [was, is] = [before, after].map((p) => lockedValue(p, field, locks.isReadOnly));
    if (!isSame(was, is)) issues.push(lockIssue([field]));
  }
  if (locks.isReadOnly && !isSame(before.dataEvents, after.dataEvents)) {
    issues.push(lockIssue(['dataEvents']));
    return issues;
  }
  issues.push(...eventListIssues(before, after, locks));
  const beforeById = new Map(before.dataEvents.map((e) => [e.id, e]));
  after.dataEvents.forEach((event, i) => {
    const old = beforeById.get(event.id);
    if (!old) return;
    for (const field of locks.lockedEventFields) {
      const key = field as keyof typeof event;
      if (!isSame(old[key], event[key])) issues.push(lockIssue(['dataEvents', i, field]));
    }
  });
  return issues;
}
