import { Alert, Anchor, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import {
  type Answer,
  type DeviceClass,
  type FormTemplate,
  type PublicProcess,
  STUDY_LANGUAGES,
} from '@trialbase/domain';
import { lazy, memo, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { FormRenderer } from '../../features/forms/renderer/form-renderer';
import type { RendererUpload } from '../../features/forms/renderer/host';
import { RichText } from '../../features/forms/renderer/rich-text';
import { isolateText, pickText, pickTextLanguage } from '../../features/forms/renderer/text';
import { useFormEngine } from '../../features/forms/renderer/use-form-engine';
import { usePublicTranslation } from '../app/use-public-translation';
import {
  deviceClassOf,
  isLicensedFor,
  isTooNarrow,
  licensedClassesOf,
  needsRotateForScale,
  useViewport,
} from './device';
import { Eq5dPager } from './eq5d-pager';
import type { SaveState } from './use-draft-save';

type ProcessForm = PublicProcess['forms'][number];

export type FillStepProps = {
  process: PublicProcess;
  entry: ProcessForm;
  /** 1-based place of this form and how many the event has. */
  current: number;
  total: number;
  language: string;
  answers: Answer[];
  onAnswersChange: (answers: Answer[]) => void;
  onContinue: () => void;
  onBack: (() => void) | null;
  isLast: boolean;
  isBusy: boolean;
  /** A completed form reached with Back: shown read-only, Continue moves on. */
  isCompleted: boolean;
  externalErrors: ReadonlyMap<string, readonly string[]>;
  saveState: SaveState;
  upload: RendererUpload;
  imageUrl: (imageId: string) => string;
};

const EMPTY_MODULES: readonly string[] = [];

/** A modal of its own chunk: only a form opened on a device its licence leaves out loads it. */
const LicenceDialog = lazy(() => import('./licence-dialog'));

/**
 * Spec 002 §2 Questionnaire fill: header with study and event name, progress, 'viewing X of Y', an
 * info-text page first when the form asks for it, the form in the shared renderer (public audience),
 * device hints, the missing-answers warning and Back / Continue / Submit (disabled while invalid).
 */
export function FillStep(props: FillStepProps) {
  const { process, entry, language, answers, isCompleted } = props;
  const { t } = usePublicTranslation();
  const viewport = useViewport();
  const device = deviceClassOf(viewport);
  const [isInfoShown, setInfoShown] = useState(() => entry.form.showInfoText === true && !isCompleted);
  const [isShowingAll, setShowingAll] = useState(false);
  const [isLicenceDialogClosed, setLicenceDialogClosed] = useState(false);
  const [isEq5dAtEnd, setEq5dAtEnd] = useState(false);
  const [eq5dJump, setEq5dJump] = useState<{ questionId: string; seq: number } | null>(null);
  const [isSingleAtEnd, setSingleAtEnd] = useState(false);
  const form = entry.form as FormTemplate;
  // The info text had its own page: the renderer does not repeat it.
  const shownForm = useMemo(() => ({ ...form, showInfoText: false }), [form]);
  // Issue 16 item 6: one engine run per change, shared with the renderer below.
  const engine = useFormEngine({ form, answers, audience: 'public' });
  const isInvalid = !isCompleted && (engine.invalidCount > 0 || props.externalErrors.size > 0);
  const isEq5d = form.type === 'TYPE_EQ_5D';
  // Spec 002 §2: the licence follows the form's own device classes (none = no limit).
  const licensed = useMemo(() => licensedClassesOf(entry.form), [entry.form]);
  const isUnlicensed = !isLicensedFor(licensed, device);
  const progress = Math.round(((props.current - 1) / Math.max(props.total, 1)) * 100);
  const infoText = pickText(form.infoText, language);
  // Single-question mode: Submit and the missing-answers warning wait for the last question.
  const isAtEnd = form.singleQuestionFillout ? isSingleAtEnd : !isEq5d || isEq5dAtEnd;
  // Issue 18 item 6: the form's own language, stated when it is not the participant's.
  const contentLanguage = pickTextLanguage(form.title, language) ?? language;

  // Stable handlers for the memoised header and footer: a keystroke re-renders neither (issue 16 item 6).
  const latest = useRef({ props, engine });
  latest.current = { props, engine };
  const handleContinue = useCallback(() => latest.current.props.onContinue(), []);
  const handleBack = useCallback(() => latest.current.props.onBack?.(), []);
  const handleShowMissing = useCallback(() => {
    const current = latest.current;
    setShowingAll(true);
    const first = current.engine.shown.find(
      (q) =>
        (current.engine.views.get(q.id)?.issues.length ?? 0) > 0 || current.props.externalErrors.has(q.id),
    );
    // Paged EQ-5D: go to the page of the first question that needs an answer.
    if (first && isEq5d) setEq5dJump((prev) => ({ questionId: first.id, seq: (prev?.seq ?? 0) + 1 }));
    else if (first)
      document.querySelector(`[data-question-id="${first.id}"]`)?.scrollIntoView({ block: 'center' });
  }, [isEq5d]);

  return (
    <Stack gap="md" data-fill-form={entry.formId}>
      <FillHeader
        studyName={process.studyName}
        eventName={pickText(process.dataEvent.name, language)}
        progress={progress}
        current={props.current}
        total={props.total}
        isTooNarrow={isTooNarrow(form, viewport)}
        contentLanguage={contentLanguage}
        language={language}
      />
      {isUnlicensed ? (
        // Spec 002 §8: the form cannot be sent from this device, so it is not offered at all.
        <Alert color="yellow" variant="light" role="status" data-licence-blocked>
          <LicenceText device={device} licences={licensed} />
        </Alert>
      ) : isInfoShown ? (
        <Stack gap="md" data-info-page>
          <Title order={2} fz="h3">
            {t('QUESTIONNAIRE.INFO_TITLE')}
          </Title>
          {infoText && <RichText html={infoText} />}
          <Group justify="flex-end">
            <Button size="md" onClick={() => setInfoShown(false)}>
              {t('QUESTIONNAIRE.START')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          {/* With the scale on screen, not over the info page. */}
          {needsRotateForScale(form, viewport) && (
            <Alert color="blue" variant="light" role="status">
              {t('QUESTIONNAIRE.ROTATE_HINT')}
            </Alert>
          )}
          {isEq5d ? (
            <Eq5dPager
              form={shownForm}
              device={device}
              language={language}
              answers={answers}
              onChange={props.onAnswersChange}
              isReadOnly={isCompleted || props.isBusy}
              isShowingAllIssues={isShowingAll}
              jumpTo={eq5dJump}
              onPageChange={setEq5dAtEnd}
              dateFormat={process.dateFormat}
              dateTimeFormat={process.dateTimeFormat}
            />
          ) : (
            <FormRenderer
              form={shownForm}
              answers={answers}
              onChange={props.onAnswersChange}
              mode="public"
              language={language}
              study={{ id: process.studyId, modules: EMPTY_MODULES }}
              isReadOnly={isCompleted}
              externalErrors={props.externalErrors}
              isShowingAllIssues={isShowingAll}
              isCheckHidden
              upload={props.upload}
              imageUrl={props.imageUrl}
              engine={engine}
              dateFormat={process.dateFormat}
              dateTimeFormat={process.dateTimeFormat}
              onLastQuestion={setSingleAtEnd}
            />
          )}
          <FillFooter
            isMissingShown={isInvalid && (isAtEnd || (isEq5d && isShowingAll))}
            // Single-question mode keeps its own place in the form: no jump from here. EQ-5D pages can
            // be asked again for the next page that needs an answer.
            isCheckOffered={(!isShowingAll || isEq5d) && !form.singleQuestionFillout}
            onShowMissing={handleShowMissing}
            saveState={props.saveState}
            onBack={props.onBack ? handleBack : null}
            isActionShown={isAtEnd || isEq5d || isCompleted}
            onContinue={handleContinue}
            isContinueDisabled={isInvalid || isUnlicensed}
            isBusy={props.isBusy}
            isLast={props.isLast}
          />
        </>
      )}
      {isUnlicensed && !isLicenceDialogClosed && (
        <Suspense fallback={null}>
          <LicenceDialog onClose={() => setLicenceDialogClosed(true)}>
            <LicenceText device={device} licences={licensed} />
          </LicenceDialog>
        </Suspense>
      )}
    </Stack>
  );
}

/** Study, event, progress and the device and language notes: unchanged by a keystroke, so not drawn again. */
const FillHeader = memo(function FillHeader(props: {
  studyName: string;
  eventName: string;
  progress: number;
  current: number;
  total: number;
  isTooNarrow: boolean;
  contentLanguage: string;
  language: string;
}) {
  const { t } = usePublicTranslation();
  const { contentLanguage } = props;
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" dir="auto">
          {props.studyName}
        </Text>
        <Title order={1} fz="h2" dir="auto">
          {props.eventName}
        </Title>
      </Stack>
      <Progress value={props.progress} aria-label={t('QUESTIONNAIRE.PROGRESS')} />
      <Text size="sm" aria-live="polite" data-viewing>
        {t('QUESTIONNAIRE.VIEWING', { current: props.current, total: props.total })}
      </Text>
      {props.isTooNarrow && (
        <Alert color="yellow" variant="light" role="status">
          {t('QUESTIONNAIRE.UNSUPPORTED_DEVICE')}
        </Alert>
      )}
      {contentLanguage !== props.language && (
        <Alert color="blue" variant="light" role="status" data-form-language={contentLanguage}>
          {t('QUESTIONNAIRE.FORM_LANGUAGE_FALLBACK', {
            language: isolateText(languageName(contentLanguage)),
          })}
        </Alert>
      )}
    </>
  );
});

/** The missing-answers warning, the save state and Back / Continue / Submit: drawn again only when one changes. */
const FillFooter = memo(function FillFooter(props: {
  isMissingShown: boolean;
  isCheckOffered: boolean;
  onShowMissing: () => void;
  saveState: SaveState;
  onBack: (() => void) | null;
  isActionShown: boolean;
  onContinue: () => void;
  isContinueDisabled: boolean;
  isBusy: boolean;
  isLast: boolean;
}) {
  const { t } = usePublicTranslation();
  return (
    <>
      {/* Paged EQ-5D: the warning waits for the last page instead of greeting the first. */}
      {props.isMissingShown && (
        <Alert color="yellow" variant="light" role="status" data-missing-answers>
          <Stack gap={4} align="flex-start">
            <Text size="sm">{t('QUESTIONNAIRE.MISSING_ANSWERS')}</Text>
            {props.isCheckOffered && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="dark"
                underline="always"
                onClick={props.onShowMissing}
              >
                {t('RENDERER.CHECK')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      <SaveIndicator state={props.saveState} />
      <Group justify="space-between" gap="sm" className="tb-fill-actions">
        {props.onBack ? (
          <Button size="md" variant="default" onClick={props.onBack} disabled={props.isBusy}>
            {t('QUESTIONNAIRE.BACK')}
          </Button>
        ) : (
          <span />
        )}
        {props.isActionShown ? (
          <Button
            size="md"
            onClick={props.onContinue}
            disabled={props.isContinueDisabled}
            loading={props.isBusy}
            data-action={props.isLast ? 'submit' : 'continue'}
          >
            {t(props.isLast ? 'QUESTIONNAIRE.SUBMIT' : 'QUESTIONNAIRE.CONTINUE')}
          </Button>
        ) : (
          <span />
        )}
      </Group>
    </>
  );
});

function languageName(code: string): string {
  return STUDY_LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;
}

function SaveIndicator({ state }: { state: SaveState }) {
  const { t } = usePublicTranslation();
  const text =
    state === 'saving'
      ? t('QUESTIONNAIRE.SAVING')
      : state === 'saved'
        ? t('QUESTIONNAIRE.SAVED')
        : state === 'pending'
          ? t('QUESTIONNAIRE.SAVE_PENDING')
          : '';
  return (
    <Text
      size="sm"
      c={state === 'pending' ? 'orange.9' : 'dimmed'}
      aria-live="polite"
      mih={20}
      data-save-state={state}
    >
      {text}
    </Text>
  );
}

const DEVICE_KEYS = {
  MOBILE: 'QUESTIONNAIRE.DEVICE.MOBILE',
  TABLET: 'QUESTIONNAIRE.DEVICE.TABLET',
  DESKTOP: 'QUESTIONNAIRE.DEVICE.DESKTOP',
} as const;

/** Which device this is and which ones the form's licence covers. */
function LicenceText(props: { device: DeviceClass; licences: readonly DeviceClass[] }) {
  const { t } = usePublicTranslation();
  const allowed = props.licences.map((l) => t(DEVICE_KEYS[l])).join(` ${t('QUESTIONNAIRE.DEVICE.OR')} `);
  return <Text>{t('QUESTIONNAIRE.LICENCE_TEXT', { device: t(DEVICE_KEYS[props.device]), allowed })}</Text>;
}
