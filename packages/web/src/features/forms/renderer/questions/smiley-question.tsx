import { Group, UnstyledButton } from '@mantine/core';
import { IconMoodCry, IconMoodEmpty, IconMoodHappy, IconMoodSad, IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type QuestionInputProps, visiblePossibilities } from '../question-props';
import { pickText, toPlainText } from '../text';
import classes from './smiley-question.module.css';

const FACES = [IconMoodCry, IconMoodSad, IconMoodEmpty, IconMoodSmile, IconMoodHappy] as const;
const LEVEL_KEYS = ['LEVEL_1', 'LEVEL_2', 'LEVEL_3', 'LEVEL_4', 'LEVEL_5'] as const;

/** SMILEY: five faces from worst to best, one answer; each face is named for screen readers (spec 001 §3). */
export function SmileyQuestion({
  question,
  answer,
  language,
  labelId,
  describedBy,
  isInvalid,
  hiddenPossibilities,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const { t } = useTranslation();
  const possibilities = visiblePossibilities(question, hiddenPossibilities).slice(0, FACES.length);
  const chosen = answer.possibilities[0];
  return (
    <Group
      gap="xs"
      role="radiogroup"
      aria-required={question.required || undefined}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={isInvalid}
    >
      {possibilities.map((p, index) => {
        const Face = FACES[index] ?? IconMoodEmpty;
        const text = toPlainText(pickText(p.possibility, language));
        const name = text || t(`RENDERER.SMILEY.${LEVEL_KEYS[index] ?? 'LEVEL_3'}`);
        const isChosen = chosen === p.id;
        return (
          <UnstyledButton
            key={p.id}
            role="radio"
            aria-checked={isChosen}
            aria-label={name}
            title={name}
            className={classes.face}
            data-level={index + 1}
            data-checked={isChosen || undefined}
            onClick={() => onChange({ ...answer, possibilities: isChosen ? [] : [p.id] })}
            onBlur={onBlur}
          >
            <Face size={40} stroke={1.5} aria-hidden />
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
