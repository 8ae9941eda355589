import { Alert, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  type Answer,
  type FormTemplate,
  type ImageChartAnswer,
  type ImageChartMarker,
  isModuleEnabled,
  isQuestionTypeAvailable,
  isScoreQuestionHiddenFrom,
  isScoreShownTo,
  type Question,
  type QuestionTypeAvailabilityScope,
  resetHiddenAnswers,
  type ValidationRule,
} from '@trialbase/domain';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkedInput, Deferred } from './chunked-input';
import { type FormEngineResult, inOrder } from './engine';
import { formVisibility } from './engine-inputs';
import { RendererHostProvider, type RendererUpload } from './host';
import type { ImageChartValue } from './image-chart/image-chart-card';
import { studyImageUrl } from './image-url';
import type { RendererMode } from './question-block';
import { preloadQuestionChunks } from './question-chunks';
import {
  type QuestionData,
  QuestionGroups,
  type QuestionSettings,
  renderQuestionBlock,
} from './question-groups';
import { RendererTextProvider } from './renderer-text';
import { RichText } from './rich-text';
import { SingleQuestionView } from './single-question-view';
import './renderer.css';
import { pickText } from './text';
import { useFormEngine } from './use-form-engine';

/** Spec 000 §9: the public content width. */
export const FORM_CONTENT_MAX_WIDTH = 877;

export type FormRendererProps = {
  form: FormTemplate;
  answers: readonly Answer[];
  onChange: (answers: Answer[]) => void;
  mode: RendererMode;
  /** Content language of the form texts (a study language). */
  language: string;
  /** The study's modules and, on staff screens, the caller's abilities (reference questions, spec 000 §6). */
  study: { id?: string } & QuestionTypeAvailabilityScope;
  /** Cross-form rules besides those embedded in the questions (spec 001 §3 validation rules). */
  rules?: readonly ValidationRule[];
  now?: Date;
  /** TYPE_IMAGE_CHART forms (spec 001 §3): saved markers and answers per colour; the card keeps its own when absent. */
  imageChartMarkers?: readonly ImageChartMarker[];
  imageChartAnswers?: readonly ImageChartAnswer[];
  onImageChartChange?: (value: ImageChartValue) => void;
  /** Where the chart image loads from; defaults to the study image route. */
  imageChartUrl?: string | null;
  /** Staff review (spec 001 §4): answers are shown but cannot change until edit mode. */
  isReadOnly?: boolean;
  /** Messages from the server per question id (e.g. a BLOCK rule on submit), shown as errors. */
  externalErrors?: ReadonlyMap<string, readonly string[]>;
  /** Shows every question's issues at once, as after Check (e.g. after a failed submit). */
  isShowingAllIssues?: boolean;
  /** Extra content at the end of each question (e.g. staff verification controls). */
  renderQuestionAddon?: (questionId: string) => ReactNode;
  /** Sends FILE and IMAGE answers (the participant pages); without it those inputs only check the file. */
  upload?: RendererUpload;
  /** Where study images load from (the public image route on participant pages); default the staff route. */
  imageUrl?: (imageId: string) => string;
  /** Hides the renderer's own Check button where the host page shows the form's state itself. */
  isCheckHidden?: boolean;
  /**
   * The engine's result for these answers when the host page computes it already (useFormEngine):
   * the renderer then does not run the engine a second time per change (issue 16 item 6).
   */
  engine?: FormEngineResult;
  /** The study's date and date-time formats (spec 000 §9); DD-MM-YYYY when absent. */
  dateFormat?: string;
  dateTimeFormat?: string;
  /** The number of the first question shown (a paged form shows one question per page: EQ-5D). */
  firstNumber?: number;
  /** Single-question mode: tells whether the last question is on screen (Submit waits for it). */
  onLastQuestion?: (isLast: boolean) => void;
};

/** Questions rendered in the first pass: a phone's or a desktop's first screen, painted before the rest. */
export const FIRST_SCREENFUL = 12;
/** From this many questions on, off-screen questions skip layout and paint (content-visibility). */
export const LONG_FORM_QUESTIONS = 30;

