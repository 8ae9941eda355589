import { assertNever, type FieldIssue } from '@trialbase/domain';
import { ChunkedInput, Deferred } from './chunked-input';
import type { QuestionInputProps } from './question-props';
import { CalculatedQuestion } from './questions/calculated-question';
import { CheckboxQuestion } from './questions/checkbox-question';
import { DateQuestion } from './questions/date-question';
import { DateTimeQuestion } from './questions/date-time-question';
import { InformationQuestion } from './questions/information-question';
import { MultipleChoiceQuestion } from './questions/multiple-choice-question';
import { MultipleResponseQuestion } from './questions/multiple-response-question';
import { NumberQuestion } from './questions/number-question';
import { ReferenceQuestion } from './questions/reference-question';
import { TextFreeQuestion } from './questions/text-free-question';
import { TextSentenceQuestion } from './questions/text-sentence-question';
import { TimeQuestion } from './questions/time-question';
import { YesNoQuestion } from './questions/yes-no-question';

// Types with heavy inputs (slider, number spinner, table with its dialog) load as their own chunks,
// so a participant's form without them stays small (issue 8 item 6); uploads (file and image, with the
// upload field, its checks and icons) and smileys (five icons) too (issue 16 item 5). The fill page
// asks for them as soon as its form is known (question-chunks.ts).
type QuestionInputSwitchProps = QuestionInputProps & {
  issues: readonly FieldIssue[];
  isAvailable: boolean;
  imageChart: string | null | undefined;
};

/** The component of each of the 22 question types (spec 001 §3); exhaustive over the union. */
export function QuestionInput(props: QuestionInputSwitchProps) {
  const { issues, isAvailable, imageChart, ...input } = props;
  const type = input.question.type;
  switch (type) {
    case 'CHECKBOX':
      return <CheckboxQuestion {...input} />;
    case 'YES_NO':
      return <YesNoQuestion {...input} />;
    case 'NUMBER':
      return <NumberQuestion {...input} />;
    case 'TEXT_SENTENCE':
      return <TextSentenceQuestion {...input} />;
    case 'TEXT_FREE':
      return <TextFreeQuestion {...input} />;
    case 'TIME':
      return <TimeQuestion {...input} />;
    case 'DATE':
      return <DateQuestion {...input} />;
    case 'DATE_TIME':
      return <DateTimeQuestion {...input} />;
    case 'TIME_DURATION':
      return (
        <Deferred>
          <ChunkedInput type="TIME_DURATION" render={(chunk) => <chunk.TimeDurationQuestion {...input} />} />
        </Deferred>
      );
    case 'MULTIPLE_CHOICE':
      return <MultipleChoiceQuestion {...input} />;
    case 'MULTIPLE_RESPONSE':
      return <MultipleResponseQuestion {...input} />;
    case 'SMILEY':
      return (
        <Deferred>
          <ChunkedInput type="SMILEY" render={(chunk) => <chunk.SmileyQuestion {...input} />} />
        </Deferred>
      );
    case 'SLIDER':
      return (
        <Deferred>
          <ChunkedInput type="SLIDER" render={(chunk) => <chunk.SliderQuestion {...input} />} />
        </Deferred>
      );
    case 'INFORMATION':
      return <InformationQuestion {...input} />;
    case 'TABLE':
      return (
        <Deferred>
          <ChunkedInput type="TABLE" render={(chunk) => <chunk.TableQuestion {...input} issues={issues} />} />
        </Deferred>
      );
    case 'IMAGE':
      return (
        <Deferred>
          <ChunkedInput
            type="IMAGE"
            render={(chunk) => <chunk.ImageQuestion {...input} imageChart={imageChart} />}
          />
        </Deferred>
      );
    case 'CALCULATED':
      return <CalculatedQuestion {...input} />;
    case 'FILE':
      return (
        <Deferred>
          <ChunkedInput type="FILE" render={(chunk) => <chunk.FileQuestion {...input} />} />
        </Deferred>
      );
    case 'MEDICATION_REF':
    case 'AE_REF':
    case 'AE_2_REF':
    case 'UNSCHEDULED_EVENT_REF':
      return <ReferenceQuestion {...input} isAvailable={isAvailable} />;
    default:
      return assertNever(type);
  }
}
