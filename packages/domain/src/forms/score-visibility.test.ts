import { describe, expect, it } from 'vitest';
import { ParticipantFormSchema, toParticipantForm } from '../public/participant-form';
import { FormTemplateSchema } from './model';
import { isScoreQuestionHiddenFrom, isScoreShownTo } from './score-visibility';

const base = { id: 'f', title: { en: 'PHQ-9' }, type: 'TYPE_FORM' } as const;

describe('Issue 18 item 7: the participant sees a score only when the form says so', () => {
  it('is off by default', () => {
    const form = FormTemplateSchema.parse({ ...base, score: true });
    expect(form.showScoreToParticipant).toBe(false);
    expect(isScoreShownTo(form, 'public')).toBe(false);
    expect(isScoreShownTo(form, 'staff')).toBe(true);
    expect(isScoreQuestionHiddenFrom(form, { type: 'CALCULATED' }, 'public')).toBe(true);
    expect(isScoreQuestionHiddenFrom(form, { type: 'CALCULATED' }, 'staff')).toBe(false);
    expect(isScoreQuestionHiddenFrom(form, { type: 'NUMBER' }, 'public')).toBe(false);
  });

  it('shows the score to the participant when the setting is on', () => {
    const form = FormTemplateSchema.parse({ ...base, score: true, showScoreToParticipant: true });
    expect(isScoreShownTo(form, 'public')).toBe(true);
    expect(isScoreQuestionHiddenFrom(form, { type: 'CALCULATED' }, 'public')).toBe(false);
  });

  it('a form without a score shows none, and keeps its calculated questions', () => {
    const form = FormTemplateSchema.parse({ ...base, showScoreToParticipant: true });
    expect(isScoreShownTo(form, 'public')).toBe(false);
    expect(isScoreShownTo(form, 'staff')).toBe(false);
    expect(isScoreQuestionHiddenFrom(form, { type: 'CALCULATED' }, 'public')).toBe(false);
  });

  it('reaches the participant page only when on (getProcess leaves defaults out; the page reads them back)', () => {
    const on = toParticipantForm({ ...base, score: true, showScoreToParticipant: true });
    const off = toParticipantForm({ ...base, score: true });
    expect(on).toMatchObject({ score: true, showScoreToParticipant: true });
    expect(off).not.toHaveProperty('showScoreToParticipant');
    expect(ParticipantFormSchema.parse(on).showScoreToParticipant).toBe(true);
    expect(ParticipantFormSchema.parse(off).showScoreToParticipant).toBe(false);
  });
});
