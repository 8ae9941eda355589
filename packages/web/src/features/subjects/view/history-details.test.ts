import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../app/format';
import { detailsText } from './history-tab';

const ID = '6b032eda4bfbddef3af3a84d';

describe('record history details (spec 001 §2 record history)', () => {
  it('lists the changed fields as before → after, without internal ids', () => {
    const text = detailsText({
      summary: 'unused',
      changes: [
        { field: 'answers.q-systolic', before: '120', after: '135' },
        { field: 'tokenId', before: null, after: ID },
        { field: `formVersions.${ID}.major`, before: null, after: '1' },
        { field: 'recordedBy', before: null, after: ID },
        { field: 'outboxIds', before: null, after: '[]' },
        { field: 'type', before: null, after: 'TYPE_UNEXPECTED' },
      ],
    });
    expect(text).toBe('answers.q-systolic: 120 → 135; type: TYPE_UNEXPECTED');
  });

  it('shows times in the display format and a cleared value as a dash', () => {
    const at = '2026-11-22T18:05:35.426Z';
    expect(
      detailsText({
        summary: '',
        changes: [
          { field: 'activatedAt', before: null, after: at },
          { field: 'reason', before: 'DEATH', after: null },
        ],
      }),
    ).toBe(`activatedAt: ${formatDateTime(at)}; reason: DEATH → —`);
  });

  it('falls back to the server summary when no field changes are listed', () => {
    expect(detailsText({ summary: 'Subject deleted', changes: [] })).toBe('Subject deleted');
  });
});
