import { Checkbox, Group, Radio, Stack } from '@mantine/core';
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

/** Radio buttons or check boxes over possibilities, in a group labelled by the question. */
export function ChoiceList(props: ChoiceListProps) {
  const { possibilities, answer, language, isMultiple, isHorizontal, onChange } = props;
  const chosen = answer.possibilities;
  const Layout = isHorizontal ? Group : Stack;
  const items = possibilities.map((p) => {
    const label = toPlainText(pickText(p.possibility, language));
    return isMultiple ? (
      <Checkbox
        key={p.id}
        value={p.id}
        label={label}
        checked={chosen.includes(p.id)}
        onChange={(event) =>
          onChange({
            ...answer,
            possibilities: event.currentTarget.checked
              ? [...chosen, p.id]
              : chosen.filter((id) => id !== p.id),
          })
        }
        onBlur={props.onBlur}
      />
    ) : (
      <Radio
        key={p.id}
        name={props.name}
        value={p.id}
        label={label}
        checked={chosen[0] === p.id}
        onChange={() => onChange({ ...answer, possibilities: [p.id] })}
        onBlur={props.onBlur}
      />
    );
  });
  return (
    <Layout
      role={isMultiple ? 'group' : 'radiogroup'}
      aria-required={(!isMultiple && props.isRequired) || undefined}
      aria-labelledby={props.labelId}
      aria-describedby={props.describedBy}
      aria-invalid={props.isInvalid}
      gap="xs"
      {...(isHorizontal ? { wrap: 'wrap' } : {})}
    >
      {items}
    </Layout>
  );
}
