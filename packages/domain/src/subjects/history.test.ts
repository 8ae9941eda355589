import { describe, expect, it } from 'vitest';
import type { AccessUser } from '../access/check';
import { historySummaryText, redactHistoryValue, summarizeHistoryChanges } from './history';
import { REDACTED } from './model';

const STUDY = 's'.repeat(24);
const scope = { studyId: STUDY, siteId: 'a'.repeat(24) };
const monitor: AccessUser = {
  systemPermissions: [],
  studyAccess: [{ studyId: STUDY, role: 'MONITOR', siteIds: 'ALL' }],
};
const seesNames: AccessUser = {
  systemPermissions: [],
  studyAccess: [
    {
      studyId: STUDY,
      role: 'MONITOR',
      siteIds: 'ALL',
      permissions: ['PATIENT_VIEW_FIRST_NAME', 'PATIENT_VIEW_LAST_NAME'],
    },
  ],
};

describe('spec 000 §6 record history redaction', () => {
  const entry = {
    patientId: 'S-1',
    attributes: {
      firstName: 'Ada',
      lastName: 'King',
      email: 'ada@example.org',
      trialGroup: 'A',
      birthYear: 1990,
    },
    name: 'Ada King',
    answers: { q1: null },
  };

  it('redacts restricted fields at any depth for a viewer without the field permissions', () => {
    const shown = redactHistoryValue(entry, monitor, scope, { withName: true }) as typeof entry;
    expect(shown.attributes).toEqual({
      firstName: REDACTED,
      lastName: REDACTED,
      email: REDACTED,
      trialGroup: REDACTED,
      birthYear: 1990,
    });
    expect(shown.name).toBe(REDACTED);
    expect(shown.patientId).toBe('S-1');
    expect(shown.answers).toEqual({ q1: null });
  });

  it('shows what the viewer may see, and leaves `name` alone outside subject entries', () => {
    const shown = redactHistoryValue(entry, seesNames, scope, { withName: true }) as typeof entry;
    expect(shown.attributes.firstName).toBe('Ada');
    expect(shown.attributes.email).toBe(REDACTED);
    expect(shown.name).toBe('Ada King');
    const form = redactHistoryValue({ name: 'Vitals' }, monitor, scope, { withName: false });
    expect(form).toEqual({ name: 'Vitals' });
  });
});

describe('spec 001 §2 record history summary', () => {
  it('lists changed leaves with dotted paths, leaves unchanged ones out', () => {
    const changes = summarizeHistoryChanges(
      { status: 'UNUSED', attributes: { city: 'Aarhus', zip: '8000' } },
      { status: 'IN_USE', attributes: { city: 'Odense', zip: '8000' } },
    );
    expect(changes).toEqual([
      { field: 'status', before: 'UNUSED', after: 'IN_USE' },
      { field: 'attributes.city', before: 'Aarhus', after: 'Odense' },
    ]);
    expect(historySummaryText(changes)).toBe('status: UNUSED → IN_USE; attributes.city: Aarhus → Odense');
  });

  it('handles creations and removals, and cuts long values', () => {
    expect(summarizeHistoryChanges(null, { archived: true })).toEqual([
      { field: 'archived', before: null, after: 'true' },
    ]);
    expect(historySummaryText(summarizeHistoryChanges({ a: 1 }, null))).toBe('a: 1 → ∅');
    const [long] = summarizeHistoryChanges(null, { note: 'x'.repeat(500) });
    expect(long?.after?.length).toBe(200);
  });
});
