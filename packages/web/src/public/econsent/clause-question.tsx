import '@mantine/core/styles/Radio.css';
import { Group, Radio, Stack, Text } from '@mantine/core';
import type { ParticipantSignatureMeaning } from '@trialbase/domain';
import { usePublicTranslation } from '../app/use-public-translation';

/**
 * Issue 24 explicit consent: one clause of the document asked on its own, yes or no. The clause is
 * the author's text and keeps its own direction (`dir="auto"`) in a right-to-left page.
 */
export function ClauseQuestion({
  id,
  number,
  text,
  isRequired,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  number: number;
  text: string;
  isRequired: boolean;
  value: boolean | undefined;
  error: string | null;
  disabled: boolean;
  onChange: (answer: boolean) => void;
}) {
  const { t } = usePublicTranslation();
  return (
    <Radio.Group
      name={`clause-${id}`}
      value={value === undefined ? null : value ? 'yes' : 'no'}
      onChange={(next) => onChange(next === 'yes')}
      label={
        <Text component="span" fw={500}>
          {number}.{' '}
          <bdi dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </bdi>
        </Text>
      }
      required={isRequired}
      error={error}
      data-testid="econsent-clause"
      data-clause={id}
    >
      <Group mt="xs" gap="xl">
        <Radio value="yes" label={t('ECONSENT.SIGN.YES')} disabled={disabled} size="md" />
        <Radio value="no" label={t('ECONSENT.SIGN.NO')} disabled={disabled} size="md" />
      </Group>
    </Radio.Group>
  );
}

/** Who signs, when the study allows a legally authorised representative (21 CFR 11.50 meaning). */
export function MeaningChoice({
  meanings,
  value,
  disabled,
  onChange,
}: {
  meanings: readonly ParticipantSignatureMeaning[];
  value: ParticipantSignatureMeaning;
  disabled: boolean;
  onChange: (meaning: ParticipantSignatureMeaning) => void;
}) {
  const { t } = usePublicTranslation();
  return (
    <Radio.Group
      label={t('ECONSENT.SIGN.WHO_SIGNS')}
      value={value}
      onChange={(next) => onChange(meanings.find((meaning) => meaning === next) ?? value)}
    >
      <Stack mt="xs" gap="xs">
        {meanings.map((meaning) => (
          <Radio
            key={meaning}
            value={meaning}
            size="md"
            disabled={disabled}
            label={t(
              meaning === 'REPRESENTATIVE_CONSENT'
                ? 'ECONSENT.SIGN.AS_REPRESENTATIVE'
                : 'ECONSENT.SIGN.AS_PARTICIPANT',
            )}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
