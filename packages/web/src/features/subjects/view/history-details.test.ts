import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../app/format';
import da from '../../../locales/da/subjects.json';
import en from '../../../locales/en/subjects.json';
import { detailsText } from './history-text';

const ID = '6b032eda4bfbddef3af3a84d';

function translator(language: 'en' | 'da'): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { translation: en }, da: { translation: da } },
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.t;
}
const t = translator('en');

describe('record history details in words (spec 001 §2 record history, issue 12 item 7)', () => {
  it('names answers by their question and leaves internal ids out', () => {
    const text = detailsText(
      t,
      {
        entityType: 'QUESTIONNAIRE',
        summary: 'unused',
        changes: [
          { field: 'answers.q-systolic', label: 'Systolic pressure', before: '120', after: '135' },
          { field: 'tokenId', before: null, after: ID },
          { field: `formVersions.${ID}.major`, before: null, after: '1' },
          { field: 'recordedBy', before: null, after: ID },
          { field: 'outboxIds', before: null, after: '[]' },
          { field: 'status', before: null, after: 'STATUS_NOT_STARTED' },
        ],
      },
      'en',
    );
    expect(text).toBe('Systolic pressure: 120 → 135; Status: Not started');
  });

  it('shows token kinds, statuses, channels and times as words, not codes', () => {
    const at = '2026-11-22T18:05:35.426Z';
    const text = detailsText(
      t,
      {
        entityType: 'TOKEN',
        summary: '',
        changes: [
          { field: 'type', before: null, after: 'HP' },
          { field: 'status', before: 'NOT_ACTIVE', after: 'UNUSED' },
          { field: 'activatedAt', before: null, after: at },
          { field: 'kind', before: null, after: `RESEND:${ID}` },
          { field: 'channels', before: null, after: '[{"channel":"EMAIL","sent":true}]' },
          { field: 'locked', before: 'false', after: 'true' },
        ],
      },
      'en',
    );
    expect(text).toBe(
      `Kind: Staff visit; Status: Not active yet → Open; Opened: ${formatDateTime(at)}; Message: Link sent again; Sent by: Email; Locked: No → Yes`,
    );
  });

  it('labels subject fields and the gender code, in the reader’s language', () => {
    const entry = {
      entityType: 'SUBJECT',
      summary: '',
      changes: [
        { field: 'attributes.gender', before: null, after: '1' },
        { field: 'attributes.dateOfBirth', before: 'x', after: null },
      ],
    };
    expect(detailsText(t, entry, 'en')).toBe('Gender: Male; Date of birth: x → —');
    expect(detailsText(translator('da'), entry, 'da')).toBe(
      `${da.SUBJECTS.FIELDS.gender}: ${da.SUBJECTS.GENDER.MALE}; ${da.SUBJECTS.FIELDS.dateOfBirth}: x → —`,
    );
  });

  it('names an unknown field readably and falls back to the server summary without changes', () => {
    expect(
      detailsText(
        t,
        { entityType: 'ENROLLMENT', summary: '', changes: [{ field: 'trialArm', before: null, after: 'B' }] },
        'en',
      ),
    ).toBe('Trial arm: B');
    expect(detailsText(t, { entityType: 'SUBJECT', summary: 'Subject deleted', changes: [] }, 'en')).toBe(
      'Subject deleted',
    );
  });
});
