import { describe, expect, it } from 'vitest';
import { isFormInDataEvent, listDataEventForms, listProcessFormIds } from './data-event-forms';
import { canRemoveTrialGroup, deriveProcessType, type ProcessInput, ProcessSchema } from './model';
import { validateProcess } from './validate-process';

function build(input: Partial<ProcessInput> = {}) {
  return ProcessSchema.parse({
    id: 'p1',
    pathwayName: 'Main',
    dataEvents: [{ id: 'e1', name: { en: 'Baseline' }, type: 'TYPE_USER', forms: ['f1'] }],
    ...input,
  });
}
const randomised = {
  randomization: true,
  targetInclusion: '100',
  stratifyBySite: false,
  trialGroups: [{ title: { en: 'A' } }, { title: { en: 'B' } }],
};
const issues = (input: Partial<ProcessInput>, limits = {}) =>
  validateProcess(build(input), limits).map((i) => [i.path.join('.'), i.message]);

describe('Spec 001 §5 process authoring limits', () => {
  it('accepts a plain data collection process', () => {
    expect(issues({})).toEqual([]);
    expect(deriveProcessType(build())).toBe('DATA_COLLECTION');
    expect(deriveProcessType(build({ recruitment: true }))).toBe('RECRUITMENT');
  });

  it('name is required, 64 characters pass and 65 fail', () => {
    expect(issues({ pathwayName: ' ' })).toEqual([['pathwayName', 'REQUIRED']]);
    expect(issues({ pathwayName: 'x'.repeat(64) })).toEqual([]);
    expect(issues({ pathwayName: 'x'.repeat(65) })).toEqual([['pathwayName', 'MAX_LENGTH']]);
  });

  it('consent text is required when consent is required; public intro text when enabled (max 20000)', () => {
    expect(issues({ consentRequired: true })).toEqual([['consentText', 'REQUIRED']]);
    expect(issues({ consentRequired: true, consentText: { en: 'I agree' } })).toEqual([]);
    expect(issues({ publicIntroTextEnabled: true, publicIntroText: { en: '' } })).toEqual([
      ['publicIntroText', 'REQUIRED'],
    ]);
    expect(issues({ publicIntroTextEnabled: true, publicIntroText: { en: 'x'.repeat(20000) } })).toEqual([]);
    // The schema caps per-language texts too; the check reports it with its path for the builder.
    const tooLong = {
      ...build({ publicIntroTextEnabled: true }),
      publicIntroText: { da: 'x'.repeat(20001) },
    };
    expect(validateProcess(tooLong)).toEqual([
      { path: ['publicIntroText', 'da'], message: 'MAX_LENGTH', params: { max: 20000 } },
    ]);
  });

  it('unexpected needs a mandatory or optional form; discontinued and external need selected forms', () => {
    expect(issues({ unexpected: true })).toEqual([['unexpectedVisit.selectedQts', 'REQUIRED']]);
    expect(issues({ unexpected: true, unexpectedVisit: { selectedOptionalQts: ['f2'] } })).toEqual([]);
    expect(
      issues({ discontinued: true, externalDE: true, discontinueDataEvent: { selectedOptionalQts: ['f2'] } }),
    ).toEqual([
      ['discontinueDataEvent.selectedQts', 'REQUIRED'],
      ['externalDataEvent.selectedQts', 'REQUIRED'],
    ]);
    expect(issues({ discontinued: true, discontinueDataEvent: { selectedQts: ['f3'] } })).toEqual([]);
  });

  it('randomised: target inclusion required, digits only, at least the number of trial groups', () => {
    expect(issues(randomised)).toEqual([]);
    expect(issues({ ...randomised, targetInclusion: '' })).toEqual([['targetInclusion', 'REQUIRED']]);
    expect(issues({ ...randomised, targetInclusion: '1e3' })).toEqual([['targetInclusion', 'PATTERN']]);
    expect(issues({ ...randomised, targetInclusion: '-5' })).toEqual([['targetInclusion', 'PATTERN']]);
    expect(issues({ ...randomised, targetInclusion: '2' })).toEqual([]);
    expect(issues({ ...randomised, targetInclusion: '1' })).toEqual([
      ['targetInclusion', 'MIN_TARGET_INCLUSION'],
    ]);
    expect(issues({ targetInclusion: '12a' })).toEqual([['targetInclusion', 'PATTERN']]);
  });

  it('randomised: at least two trial groups, each titled; site stratification choice required', () => {
    expect(issues({ ...randomised, trialGroups: [{ title: { en: 'A' } }] })).toEqual([
      ['trialGroups', 'TOO_FEW'],
    ]);
    expect(issues({ ...randomised, trialGroups: [{ title: { en: 'A' } }, { title: {} }] })).toEqual([
      ['trialGroups.1.title', 'REQUIRED'],
    ]);
    expect(issues({ ...randomised, stratifyBySite: null })).toEqual([['stratifyBySite', 'REQUIRED']]);
    expect([0, 1, 2, 5].map(canRemoveTrialGroup)).toEqual([false, false, true, true]);
  });

  it('each stratification needs a data event and a question, a question once, within the configured maximum', () => {
    const questionStratifications = [
      { dataEvent: 'e1', form: 'f1', question: 'q1' },
      { dataEvent: 'e1', form: 'f1', question: 'q1' },
      { dataEvent: null, question: null },
      { dataEvent: 'e9', question: 'q2' },
    ];
    expect(issues({ ...randomised, questionStratifications }, { maxStratifications: 3 })).toEqual([
      ['questionStratifications', 'TOO_MANY'],
      ['questionStratifications.1.question', 'DUPLICATE'],
      ['questionStratifications.2.dataEvent', 'REQUIRED'],
      ['questionStratifications.2.question', 'REQUIRED'],
      ['questionStratifications.3.dataEvent', 'UNKNOWN_REFERENCE'],
    ]);
  });

  it('data events: named, with forms where filled, a PDF for eConsent, sensible timing', () => {
    const dataEvents = [
      { id: 'e1', name: {}, type: 'TYPE_PATIENT', referenceDate: 'PREVIOUS' },
      { id: 'e1', name: { en: 'Consent' }, type: 'TYPE_ECONSENT', consentFile: { fileName: 'consent.docx' } },
      {
        id: 'e3',
        name: { en: 'Info' },
        type: 'TYPE_INFORMATION',
        expiry: { type: 'EXPIRE_AFTER_ACTIVATION' },
      },
      {
        id: 'e4',
        name: { en: 'R' },
        type: 'TYPE_USER',
        forms: ['f1'],
        reminders: [{ kind: 'BEFORE_EXPIRY', days: 1 }],
      },
    ] as ProcessInput['dataEvents'];
    expect(issues({ dataEvents }, { maxDataEvents: 3 })).toEqual([
      ['dataEvents', 'TOO_MANY'],
      ['dataEvents.0.name', 'REQUIRED'],
      ['dataEvents.0.forms', 'REQUIRED'],
      ['dataEvents.0.referenceDate', 'NOT_ALLOWED'],
      ['dataEvents.1.id', 'DUPLICATE'],
      ['dataEvents.1.consentFile.fileName', 'PATTERN'],
      ['dataEvents.2.expiry', 'REQUIRED'],
      ['dataEvents.3.reminders.0.kind', 'NOT_ALLOWED'],
    ]);
  });
});

