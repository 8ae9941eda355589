import type { DataFilterOptions } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { choicesFor, EMPTY_DRAFT, isComplete, toFilter, withField, withKind } from './filters/filter-model';
import { formatStudyMonth, recruitmentByMonth } from './reports/recruitment';

const SITE = '00000000-0000-4000-8000-000000000001';
const FORM = '00000000-0000-4000-8000-000000000002';
const OTHER_FORM = '00000000-0000-4000-8000-000000000003';
const PROCESS = '00000000-0000-4000-8000-000000000004';

const options: DataFilterOptions = {
  hasSites: true,
  hasProcesses: true,
  sites: [{ id: SITE, name: 'Aarhus', siteNumber: 1 }],
  processes: [
    {
      id: PROCESS,
      name: 'Visits',
      dataEvents: [
        { id: 'e1', name: { en: 'Baseline' }, type: 'TYPE_USER', formIds: [FORM] },
        { id: 'e2', name: { en: 'Follow-up' }, type: 'TYPE_USER', formIds: [OTHER_FORM] },
      ],
    },
  ],
  forms: [
    {
      id: FORM,
      name: 'Vitals',
      questions: [
        { id: 'q1', order: 1, text: { en: 'Systolic' }, type: 'NUMBER', possibilities: [] },
        {
          id: 'q2',
          order: 2,
          text: { en: 'Smoker?' },
          type: 'YES_NO',
          possibilities: [
            { id: 'yes', text: { en: 'Yes' } },
            { id: 'no', text: { en: 'No' } },
          ],
        },
      ],
    },
    { id: OTHER_FORM, name: 'Notes', questions: [] },
  ],
};
const text = { text: (t: Record<string, string | undefined> | null | undefined) => t?.en ?? '' };

describe('spec 001 §2 data filter forms: cascading selects, all required before apply', () => {
  it('needs every select of the kind before applying, and no select for no filter', () => {
    expect(isComplete(EMPTY_DRAFT)).toBe(true);
    let draft = withKind(EMPTY_DRAFT, 'ANSWER');
    expect(isComplete(draft)).toBe(false);
    for (const [field, value] of [
      ['siteId', SITE],
      ['dataEventId', 'e1'],
      ['formId', FORM],
      ['questionId', 'q2'],
    ] as const) {
      draft = withField(draft, field, value);
      expect(isComplete(draft)).toBe(false);
    }
    draft = withField(draft, 'possibilityId', 'yes');
    expect(isComplete(draft)).toBe(true);
    expect(toFilter(draft)).toEqual({
      kind: 'ANSWER',
      siteId: SITE,
      dataEventId: 'e1',
      formId: FORM,
      questionId: 'q2',
      possibilityId: 'yes',
    });
  });

  it('clears every later select when an earlier one changes', () => {
    let draft = withKind(EMPTY_DRAFT, 'ANSWER');
    draft = withField(withField(withField(draft, 'siteId', SITE), 'dataEventId', 'e1'), 'formId', FORM);
    draft = withField(withField(draft, 'questionId', 'q2'), 'possibilityId', 'yes');
    const changed = withField(draft, 'dataEventId', 'e2');
    expect(changed).toMatchObject({
      siteId: SITE,
      dataEventId: 'e2',
      formId: '',
      questionId: '',
      possibilityId: '',
    });
  });

  it('offers the forms of the chosen data event with a choice question, its choice questions and their possibilities', () => {
    let draft = withField(withField(withKind(EMPTY_DRAFT, 'ANSWER'), 'siteId', SITE), 'dataEventId', 'e1');
    let choices = choicesFor(options, draft, text);
    expect(choices.dataEventId.map((c) => c.label)).toEqual(['Baseline', 'Follow-up']);
    expect(choices.formId.map((c) => c.value)).toEqual([FORM]);
    draft = withField(draft, 'formId', FORM);
    choices = choicesFor(options, draft, text);
    expect(choices.questionId).toEqual([{ value: 'q2', label: '2. Smoker?' }]);
    choices = choicesFor(options, withField(draft, 'questionId', 'q2'), text);
    expect(choices.possibilityId.map((c) => c.label)).toEqual(['Yes', 'No']);
    // A data event whose forms have no choice question offers no form.
    expect(choicesFor(options, withField(draft, 'dataEventId', 'e2'), text).formId).toEqual([]);
  });

  it('keeps the site when switching between kinds that have one, and builds each kind', () => {
    const bySite = withField(withKind(EMPTY_DRAFT, 'SITE'), 'siteId', SITE);
    expect(withKind(bySite, 'SITE_DATA_EVENT').siteId).toBe(SITE);
    expect(withKind(bySite, 'PATHWAY').siteId).toBe('');
    const pathway = withField(
      withField(withKind(EMPTY_DRAFT, 'PATHWAY_DATA_EVENT'), 'processId', PROCESS),
      'dataEventId',
      'e2',
    );
    expect(toFilter(pathway)).toEqual({ kind: 'PATHWAY_DATA_EVENT', processId: PROCESS, dataEventId: 'e2' });
    expect(toFilter(EMPTY_DRAFT)).toEqual({ kind: 'NONE' });
  });
});

describe('000 §2 site report: recruitment over time', () => {
  it('fills months without registrations and cumulates, for all sites or one', () => {
    const rows = [
      { month: '2026-05', siteId: 'a', count: 3 },
      { month: '2026-08', siteId: 'b', count: 2 },
      { month: '2026-08', siteId: 'a', count: 1 },
    ];
    expect(recruitmentByMonth(rows)).toEqual([
      { month: '2026-05', count: 3, cumulative: 3 },
      { month: '2026-06', count: 0, cumulative: 3 },
      { month: '2026-07', count: 0, cumulative: 3 },
      { month: '2026-08', count: 3, cumulative: 6 },
    ]);
    expect(recruitmentByMonth(rows, 'b')).toEqual([{ month: '2026-08', count: 2, cumulative: 2 }]);
    expect(recruitmentByMonth([])).toEqual([]);
    expect(
      recruitmentByMonth([
        { month: '2026-12', siteId: 'a', count: 1 },
        { month: '2027-01', siteId: 'a', count: 1 },
      ]).map((m) => m.month),
    ).toEqual(['2026-12', '2027-01']);
  });

  it('shows a month in the study date order without the day', () => {
    expect(formatStudyMonth('2026-05', 'DD-MM-YYYY')).toBe('05-2026');
    expect(formatStudyMonth('2026-05', 'YYYY-MM-DD')).toBe('2026-05');
    expect(formatStudyMonth('2026-05', 'MM/DD/YYYY')).toBe('05/2026');
  });
});
