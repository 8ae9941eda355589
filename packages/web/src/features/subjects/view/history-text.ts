import type { SubjectHistoryEntry } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../app/format';
import { fieldLabel, genderText, translateKey } from '../display';

type Change = SubjectHistoryEntry['changes'][number];
export type HistoryTextEntry = Pick<SubjectHistoryEntry, 'changes' | 'summary' | 'entityType'>;

const ID_PATTERN = /^[0-9a-f]{24}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
const UNSCHEDULED_TYPES = ['TYPE_UNEXPECTED', 'TYPE_DISCONTINUED', 'TYPE_EXTERNAL'];

/** Internal ids mean nothing to a reader: fields named `…Id(s)`, keyed by an id, or holding one. */
function isIdChange(change: Change): boolean {
  return (
    /(^|\.)[A-Za-z]*Ids?$/.test(change.field) ||
    /[0-9a-f]{24}/.test(change.field) ||
    ID_PATTERN.test(change.before ?? '') ||
    ID_PATTERN.test(change.after ?? '')
  );
}

/** A translation when the key exists, else null. */
function known(t: TFunction, key: string): string | null {
  const text = translateKey(t, key);
  return text === key ? null : text;
}

/** `someField` → "Some field": a readable fallback for a field this screen does not name yet. */
function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The field in words: the server's label (a question's text), a subject field, or a known field. */
export function fieldText(t: TFunction, entry: HistoryTextEntry, change: Change): string {
  if (change.label) return change.label;
  const parts = change.field.split('.');
  const last = parts[parts.length - 1] ?? change.field;
  if (parts[0] === 'attributes' || entry.entityType === 'SUBJECT') {
    const name = parts[0] === 'attributes' ? (parts[1] ?? last) : (parts[0] ?? last);
    const label = fieldLabel(t, name);
    if (label !== name) return label;
  }
  if (parts[0] === 'answers') return last;
  return known(t, `SUBJECTS.HISTORY.FIELDS.${change.field}`) ?? humanize(last);
}

function channelsText(t: TFunction, value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return value;
    const names = parsed
      .map((item) => {
        if (typeof item === 'string') return item;
        const c = item as { channel?: unknown; sent?: unknown };
        return c.sent === false || typeof c.channel !== 'string' ? null : c.channel;
      })
      .filter((c): c is string => c !== null)
      .map((c) => known(t, `SUBJECTS.TOKEN_ACTIONS.CHANNELS.${c}`) ?? c);
    return names.length > 0 ? names.join(', ') : t('SUBJECTS.HISTORY.EMPTY_LIST');
  } catch {
    return value;
  }
}

function languageName(code: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function statusText(t: TFunction, entityType: string, value: string): string | null {
  if (entityType === 'TOKEN') return known(t, `SUBJECTS.TOKEN_STATUS.${value}`);
  if (entityType === 'ENROLLMENT') return known(t, `SUBJECTS.ENROLLMENT_STATUS.${value}`);
  return known(t, `SUBJECTS.HISTORY.FORM_STATUS.${value}`);
}

/** One value in words: statuses, kinds, channels, gender, languages, yes/no and times. */
export function valueText(
  t: TFunction,
  entry: HistoryTextEntry,
  field: string,
  value: string | null,
  uiLanguage: string,
): string {
  if (value === null) return '—';
  const last = field.split('.').pop() ?? field;
  let text: string | null = null;
  if (last === 'status') text = statusText(t, entry.entityType, value);
  else if (last === 'type')
    text = UNSCHEDULED_TYPES.includes(value)
      ? known(t, `SUBJECTS.UNSCHEDULED.TYPES.${value}`)
      : known(t, `SUBJECTS.HISTORY.TOKEN_TYPES.${value}`);
  else if (last === 'kind') text = known(t, `SUBJECTS.HISTORY.KINDS.${value.split(':')[0]}`);
  else if (last === 'channels') text = channelsText(t, value);
  else if (last === 'gender' && /^\d$/.test(value)) text = genderText(t, Number(value));
  else if (last === 'language' && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(value))
    text = languageName(value, uiLanguage);
  else if (value === 'true') text = t('SUBJECTS.HISTORY.YES');
  else if (value === 'false') text = t('SUBJECTS.HISTORY.NO');
  else if (ISO_TIME.test(value)) text = formatDateTime(value);
  else if (/^[A-Z]+(_[A-Z]+)*$/.test(value)) text = statusText(t, entry.entityType, value);
  return text ?? value;
}

/**
 * What changed, for reading (spec 001 §2 record history): each field by its label, each value in
 * words, internal ids left out (`Gender: Male; Status: Open → Completed`); the server's one-line
 * summary when it lists no field changes.
 */
export function detailsText(t: TFunction, entry: HistoryTextEntry, uiLanguage: string): string {
  if (entry.changes.length === 0) return entry.summary;
  return entry.changes
    .filter((change) => !isIdChange(change))
    .map((change) => {
      const label = fieldText(t, entry, change);
      const after = valueText(t, entry, change.field, change.after, uiLanguage);
      return change.before === null
        ? `${label}: ${after}`
        : `${label}: ${valueText(t, entry, change.field, change.before, uiLanguage)} → ${after}`;
    })
    .join('; ');
}
