/**
 * Process authoring limits (spec 001 §5 "Process"): name, consent and intro texts,
 * unscheduled event forms, target inclusion, trial groups, stratification, data events.
 */

import { authoringIssue, checkLocalizedText, checkPlainText } from '../authoring/issues';
import type { FieldIssue } from '../common/errors';
import {
  type DataEvent,
  FORM_DATA_EVENT_TYPES,
  MIN_TRIAL_GROUPS,
  PROCESS_NAME_MAX,
  PROCESS_RICH_TEXT_MAX,
  type Process,
  TRIAL_GROUP_TITLE_MAX,
} from './model';

/** Limits the spec says are configured rather than fixed (001 §9): plan event limit, stratifications. */
export type ProcessLimits = { maxDataEvents?: number; maxStratifications?: number };

const DIGITS_ONLY = /^\d+$/;

/** Spec 001 §5: every problem of a process definition, with field paths. */
export function validateProcess(process: Process, limits: ProcessLimits = {}): FieldIssue[] {
  return [
    ...checkPlainText(['pathwayName'], process.pathwayName, { isRequired: true, max: PROCESS_NAME_MAX }),
    ...checkLocalizedText(['consentText'], process.consentText, {
      isRequired: process.consentRequired,
      max: PROCESS_RICH_TEXT_MAX,
    }),
    ...checkLocalizedText(['publicIntroText'], process.publicIntroText, {
      isRequired: process.publicIntroTextEnabled,
      max: PROCESS_RICH_TEXT_MAX,
    }),
    ...validateUnscheduledForms(process),
    ...validateRandomization(process, limits),
    ...validateDataEvents(process, limits),
  ];
}

function hasEventOfType(process: Process, type: DataEvent['type']): boolean {
  return process.dataEvents.some((e) => e.type === type);
}

/** Spec 001 §5: unexpected needs a mandatory or optional form; discontinued and external need selected forms. */
function validateUnscheduledForms(process: Process): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { unexpectedVisit, discontinueDataEvent, externalDataEvent } = process;
  if (
    (process.unexpected || hasEventOfType(process, 'TYPE_UNEXPECTED')) &&
    unexpectedVisit.selectedQts.length + unexpectedVisit.selectedOptionalQts.length === 0
  ) {
    issues.push(authoringIssue(['unexpectedVisit', 'selectedQts'], 'REQUIRED'));
  }
  if (
    (process.discontinued || hasEventOfType(process, 'TYPE_DISCONTINUED')) &&
    discontinueDataEvent.selectedQts.length === 0
  ) {
    issues.push(authoringIssue(['discontinueDataEvent', 'selectedQts'], 'REQUIRED'));
  }
  if (
    (process.externalDE || hasEventOfType(process, 'TYPE_EXTERNAL')) &&
    externalDataEvent.selectedQts.length === 0
  ) {
    issues.push(authoringIssue(['externalDataEvent', 'selectedQts'], 'REQUIRED'));
  }
  return issues;
}

/** Spec 001 §5: target inclusion, at least two titled trial groups, stratification choices. */
function validateRandomization(process: Process, limits: ProcessLimits): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const target = process.targetInclusion?.trim() ?? '';
  if (target !== '' && !DIGITS_ONLY.test(target)) issues.push(authoringIssue(['targetInclusion'], 'PATTERN'));
  if (!process.randomization) return issues;
  if (target === '') issues.push(authoringIssue(['targetInclusion'], 'REQUIRED'));
  else if (DIGITS_ONLY.test(target) && Number(target) < process.trialGroups.length) {
    issues.push(
      authoringIssue(['targetInclusion'], 'MIN_TARGET_INCLUSION', { min: process.trialGroups.length }),
    );
  }
  if (process.trialGroups.length < MIN_TRIAL_GROUPS) {
    issues.push(authoringIssue(['trialGroups'], 'TOO_FEW', { min: MIN_TRIAL_GROUPS }));
  }
  process.trialGroups.forEach((group, i) => {
    issues.push(
      ...checkLocalizedText(['trialGroups', i, 'title'], group.title, {
        isRequired: true,
        max: TRIAL_GROUP_TITLE_MAX,
      }),
    );
  });
  if (process.stratifyBySite == null) issues.push(authoringIssue(['stratifyBySite'], 'REQUIRED'));
  issues.push(...validateStratifications(process, limits));
  return issues;
}

