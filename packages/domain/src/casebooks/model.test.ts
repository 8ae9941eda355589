import { describe, expect, it } from 'vitest';
import type { AccessUser } from '../access/check';
import { bidiRuns, hasRtlText, isolateBidi, isRtlLanguage } from './bidi';
import { canPrintCasebook, casebookFileName, casebookLanguages, tocPageCount } from './model';

const STUDY = 'a'.repeat(24);
const SITE = 'b'.repeat(24);
const OTHER_SITE = 'c'.repeat(24);

function member(
  role: 'INVESTIGATOR' | 'STUDY_HELPER' | 'MONITOR' | 'DOCTOR' | 'ADMIN',
  siteIds: string[] | 'ALL',
): AccessUser {
  return { systemPermissions: [], studyAccess: [{ studyId: STUDY, role, siteIds }] };
}

describe('canPrintCasebook (issue 27 item 4, docs/ROLES.md: who may view all of the record)', () => {
  it.each(['INVESTIGATOR', 'MONITOR', 'DOCTOR', 'ADMIN'] as const)('%s prints at its site', (role) => {
    expect(
      canPrintCasebook(member(role, [SITE]), { studyId: STUDY, siteId: SITE }, { medication: true }),
    ).toBe(true);
  });
  it('the study helper (no AE or medication view) does not', () => {
    const helper = member('STUDY_HELPER', 'ALL');
    expect(canPrintCasebook(helper, { studyId: STUDY, siteId: SITE }, { medication: false })).toBe(false);
  });
  it('a site-limited investigator does not print another site’s subject', () => {
    const pi = member('INVESTIGATOR', [SITE]);
    expect(canPrintCasebook(pi, { studyId: STUDY, siteId: OTHER_SITE }, { medication: false })).toBe(false);
  });
});

describe('casebook languages, file names and TOC pages', () => {
  it('offers the study languages with the primary first, once each', () => {
    expect(casebookLanguages({ primaryLanguage: 'da', languages: ['en', 'da', 'ar'] })).toEqual([
      'da',
      'en',
      'ar',
    ]);
  });
  it('keeps file names to safe characters', () => {
    expect(casebookFileName('casebook', 'S-01/../x y', 'he-il')).toBe('casebook-S-01_x_y-he-il.pdf');
  });
  it('counts TOC pages', () => {
    expect(tocPageCount(0, 30, 40)).toBe(1);
    expect(tocPageCount(30, 30, 40)).toBe(1);
    expect(tocPageCount(31, 30, 40)).toBe(2);
    expect(tocPageCount(71, 30, 40)).toBe(3);
  });
});

describe('bidiRuns (right-to-left lines in PDFs)', () => {
  it('keeps a left-to-right line as one run', () => {
    expect(bidiRuns('Weight 72 kg', false)).toEqual([{ text: 'Weight 72 kg', rtl: false, script: 'latin' }]);
  });
  it('puts an Arabic line with a number in visual order: the number stays left to right', () => {
    const runs = bidiRuns('الوزن 72 كغ', true);
    expect(runs).toEqual([
      { text: 'كغ', rtl: true, script: 'arabic' },
      { text: ' ', rtl: true, script: 'latin' },
      { text: '72', rtl: false, script: 'latin' },
      { text: ' ', rtl: true, script: 'latin' },
      { text: 'الوزن', rtl: true, script: 'arabic' },
    ]);
    expect(runs[0]?.text.trim()).toBe('كغ');
    expect(runs.at(-1)?.text.trim()).toBe('الوزن');
    expect(runs.some((r) => !r.rtl && r.text.includes('72'))).toBe(true);
  });
  it('gives Hebrew and Arabic their scripts (each has its font)', () => {
    expect(bidiRuns('שלום', true)[0]?.script).toBe('hebrew');
    const urdu = bidiRuns('یہ اردو ہے', true);
    expect(urdu.every((r) => r.rtl)).toBe(true);
    expect(urdu.filter((r) => r.script === 'arabic').map((r) => r.text)).toEqual(['ہے', 'اردو', 'یہ']);
  });
  it('puts a Latin word inside a left-to-right line with Arabic in the middle', () => {
    const runs = bidiRuns('Name: محمد (ID 7)', false);
    expect(runs.map((r) => r.text)).toEqual(['Name: ', 'محمد', ' (ID 7)']);
    expect(runs.map((r) => r.rtl)).toEqual([false, true, false]);
  });
  it('mirrors and reverses brackets that sit in right-to-left text', () => {
    const runs = bidiRuns('أُنشئ 26-11-2026 (Europe/Copenhagen)', true);
    expect(runs.map((r) => r.text)).toEqual(['26-11-2026 (Europe/Copenhagen)', ' ', 'أُنشئ']);
    const arabicInside = bidiRuns('Dose (جرعة)', true);
    expect(arabicInside.map((r) => r.text)).toEqual(['(', 'جرعة', ') ', 'Dose']);
  });
  it('keeps an isolated "Name <email>" whole in a right-to-left line (UAX #9 FSI … PDI)', () => {
    const actor = 'Jane Doe <jane@example.org>';
    // Without the isolate the closing angle bracket takes the line's direction and is drawn on the wrong side.
    const bare = bidiRuns(`26-11-2026 · ${actor} · تعديل`, true)
      .map((r) => r.text)
      .join('');
    expect(bare).not.toContain(actor);
    const runs = bidiRuns(`26-11-2026 · ${isolateBidi(actor)} · تعديل`, true);
    const drawn = runs.map((r) => r.text).join('');
    expect(drawn).toContain(actor);
    expect(drawn).not.toMatch(/[\u2066-\u2069]/);
    // Visual order, right to left: the date first (rightmost), then the actor, then the action (leftmost).
    expect(runs[0]?.text).toBe('تعديل');
    expect(drawn.indexOf(actor)).toBeLessThan(drawn.indexOf('26-11-2026'));
  });
  it('lays out an isolate by its own first strong letter, and an unclosed one to the end of the line', () => {
    const runs = bidiRuns(`By ${isolateBidi('محمد علي')}.`, false);
    expect(runs.map((r) => r.text)).toEqual(['By ', 'علي', ' ', 'محمد', '.']);
    expect(bidiRuns('Note \u2068abc', true).map((r) => r.text)).toEqual(['abc', ' ', 'Note']);
  });
  it('tells right-to-left languages and text', () => {
    expect(isRtlLanguage('he-il')).toBe(true);
    expect(isRtlLanguage('da')).toBe(false);
    expect(hasRtlText('abc')).toBe(false);
    expect(hasRtlText('abc ع')).toBe(true);
  });
});