describe('Spec 001 §5 forms of a data event', () => {
  it('lists scheduled forms and the unscheduled selections', () => {
    const process = build({
      dataEvents: [
        { id: 'e1', name: { en: 'Baseline' }, type: 'TYPE_USER', forms: ['f1'] },
        { id: 'u1', name: { en: 'Unexpected' }, type: 'TYPE_UNEXPECTED' },
      ],
      unexpected: true,
      unexpectedVisit: { selectedQts: ['f2'], selectedOptionalQts: ['f3'] },
      externalDataEvent: { id: 'x1', selectedQts: ['f4'] },
    });
    expect(listDataEventForms(process, 'e1')).toEqual(['f1']);
    expect(listDataEventForms(process, 'u1')).toEqual(['f2', 'f3']);
    expect(listDataEventForms(process, 'x1')).toEqual(['f4']);
    expect(listDataEventForms(process, 'nope')).toBeNull();
    expect(isFormInDataEvent(process, 'e1', 'f1')).toBe(true);
    expect(isFormInDataEvent(process, 'e1', 'f2')).toBe(false);
  });
});

describe('Spec 001 §7 forms of a process', () => {
  it('lists event forms in order (mandatory, then optional), then unscheduled selections, each once', () => {
    const process = build({
      dataEvents: [
        { id: 'e1', name: { en: 'One' }, type: 'TYPE_USER', forms: ['c', 'a'], optionalForms: ['b'] },
        { id: 'e2', name: { en: 'Two' }, type: 'TYPE_USER', forms: ['a', 'd'] },
      ],
      unexpectedVisit: { selectedQts: ['e'], selectedOptionalQts: ['c'] },
      externalDataEvent: { selectedQts: ['f'] },
    });
    expect(listProcessFormIds(process)).toEqual(['c', 'a', 'b', 'd', 'e', 'f']);
    expect(listProcessFormIds(build({ dataEvents: [] }))).toEqual([]);
  });
});
