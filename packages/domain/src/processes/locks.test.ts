import { describe, expect, it } from 'vitest';
import type { StudyStatus } from '../studies/model';
import { assertProcessChangeAllowed, type ProcessLocksInput, processLocks } from './locks';
import { type Process, type ProcessInput, ProcessSchema } from './model';

/** A deep copy (the domain package has no DOM or Node globals such as structuredClone). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function build(input: Partial<ProcessInput> = {}): Process {
  return ProcessSchema.parse({
    id: 'p1',
    pathwayName: 'Main',
    dataEvents: [
      { id: 'e1', name: { en: 'Baseline' }, type: 'TYPE_USER', forms: ['f1'] },
      { id: 'e2', name: { en: 'Week 1' }, type: 'TYPE_PATIENT', forms: ['f2'], sendAs: 'SEND_AS_EMAIL' },
    ],
    ...input,
  });
}

function locksFor(status: StudyStatus, overrides: Partial<ProcessLocksInput> = {}, process = build()) {
  return processLocks({
    studyStatus: status,
    process,
    usage: { unexpected: 0, discontinued: 0, external: 0 },
    eventLimit: null,
    isValid: true,
    hasContactChannel: true,
    ...overrides,
  });
}

const paths = (before: Process, after: Process, locks: ReturnType<typeof processLocks>) =>
  assertProcessChangeAllowed(before, after, locks).map((i) => [i.path.join('.'), i.message]);

describe('Spec 001 §4 process locks', () => {
  it('build: nothing is locked and events can be added, removed and reordered', () => {
    const locks = locksFor('STUDY_STATUS_BUILD');
    expect(locks).toMatchObject({
      isReadOnly: false,
      isStructureLocked: false,
      lockedFields: [],
      lockedEventFields: [],
      canAddEvent: true,
      addEventBlockedBy: null,
      canRemoveEvents: true,
      canReorderEvents: true,
      canChangeTrialGroups: true,
    });
  });

  it.each(['PRODUCTION', 'TEST'] as const)('%s locks the structure but not the texts', (status) => {
    const locks = locksFor(status, {}, build({ fullyEditable: false }));
    expect(locks.isStructureLocked).toBe(true);
    expect(locks.addEventBlockedBy).toBe('PRODUCTION');
    expect(locks.lockedFields).toEqual(
      expect.arrayContaining(['unexpected', 'discontinued', 'externalDE', 'randomization', 'recruitment']),
    );
    expect(locks.lockedFields).not.toContain('pathwayName');
    expect(locks.lockedFields).not.toContain('consentText');
    expect(locks.lockedEventFields).toEqual(
      expect.arrayContaining(['type', 'forms', 'referenceDate', 'offsetDays', 'expiry', 'sendAs']),
    );
    expect(locks.lockedEventFields).not.toContain('emailText');
    expect(locks.canRemoveEvents || locks.canReorderEvents || locks.canChangeTrialGroups).toBe(false);
  });

  it('amendment: locked unless the process is fully editable', () => {
    const fixed = locksFor('AMENDMENT', {}, build({ fullyEditable: false }));
    expect(fixed.isStructureLocked).toBe(true);
    expect(fixed.addEventBlockedBy).toBe('AMENDMENT');
    const free = locksFor('AMENDMENT', {}, build({ fullyEditable: true }));
    expect(free.isStructureLocked).toBe(false);
    expect(free.canAddEvent).toBe(true);
    expect(free.lockedFields).toEqual([]);
  });

  it.each(['LOCKED', 'COMPLETED', 'ANONYMIZED', 'DELETE'] as const)(
    '%s makes everything read-only',
    (status) => {
      const locks = locksFor(status);
      expect(locks.isReadOnly).toBe(true);
      expect(locks.addEventBlockedBy).toBe('READ_ONLY');
      expect(locks.lockedFields).toEqual(expect.arrayContaining(['pathwayName', 'consentText', 'public']));
      expect(locks.lockedEventFields).toEqual(expect.arrayContaining(['name', 'emailText', 'reminders']));
    },
  );

  it('a recorded unscheduled, discontinued or external event locks its switch when not fully editable', () => {
    const process = build({ fullyEditable: false });
    for (const [kind, field] of [
      ['unexpected', 'unexpected'],
      ['discontinued', 'discontinued'],
      ['external', 'externalDE'],
    ] as const) {
      const usage = { unexpected: 0, discontinued: 0, external: 0, [kind]: 1 };
      expect(locksFor('STUDY_STATUS_BUILD', { usage }, process).lockedFields).toEqual([field]);
      expect(locksFor('STUDY_STATUS_BUILD', { usage }, build({ fullyEditable: true })).lockedFields).toEqual(
        [],
      );
    }
  });

  it('recruitment processes lock the unscheduled switches and the public switch', () => {
    const locks = locksFor('STUDY_STATUS_BUILD', {}, build({ recruitment: true }));
    expect(locks.lockedFields).toEqual(['unexpected', 'discontinued', 'externalDE', 'public']);
  });

  it('randomization is locked once a custom list was uploaded', () => {
    const locks = locksFor('STUDY_STATUS_BUILD', {}, build({ didUploadCustomRandomizationList: true }));
    expect(locks.lockedFields).toEqual(['randomization']);
  });

  it('trial groups cannot be added or removed with randomization in an amendment or production', () => {
    const randomised = build({ randomization: true, fullyEditable: true });
    expect(locksFor('STUDY_STATUS_BUILD', {}, randomised).canChangeTrialGroups).toBe(true);
    const amendment = locksFor('AMENDMENT', {}, randomised);
    expect(amendment.canChangeTrialGroups).toBe(false);
    expect(amendment.lockedFields).toEqual(['trialGroups']);
    expect(locksFor('PRODUCTION', {}, randomised).canChangeTrialGroups).toBe(false);
    expect(locksFor('AMENDMENT', {}, build({ fullyEditable: true })).canChangeTrialGroups).toBe(true);
  });

  it('adding an event: plan limit reached, no contact channel, invalid process', () => {
    const limit = { max: 3, used: 3, planName: 'Basic' };
    expect(locksFor('STUDY_STATUS_BUILD', { eventLimit: limit })).toMatchObject({
      canAddEvent: false,
      addEventBlockedBy: 'PLAN_LIMIT',
      eventLimit: limit,
    });
    expect(locksFor('STUDY_STATUS_BUILD', { eventLimit: { ...limit, used: 2 } }).canAddEvent).toBe(true);
    expect(locksFor('STUDY_STATUS_BUILD', { hasContactChannel: false }).addEventBlockedBy).toBe('NO_CONTACT');
    expect(locksFor('STUDY_STATUS_BUILD', { isValid: false }).addEventBlockedBy).toBe('INVALID');
  });
});

describe('Spec 001 §4 assertProcessChangeAllowed', () => {
  const before = build({ fullyEditable: false });
  const production = locksFor('PRODUCTION', {}, before);

  it('production: texts may change, schedule fields may not (LOCKED at the field path)', () => {
    const texts = clone(before);
    texts.pathwayName = 'Renamed';
    texts.consentText = { en: 'New consent' };
    texts.dataEvents[1] = { ...texts.dataEvents[1]!, emailText: { en: 'Hello {link}' }, name: { en: 'W1' } };
    expect(paths(before, texts, production)).toEqual([]);

    const moved = clone(before);
    moved.dataEvents[1] = {
      ...moved.dataEvents[1]!,
      referenceDate: 'MANUAL',
      offsetDays: 3,
      sendAs: 'SEND_AS_SMS',
    };
    expect(paths(before, moved, production)).toEqual([
      ['dataEvents.1.referenceDate', 'LOCKED'],
      ['dataEvents.1.offsetDays', 'LOCKED'],
      ['dataEvents.1.sendAs', 'LOCKED'],
    ]);
  });

  it('production: switches, forms and randomization are locked', () => {
    const after = clone(before);
    after.unexpected = true;
    after.unexpectedVisit.selectedQts = ['f1'];
    after.randomization = true;
    after.dataEvents[0] = { ...after.dataEvents[0]!, forms: ['f1', 'f2'], type: 'TYPE_PATIENT' };
    expect(paths(before, after, production)).toEqual([
      ['unexpected', 'LOCKED'],
      ['unexpectedVisit', 'LOCKED'],
      ['randomization', 'LOCKED'],
      ['dataEvents.0.type', 'LOCKED'],
      ['dataEvents.0.forms', 'LOCKED'],
    ]);
  });

  it('production: adding, removing and reordering events is refused at dataEvents', () => {
    const added = clone(before);
    added.dataEvents.push({ ...before.dataEvents[0]!, id: 'new' });
    expect(assertProcessChangeAllowed(before, added, production)).toEqual([
      { path: ['dataEvents'], message: 'LOCKED', params: { change: 'ADD', reason: 'PRODUCTION' } },
    ]);
    const removed = { ...before, dataEvents: before.dataEvents.slice(1) };
    expect(paths(before, removed, production)).toEqual([['dataEvents', 'LOCKED']]);
    const reordered = { ...before, dataEvents: [...before.dataEvents].reverse() };
    expect(paths(before, reordered, production)).toEqual([['dataEvents', 'LOCKED']]);
  });

  it('trial group titles stay editable; adding or removing a group does not when locked', () => {
    const randomised = build({
      fullyEditable: true,
      randomization: true,
      trialGroups: [{ title: { en: 'A' } }, { title: { en: 'B' } }],
    });
    const locks = locksFor('AMENDMENT', {}, randomised);
    const renamed = clone(randomised);
    renamed.trialGroups[0]!.title = { en: 'Arm A' };
    expect(paths(randomised, renamed, locks)).toEqual([]);
    const more = clone(randomised);
    more.trialGroups.push({ title: { en: 'C' } });
    expect(paths(randomised, more, locks)).toEqual([['trialGroups', 'LOCKED']]);
  });

  it('a fully editable process in an amendment changes freely; a used switch stays locked otherwise', () => {
    const free = build({ fullyEditable: true });
    const amendment = locksFor('AMENDMENT', {}, free);
    const after = clone(free);
    after.dataEvents.reverse();
    after.dataEvents.push({ ...free.dataEvents[0]!, id: 'e3', referenceDate: 'MANUAL' });
    after.unexpected = true;
    expect(paths(free, after, amendment)).toEqual([]);

    const used = locksFor(
      'STUDY_STATUS_BUILD',
      { usage: { unexpected: 2, discontinued: 0, external: 0 } },
      before,
    );
    expect(paths(before, { ...before, unexpected: true }, used)).toEqual([['unexpected', 'LOCKED']]);
  });

  it('without a contact channel only send-out events cannot be added', () => {
    const free = build({ fullyEditable: true });
    const locks = locksFor('STUDY_STATUS_BUILD', { hasContactChannel: false }, free);
    const staff = { ...free, dataEvents: [...free.dataEvents, { ...free.dataEvents[0]!, id: 'e3' }] };
    expect(paths(free, staff, locks)).toEqual([]);
    const mail = { ...free, dataEvents: [...free.dataEvents, { ...free.dataEvents[1]!, id: 'e3' }] };
    expect(paths(free, mail, locks)).toEqual([['dataEvents', 'LOCKED']]);
  });

  it('read-only: any change is locked', () => {
    const locks = locksFor('COMPLETED', {}, before);
    expect(paths(before, { ...before, pathwayName: 'X' }, locks)).toEqual([['pathwayName', 'LOCKED']]);
    const texts = clone(before);
    texts.dataEvents[0]!.name = { en: 'Other' };
    expect(paths(before, texts, locks)).toEqual([['dataEvents', 'LOCKED']]);
    expect(paths(before, clone(before), locks)).toEqual([]);
  });
});