/**
 * Renders a form template as the subject fills it (issue 5 item 7): every question type, driven
 * only by the domain engine, computed once per change; unchanged questions do not re-render.
 */
export function FormRenderer({
  form,
  answers,
  onChange,
  mode,
  language,
  study,
  rules,
  now,
  isReadOnly = false,
  externalErrors,
  isShowingAllIssues = false,
  renderQuestionAddon,
  upload,
  imageUrl,
  isCheckHidden = false,
  engine: givenEngine,
  dateFormat,
  dateTimeFormat,
  firstNumber = 1,
  onLastQuestion,
  ...chart
}: FormRendererProps) {
  const { t } = useTranslation('renderer');
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [isCheckAll, setCheckAll] = useState(false);
  const audience = mode === 'staff' ? 'staff' : 'public';
  const engine = useFormEngine({ form, answers, audience, rules, now, given: givenEngine });
  // Issue 16 item 6: the first screenful is committed and painted before the rest of a long form.
  const [isAllRendered, setAllRendered] = useState(false);
  useEffect(() => {
    if (isAllRendered) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAllRendered(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isAllRendered]);
  // The chunks of every type in the form load now, not when the rest of the form renders.
  useMemo(() => void preloadQuestionChunks([form]), [form]);
  const rendered = useMemo(
    () => (isAllRendered ? engine.shown : engine.shown.slice(0, FIRST_SCREENFUL)),
    [isAllRendered, engine.shown],
  );
  const answerById = useMemo(() => new Map(answers.map((a) => [a.question, a])), [answers]);
  const shownById = useMemo(() => new Map(engine.shown.map((q) => [q.id, q])), [engine.shown]);

  // Latest values for the stable callbacks handed to memoised rows.
  const latest = useRef({ form, answers, onChange });
  latest.current = { form, answers, onChange };
  const handleAnswer = useCallback((questionId: string, next: Answer) => {
    const { form: f, answers: list, onChange: emit } = latest.current;
    const exists = list.some((a) => a.question === questionId);
    const updated = exists ? list.map((a) => (a.question === questionId ? next : a)) : [...list, next];
    // Spec 001 §4: questions and possibilities hidden by the change are reset.
    emit(
      resetHiddenAnswers(f, updated, formVisibility(f, updated)).map((a, i) =>
        isSameAnswer(a, updated[i]) ? (updated[i] as Answer) : a,
      ),
    );
    setTouched((prev) => (prev.has(questionId) ? prev : new Set(prev).add(questionId)));
  }, []);
  const handleTouch = useCallback((questionId: string) => {
    setTouched((prev) => (prev.has(questionId) ? prev : new Set(prev).add(questionId)));
  }, []);

  const isHorizontalAllowed = isModuleEnabled(study, 'HORIZONTAL_POSSIBILITIES');
  // Issue 18 item 7: a participant sees the score only when the form says so (default not).
  const isScoreShown = isScoreShownTo(form, audience);
  const isHiddenScore = useCallback(
    (q: { type: FormTemplate['questions'][number]['type'] }) => isScoreQuestionHiddenFrom(form, q, audience),
    [form, audience],
  );
  const numbers = useMemo(() => {
    const map = new Map<string, number>();
    let n = firstNumber - 1;
    for (const q of engine.shown) if (q.type !== 'INFORMATION' && !isHiddenScore(q)) map.set(q.id, ++n);
    return map;
  }, [engine.shown, firstNumber, isHiddenScore]);
  const infoText = form.showInfoText ? pickText(form.infoText, language) : '';
  const host = useMemo(
    () => ({
      upload,
      imageUrl: imageUrl ?? (study.id ? (id: string) => studyImageUrl(study.id as string, id) : undefined),
      dateFormat,
      dateTimeFormat,
    }),
    [upload, imageUrl, study.id, dateFormat, dateTimeFormat],
  );
  const footer = pickText(form.customFooter, language);

  // The study object may be new on each render of the host page: only its answers per type count.
  const unavailable = [...new Set(form.questions.map((q) => q.type))]
    .filter((type) => !isQuestionTypeAvailable(study, type))
    .join(' ');
  const isAvailable = useMemo(() => {
    const types = new Set(unavailable.split(' '));
    return (type: Question['type']) => !types.has(type);
  }, [unavailable]);
  const isAllTouched = isCheckAll || isShowingAllIssues;
  const settings = useMemo<QuestionSettings>(
    () => ({
      language,
      mode,
      isReadOnly,
      isAllTouched,
      isHorizontalAllowed,
      imageChart: form.imageChart,
      isAvailable,
      isHiddenScore,
      onAnswer: handleAnswer,
      onTouch: handleTouch,
      renderQuestionAddon,
    }),
    [
      language,
      mode,
      isReadOnly,
      isAllTouched,
      isHorizontalAllowed,
      form.imageChart,
      isAvailable,
      isHiddenScore,
      handleAnswer,
      handleTouch,
      renderQuestionAddon,
    ],
  );
  const data: QuestionData = { answers: answerById, views: engine.views, numbers, touched, externalErrors };
  const renderQuestion = (questionId: string) => {
    const q = shownById.get(questionId);
    return q ? renderQuestionBlock(q, settings, data) : null;
  };

  return (
    <RendererHostProvider value={host}>
      <RendererTextProvider>
        <Box
          maw={FORM_CONTENT_MAX_WIDTH}
          mx="auto"
          w="100%"
          data-form-renderer={mode}
          data-form-length={engine.shown.length >= LONG_FORM_QUESTIONS ? 'long' : undefined}
        >
          <Stack gap="md">
            <Title order={2} fz="h3" dir="auto">
              {pickText(form.title, language)}
            </Title>
            {infoText && <RichText html={infoText} />}
            {form.type === 'TYPE_IMAGE_CHART' && (
              // The drawing card loads only for image-chart forms (issue 8 item 6: a small participant bundle).
              <Deferred>
                <ChunkedInput
                  type="IMAGE_CHART"
                  render={(chunk) => (
                    <chunk.ImageChartCard
                      imageUrl={
                        chart.imageChartUrl ??
                        (form.imageChart && host.imageUrl ? host.imageUrl(form.imageChart) : null)
                      }
                      colorLabels={form.colorLabels}
                      language={language}
                      markers={chart.imageChartMarkers}
                      answers={chart.imageChartAnswers}
                      isReadOnly={isReadOnly}
                      onChange={chart.onImageChartChange}
                    />
                  )}
                />
              </Deferred>
            )}
            {engine.shown.length === 0 && <Text c="dimmed">{t('RENDERER.NO_QUESTIONS')}</Text>}
            {form.singleQuestionFillout ? (
              <SingleQuestionView
                form={form}
                answers={answers}
                renderQuestion={renderQuestion}
                onLastQuestion={onLastQuestion}
              />
            ) : (
              <QuestionGroups
                form={form}
                ordered={inOrder(form.questions)}
                shown={rendered}
                settings={settings}
                data={data}
              />
            )}
            {engine.score !== null && isScoreShown && (
              <Text fw={700} aria-live="polite" data-form-score>
                {t('RENDERER.SCORE', { score: engine.score })}
              </Text>
            )}
            {mode !== 'staff' && footer && <RichText html={footer} />}
            {!isReadOnly && !isCheckHidden && (
              <Group gap="md">
                <Button variant="light" onClick={() => setCheckAll(true)}>
                  {t('RENDERER.CHECK')}
                </Button>
                {isCheckAll && (
                  <Alert
                    variant="light"
                    color={engine.invalidCount === 0 ? 'green' : 'red'}
                    p="xs"
                    role="status"
                  >
                    {engine.invalidCount === 0
                      ? t('RENDERER.ALL_VALID')
                      : t('RENDERER.NEEDS_ATTENTION', { count: engine.invalidCount })}
                  </Alert>
                )}
              </Group>
            )}
          </Stack>
        </Box>
      </RendererTextProvider>
    </RendererHostProvider>
  );
}

function isSameAnswer(a: Answer, b: Answer | undefined): boolean {
  return a === b || (b !== undefined && JSON.stringify(a) === JSON.stringify(b));
}