/** Spec 001 §5: each stratification needs a data event and a question; a question is used once. */
function validateStratifications(process: Process, limits: ProcessLimits): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { questionStratifications: list } = process;
  if (limits.maxStratifications !== undefined && list.length > limits.maxStratifications) {
    issues.push(authoringIssue(['questionStratifications'], 'TOO_MANY', { max: limits.maxStratifications }));
  }
  const seen = new Set<string>();
  list.forEach((s, i) => {
    const path = ['questionStratifications', i];
    if (!s.dataEvent) issues.push(authoringIssue([...path, 'dataEvent'], 'REQUIRED'));
    else if (!process.dataEvents.some((e) => e.id === s.dataEvent)) {
      issues.push(authoringIssue([...path, 'dataEvent'], 'UNKNOWN_REFERENCE'));
    }
    if (!s.question) issues.push(authoringIssue([...path, 'question'], 'REQUIRED'));
    else if (seen.has(s.question)) issues.push(authoringIssue([...path, 'question'], 'DUPLICATE'));
    else seen.add(s.question);
  });
  return issues;
}

/** Data event settings: unique ids, names, forms, consent PDF, non-negative delays, reminder sense. */
function validateDataEvents(process: Process, limits: ProcessLimits): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (limits.maxDataEvents !== undefined && process.dataEvents.length > limits.maxDataEvents) {
    issues.push(authoringIssue(['dataEvents'], 'TOO_MANY', { max: limits.maxDataEvents }));
  }
  const ids = new Set<string>();
  process.dataEvents.forEach((event, i) => {
    const path = ['dataEvents', i];
    if (ids.has(event.id)) issues.push(authoringIssue([...path, 'id'], 'DUPLICATE'));
    ids.add(event.id);
    issues.push(...validateDataEvent(event, i, path));
  });
  return issues;
}

/** One data event: name, forms, consent PDF, delays and reminders (spec 000 §3 settings). */
export function validateDataEvent(
  event: DataEvent,
  index: number,
  path: (string | number)[] = [],
): FieldIssue[] {
  const issues = checkLocalizedText([...path, 'name'], event.name, {
    isRequired: true,
    max: PROCESS_RICH_TEXT_MAX,
  });
  if ((FORM_DATA_EVENT_TYPES as readonly string[]).includes(event.type) && event.forms.length === 0) {
    issues.push(authoringIssue([...path, 'forms'], 'REQUIRED'));
  }
  if (event.type === 'TYPE_ECONSENT') {
    const name = event.consentFile?.fileName ?? '';
    if (name === '') issues.push(authoringIssue([...path, 'consentFile'], 'REQUIRED'));
    else if (!name.toLowerCase().endsWith('.pdf'))
      issues.push(authoringIssue([...path, 'consentFile', 'fileName'], 'PATTERN'));
  }
  if (index === 0 && (event.referenceDate === 'PREVIOUS' || event.referenceDate === 'PREVIOUS_COMPLETE')) {
    issues.push(authoringIssue([...path, 'referenceDate'], 'NOT_ALLOWED'));
  }
  for (const field of ['offsetDays', 'offsetHours'] as const) {
    if (event[field] < 0) issues.push(authoringIssue([...path, field], 'OUT_OF_RANGE', { min: 0 }));
  }
  const { expiry } = event;
  if (expiry.days < 0 || expiry.hours < 0)
    issues.push(authoringIssue([...path, 'expiry'], 'OUT_OF_RANGE', { min: 0 }));
  else if (expiry.type === 'EXPIRE_AFTER_ACTIVATION' && expiry.days + expiry.hours === 0) {
    issues.push(authoringIssue([...path, 'expiry'], 'REQUIRED'));
  }
  event.reminders.forEach((reminder, r) => {
    const at = [...path, 'reminders', r];
    if (reminder.days < 0 || reminder.hours < 0) issues.push(authoringIssue(at, 'OUT_OF_RANGE', { min: 0 }));
    if (reminder.kind === 'BEFORE_EXPIRY' && expiry.type === 'EXPIRE_NEVER') {
      issues.push(authoringIssue([...at, 'kind'], 'NOT_ALLOWED'));
    }
  });
  return issues;
}
