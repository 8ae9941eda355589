import { Box } from '@mantine/core';
import { type Answer, type FillForm, isRightToLeft } from '@trialbase/domain';
import type { ReactNode } from 'react';
import type { FormEngineResult } from '../forms/renderer/engine';
import { FormRenderer } from '../forms/renderer/form-renderer';
import type { QuestionErrors } from './server-errors';
import classes from './staff-form-view.module.css';
import type { ChartDraft } from './use-token-forms';

type StaffFormViewProps = {
  fillForm: FillForm;
  answers: readonly Answer[];
  /** The page's engine result for these answers (useStaffFormEngine): the renderer does not run it again. */
  engine?: FormEngineResult | undefined;
  onChange: (answers: Answer[]) => void;
  language: string;
  /** The study's modules and its date formats (spec 000 §9: date inputs show and take them). */
  study: { id: string; modules: readonly string[]; dateFormat?: string; dateTimeFormat?: string };
  isReadOnly: boolean;
  externalErrors?: QuestionErrors | undefined;
  isShowingAllIssues?: boolean;
  renderQuestionAddon?: (questionId: string) => ReactNode;
  /** The image chart drawing of an image chart form (spec 001 §2 drawing card). */
  chart: ChartDraft;
  onChartChange: (chart: ChartDraft) => void;
};

/**
 * One form of the token in the shared renderer (staff audience: unavailable marks, staff-only
 * questions), in the form's content language and direction; the renderer draws the score line of score forms (spec 001 §2).
 */
export function StaffFormView({
  fillForm,
  language,
  study,
  chart,
  onChartChange,
  ...props
}: StaffFormViewProps) {
  return (
    <Box
      className={classes.view}
      lang={language}
      dir={isRightToLeft(language) ? 'rtl' : 'ltr'}
      data-testid="staff-form"
      data-form-id={fillForm.formId}
    >
      <FormRenderer
        key={fillForm.formId}
        form={fillForm.form}
        answers={props.answers}
        engine={props.engine}
        onChange={props.onChange}
        mode="staff"
        language={language}
        study={study}
        dateFormat={study.dateFormat}
        dateTimeFormat={study.dateTimeFormat}
        isReadOnly={props.isReadOnly}
        externalErrors={props.externalErrors}
        isShowingAllIssues={props.isShowingAllIssues}
        renderQuestionAddon={props.renderQuestionAddon}
        imageChartMarkers={chart.imageChartMarkers}
        imageChartAnswers={chart.imageChartAnswers}
        onImageChartChange={(value) =>
          onChartChange({ imageChartMarkers: value.markers, imageChartAnswers: value.answers })
        }
      />
    </Box>
  );
}
