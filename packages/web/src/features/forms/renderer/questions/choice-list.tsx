import type { Answer, Possibility } from '@trialbase/domain';
import { pickText, toPlainText } from '../text';

type ChoiceListProps = {
  possibilities: Possibility[];
  answer: Answer;
  language: string;
  name: string;
  labelId: string;
  describedBy: string | undefined;
  isInvalid: boolean;
  isMultiple: boolean;
  isHorizontal: boolean;
  /** A single choice the form requires (announced on the radio group). */
  isRequired?: boolean;
  onChange: (next: Answer) => void;
  onBlur: () => void;
};

/**
 * Radio buttons or check boxes over possibilities, in a group labelled by the question. Native
 * inputs inside their labels (issue 16 item 6): a Mantine Radio was five components per option.
 */
export function ChoiceList(props: ChoiceListProps) {
  const { possibilities, answer, language, isMultiple, isHorizontal, onChange } = props;
  const chosen = answer.possibilities;
  const items = possibilities.map((p) => {
    const label = toPlainText(pickText(p.possibility, language));
    const isChecked = isMultiple ? chosen.includes(p.id) : chosen[0] === p.id;
    return (
      <label key={p.id} className="tb-choice">
        <input
          type={isMultiple ? 'checkbox' : 'radio'}
          name={props.name}
          value={p.id}
          checked={isChecked}
          onChange={(event) => {
            if (!isMultiple) onChange({ ...answer, possibilities: [p.id] });
            else
              onChange({
                ...answer,
                possibilities: event.currentTarget.checked
                  ? [...chosen, p.id]
                  : chosen.filter((id) => id !== p.id),
              });
          }}
          onBlur={props.onBlur}
        />
        <span dir="auto">{label}</span>
      </label>
    );
  });
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-required is set only with role radiogroup, which supports it
    <div
      className="tb-choices"
      data-horizontal={isHorizontal || undefined}
      role={isMultiple ? 'group' : 'radiogroup'}
      aria-required={(!isMultiple && props.isRequired) || undefined}
      aria-labelledby={props.labelId}
      aria-describedby={props.describedBy}
      aria-invalid={props.isInvalid}
    >
      {items}
    </div>
  );
}
