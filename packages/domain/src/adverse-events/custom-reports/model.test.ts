import { describe, expect, it } from 'vitest';
import { FormTemplateSchema } from '../../forms/model';
import { AnswerSchema } from '../../questionnaires/model';
import {
  aeReportAnswerIssues,
  aeReportSignRefusal,
  aeReportStepsOf,
  aeSaveRefusals,
  isAeQuestionFrozen,
  isAeReportSponsorInvolved,
  mayFillAeQuestion,
  nextAeReportStep,
} from './model';

const form = FormTemplateSchema.parse({
  id: 'f',
  title: { en: 'AE' },
  type: 'TYPE_AE',
  questions: [
    { id: 'a', order: 1, type: 'TEXT_SENTENCE', question: { en: 'A' }, mandatoryWhen: 'REPORTED' },
    {
      id: 'b',
      order: 2,
      type: 'TEXT_SENTENCE',
      question: { en: 'B' },
      mandatoryWhen: 'SPONSOR_CLASSIFICATION',
      fillOutPermissions: ['SPONSOR'],
    },
    { id: 'c', order: 3, type: 'TEXT_SENTENCE', question: { en: 'C' }, mandatoryWhen: 'FOLLOW_UP' },
    { id: 'd', order: 4, type: 'TEXT_SENTENCE', question: { en: 'D' }, mandatoryWhen: 'NEVER' },
  ],
});
const ans = (question: string) => AnswerSchema.parse({ question, answerStrings: ['x'] });

describe('spec 001 §3 sponsor involvement', () => {
  it('ALWAYS involves the sponsor, SAE_ONLY (the default) only for serious events, NEVER never', () => {
    expect(isAeReportSponsorInvolved('ALWAYS', false)).toBe(true);
    expect(isAeReportSponsorInvolved('SAE_ONLY', false)).toBe(false);
    expect(isAeReportSponsorInvolved(undefined, true)).toBe(true);
    expect(isAeReportSponsorInvolved('NEVER', true)).toBe(false);
    expect(aeReportStepsOf(false)).toEqual(['REPORTED', 'INVESTIGATOR_CLASSIFICATION', 'FOLLOW_UP']);
  });
});

describe('spec 000 §4 sign order', () => {
  it('signs the next step only; sponsor steps refused when the sponsor is not involved', () => {
    expect(nextAeReportStep([], true)).toBe('REPORTED');
    expect(aeReportSignRefusal({ signed: [], isRemoved: false }, 'FOLLOW_UP', true)).toBe('OUT_OF_ORDER');
    expect(aeReportSignRefusal({ signed: ['REPORTED'], isRemoved: false }, 'REPORTED', true)).toBe(
      'ALREADY_SIGNED',
    );
    expect(
      aeReportSignRefusal(
        { signed: ['REPORTED', 'INVESTIGATOR_CLASSIFICATION'], isRemoved: false },
        'SPONSOR_CLASSIFICATION',
        false,
      ),
    ).toBe('SPONSOR_NOT_INVOLVED');
    expect(
      aeReportSignRefusal(
        { signed: ['REPORTED', 'INVESTIGATOR_CLASSIFICATION'], isRemoved: false },
        'FOLLOW_UP',
        false,
      ),
    ).toBeNull();
    expect(aeReportSignRefusal({ signed: [], isRemoved: true }, 'REPORTED', true)).toBe('REMOVED');
  });
});

describe('spec 001 §3 mandatoryWhen', () => {
  it('requires the questions of the signed step and earlier ones; a save requires none', () => {
    expect(aeReportAnswerIssues(form, [], null)).toEqual([]);
    expect(aeReportAnswerIssues(form, [], 'REPORTED').map((i) => i.path)).toEqual([['answers', 'a']]);
    expect(aeReportAnswerIssues(form, [ans('a')], 'FOLLOW_UP').map((i) => i.path)).toEqual([
      ['answers', 'b'],
      ['answers', 'c'],
    ]);
    // Without the sponsor, the sponsor step's question is never required.
    expect(aeReportAnswerIssues(form, [ans('a')], 'FOLLOW_UP', false).map((i) => i.path)).toEqual([
      ['answers', 'c'],
    ]);
  });

  it('freezes the questions of signed steps and checks fill-out permissions', () => {
    const [a, b, , d] = form.questions;
    expect(isAeQuestionFrozen(a as never, ['REPORTED'], false)).toBe(true);
    expect(isAeQuestionFrozen(d as never, ['REPORTED'], false)).toBe(false);
    expect(isAeQuestionFrozen(d as never, ['REPORTED'], true)).toBe(true);
    expect(mayFillAeQuestion(b as never, ['REPORTERS', 'INVESTIGATOR'])).toBe(false);
    expect(mayFillAeQuestion(b as never, ['SPONSOR'])).toBe(true);
    expect(mayFillAeQuestion(a as never, [])).toBe(false);
    expect(
      aeSaveRefusals(form, ['a', 'b', 'd'], {
        signed: ['REPORTED'],
        isComplete: false,
        involvements: ['REPORTERS'],
      }),
    ).toEqual([
      { path: ['answers', 'a'], message: 'AE_REPORT_SIGNED' },
      { path: ['answers', 'b'], message: 'NOT_ALLOWED' },
    ]);
  });
});
