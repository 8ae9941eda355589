import {
  type Answer,
  type FillForm,
  formStatusWithQueries,
  type ImageChartAnswer,
  type ImageChartMarker,
  type QuestionnaireFill,
  type QuestionnaireQuery,
  type VerificationRound,
} from '@trialbase/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { pickText } from '../forms/renderer/text';
import { useFormEngine } from '../forms/renderer/use-form-engine';
import type { TokenRef } from './api';
import type { FormTab } from './form-tabs';
import type { VerificationLevel } from './status-icons';
import { UNSCHEDULED_PARAM } from './token-links';
import type { RoundAccess } from './verification-controls';

/** Route params of both pages (spec 001 §2: pathwayRecordId is the enrollment id). */
export function useTokenRouteParams(): TokenRef & { dataEventId: string } {
  const { studyId = '', pathwayRecordId = '', tokenId = '', dataEventId = '' } = useParams();
  return { studyId, enrollmentId: pathwayRecordId, tokenId, dataEventId };
}

/** Whether the route marks an unscheduled event's token (`?unscheduled=1`, set by the links to it). */
export function useUnscheduledRoute(): boolean {
  const [search] = useSearchParams();
  return search.get(UNSCHEDULED_PARAM) === '1';
}

/** The form the page shows, kept in `?questionnaireTemplateId` so a reload or link opens the same tab. */
export function useActiveForm(
  forms: readonly FillForm[] | undefined,
  pickDefault: (forms: readonly FillForm[]) => string | undefined,
) {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('questionnaireTemplateId');
  const activeFormId =
    (forms?.some((f) => f.formId === requested) ? requested : undefined) ??
    (forms ? pickDefault(forms) : undefined) ??
    '';
  const select = useCallback(
    (formId: string) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('questionnaireTemplateId', formId);
          next.delete('qId');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { activeFormId, select, focusQuestionId: search.get('qId') };
}

/** An image chart form's markers and per-colour answers (spec 001 §3 imageChartMarkers, imageChartAnswers). */
export type ChartDraft = { imageChartMarkers: ImageChartMarker[]; imageChartAnswers: ImageChartAnswer[] };

/** Answers (and image chart drawings) being changed on screen, per form; the saved ones come from the server. */
export function useFormDrafts() {
  const [drafts, setDrafts] = useState<Readonly<Record<string, Answer[]>>>({});
  const [charts, setCharts] = useState<Readonly<Record<string, ChartDraft>>>({});
  const chartOf = useCallback(
    (form: FillForm): ChartDraft =>
      charts[form.formId] ?? {
        imageChartMarkers: [...(form.answerSet?.imageChartMarkers ?? [])],
        imageChartAnswers: [...(form.answerSet?.imageChartAnswers ?? [])],
      },
    [charts],
  );
  const setChart = useCallback(
    (formId: string, chart: ChartDraft) => setCharts((prev) => ({ ...prev, [formId]: chart })),
    [],
  );
  const answersOf = useCallback(
    (form: FillForm): readonly Answer[] => drafts[form.formId] ?? form.answerSet?.answers ?? [],
    [drafts],
  );
  const setAnswers = useCallback(
    (formId: string, answers: Answer[]) => setDrafts((prev) => ({ ...prev, [formId]: answers })),
    [],
  );
  const discard = useCallback((formId: string) => {
    setDrafts((prev) => {
      const { [formId]: _dropped, ...rest } = prev;
      return rest;
    });
    setCharts((prev) => {
      const { [formId]: _dropped, ...rest } = prev;
      return rest;
    });
  }, []);
  const isDirty = useCallback((formId: string) => formId in drafts || formId in charts, [drafts, charts]);
  return { answersOf, setAnswers, chartOf, setChart, discard, isDirty };
}

/**
 * Issue 12 item 6: the languages a form is written in (its title has text in them), among the
 * study's languages; the study's languages when the form names none of them.
 */
export function formLanguagesOf(
  form: Pick<FillForm, 'form'> | undefined,
  studyLanguages: readonly string[],
): string[] {
  const title = (form?.form.title ?? {}) as Record<string, string | undefined>;
  const written = Object.keys(title).filter((code) => (title[code] ?? '').trim() !== '');
  const inStudy = studyLanguages.filter((code) => written.includes(code));
  if (inStudy.length > 0) return inStudy;
  return written.length > 0 ? written : [...studyLanguages];
}

/** An interface language matched to a form language: exact (`he-il`), else by its base (`he`). */
function matchLanguage(available: readonly string[], code: string | undefined): string | undefined {
  if (!code) return undefined;
  const lower = code.toLowerCase();
  return (
    available.find((l) => l.toLowerCase() === lower) ??
    available.find((l) => l.toLowerCase() === lower.split('-')[0])
  );
}

/**
 * Issue 12 item 6 (spec 001 §2 language selector): staff read forms in their own language: the one
 * chosen in the header, else the interface language when the form has it, else the study's primary
 * language, else the form's first language. The subject's language plays no part here.
 */
export function chooseFormLanguage(
  available: readonly string[],
  input: { chosen: string | null; ui: string | undefined; primary: string | undefined },
): string {
  return (
    matchLanguage(available, input.chosen ?? undefined) ??
    matchLanguage(available, input.ui) ??
    matchLanguage(available, input.primary) ??
    available[0] ??
    input.primary ??
    'en'
  );
}

/** The content language of the staff fill and review pages and the languages the selector offers. */
export function useFormLanguage(available: readonly string[], primary: string | undefined) {
  const { i18n } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  return {
    language: chooseFormLanguage(available, { chosen, ui: i18n.language, primary }),
    setLanguage: setChosen,
  };
}

/**
 * Spec 001 §2: the verification rounds the study enables, and whether the caller may set them. Per
 * answer only where the type is QUESTION; per form wherever it is not NONE (verifying a form marks
 * every answer).
 */
export function verificationRounds(data: QuestionnaireFill, scope: 'ANSWER' | 'FORM'): RoundAccess[] {
  const isShown = (type: string) => (scope === 'ANSWER' ? type === 'QUESTION' : type !== 'NONE');
  const rounds: RoundAccess[] = [];
  if (isShown(data.verification.primary))
    rounds.push({ round: 'primary', canVerify: data.abilities.canVerify });
  if (isShown(data.verification.secondary)) {
    rounds.push({ round: 'secondary', canVerify: data.abilities.canVerifySecondary });
  }
  return rounds;
}

/** Which verification icons the header, tabs and legend show. */
export function verificationLevels(data: QuestionnaireFill): VerificationLevel[] {
  const levels: VerificationRound[] = [];
  if (data.verification.primary !== 'NONE') levels.push('primary');
  if (data.verification.secondary !== 'NONE') levels.push('secondary');
  return levels;
}

/** Spec 001 §2 tabs: title, saved status, verification icons; forced order locks later open forms. */
export function buildTabs(
  data: QuestionnaireFill,
  language: string,
  isDirty: (formId: string) => boolean,
  isOrderEnforced: boolean,
): FormTab[] {
  const levels = verificationLevels(data);
  let isEarlierOpen = false;
  return data.forms.map((f) => {
    const isCompleted = f.answerSet?.isCompleted === true;
    const tab: FormTab = {
      formId: f.formId,
      title: pickText(f.form.title, language) || f.formId,
      // Spec 001 §4: an open or responded query overrides the stored status (review data lists them).
      status: formStatusWithQueries(
        f.answerSet?.status ?? 'STATUS_NOT_STARTED',
        'queries' in data && Array.isArray(data.queries)
          ? (data.queries as QuestionnaireQuery[])
              .filter((q) => q.questionnaireId === f.answerSet?.id)
              .map((q) => q.status)
          : [],
      ),
      verified: levels.filter((l) =>
        l === 'primary' ? f.answerSet?.verified : f.answerSet?.secondaryVerified,
      ),
      isLocked: isOrderEnforced && data.dataEvent.forceFormOrder && isEarlierOpen,
      isDirty: isDirty(f.formId),
    };
    if (!isCompleted && !f.isOptional) isEarlierOpen = true;
    return tab;
  });
}

/**
 * The domain engine over the answers on screen, run once per change (issue 16 item 6): the page reads
 * how many questions block a save (spec 001 §4 Update) and hands the same result to the renderer.
 */
export function useStaffFormEngine(form: FillForm | undefined, answers: readonly Answer[]) {
  return useFormEngine({ form: form?.form, answers, audience: 'staff' });
}

/** Scrolls to `?qId` once the question is on screen (spec 001 §2 param qId). */
export function useFocusQuestion(questionId: string | null, isReady: boolean) {
  useEffect(() => {
    if (!isReady || !questionId) return;
    document.getElementById(`question-${questionId}-label`)?.scrollIntoView({ block: 'center' });
  }, [questionId, isReady]);
}
