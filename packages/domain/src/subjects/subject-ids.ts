/**
 * Subject id automation (spec 000 §3 "Subject id automation types", 001 §7 expectedSubjectId).
 * The spec names the four types but not the formats; ours, chosen to sort and read well:
 * - siteIdSiteNum: site number, dash, the subject's number at that site  → `07-001`
 * - siteIdStudyNum: site number, dash, the subject's number in the study → `07-0042`
 * - studyNum: the subject's number in the study                          → `0042`
 * - manual: staff type the id; nothing is suggested.
 * Numbers continue from the highest one already used, so a deleted subject's id is not
 * handed out again while a higher one exists, and hand-typed ids of another shape are ignored.
 */
import type { SubjectIdAutomationType } from './model';

const SITE_PAD = 2;
const SITE_NUMBER_PAD = 3;
const STUDY_NUMBER_PAD = 4;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Spec 000 §3: the site part of an automated subject id. */
export function siteIdPrefix(siteNumber: number): string {
  return pad(siteNumber, SITE_PAD);
}

function highest(ids: readonly string[], pattern: RegExp): number {
  let max = 0;
  for (const id of ids) {
    const match = pattern.exec(id);
    if (match?.[1]) max = Math.max(max, Number(match[1]));
  }
  return max;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export type SubjectIdInput = {
  type: SubjectIdAutomationType;
  siteNumber: number;
  /** Subject ids already used at the site (for siteIdSiteNum). */
  siteSubjectIds: readonly string[];
  /** Subject ids already used in the study (for siteIdStudyNum and studyNum). */
  studySubjectIds: readonly string[];
};

/** The last number used under the automation and how to write the next ones; null when manual. */
function sequenceOf(input: SubjectIdInput): { last: number; format: (n: number) => string } | null {
  const prefix = siteIdPrefix(input.siteNumber);
  switch (input.type) {
    case 'manual':
      return null;
    case 'siteIdSiteNum':
      return {
        last: highest(input.siteSubjectIds, new RegExp(`^${escapeRegExp(prefix)}-(\\d+)$`)),
        format: (n) => `${prefix}-${pad(n, SITE_NUMBER_PAD)}`,
      };
    case 'siteIdStudyNum':
      return {
        last: highest(input.studySubjectIds, /^\d+-(\d+)$/),
        format: (n) => `${prefix}-${pad(n, STUDY_NUMBER_PAD)}`,
      };
    case 'studyNum':
      return { last: highest(input.studySubjectIds, /^(\d+)$/), format: (n) => pad(n, STUDY_NUMBER_PAD) };
    default: {
      const never: never = input.type;
      return never;
    }
  }
}

/** Spec 000 §3 / 001 §7: the id the next subject gets under the study's automation; null when manual. */
export function nextSubjectId(input: SubjectIdInput): string | null {
  return nextSubjectIds(input, 1)[0] ?? null;
}

/**
 * The ids a batch of `count` new subjects gets, in order (spec 000 §3, import): each one
 * as if the previous ones were already stored. Empty when ids are typed by hand.
 */
export function nextSubjectIds(input: SubjectIdInput, count: number): string[] {
  const sequence = sequenceOf(input);
  if (!sequence) return [];
  return Array.from({ length: count }, (_, i) => sequence.format(sequence.last + i + 1));
}
