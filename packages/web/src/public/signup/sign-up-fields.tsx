import '@mantine/core/styles/SimpleGrid.css';
import { Box, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  isPartialSignUpAddress,
  SIGNUP_ADDRESS_PARTS,
  SIGNUP_MIN_DATE,
  STUDY_LANGUAGES,
} from '@trialbase/domain';
import type { ReactNode } from 'react';
import type { PublicKey } from '../app/i18n';
import { usePublicTranslation } from '../app/use-public-translation';
import { fieldErrorText } from './field-messages';
import { addressOf } from './sign-up-form';
import { CountryInput, type FieldProps, PhoneInput, TOUCH } from './sign-up-inputs';

type Asked = { field: string; required: boolean };

const NAME_FIELDS = new Set([
  'firstName',
  'lastName',
  'initials',
  'investigatorFirstName',
  'investigatorLastName',
]);
const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  birthYear: 'bday-year',
  dateOfBirth: 'bday',
};

/**
 * Spec 002 §3, §5: the asked fields of the investigator or your-information step, one column on
 * phones and two otherwise; the address spans both columns.
 */
export function SignUpFields(
  props: FieldProps & {
    fields: Asked[];
    languages: readonly string[];
    isLanguageLocked: boolean;
  },
) {
  const { t } = usePublicTranslation();
  const today = new Date().toISOString().slice(0, 10);
  const error = (key: string) => fieldErrorText(t, key, props.errors[key]);
  const label = (field: string) => t(`SIGNUP.FIELDS.${field}` as PublicKey);
  const bind = (key: string) => ({
    value: props.values[key] ?? '',
    error: error(key),
    onChange: (event: { currentTarget: { value: string } }) => props.onChange(key, event.currentTarget.value),
  });

  function control({ field, required }: Asked): ReactNode {
    switch (field) {
      case 'mobileNumber':
      case 'homeNumber':
      case 'workNumber':
        return <PhoneInput {...props} field={field} required={required} />;
      case 'gender':
        return (
          <NativeSelect
            label={label(field)}
            withAsterisk={required}
            {...TOUCH}
            {...bind(field)}
            data={[
              { value: '', label: t('SIGNUP.CHOOSE') },
              ...(['0', '1', '2'] as const).map((code) => ({
                value: code,
                label: t(`SIGNUP.GENDER.${code}`),
              })),
            ]}
          />
        );
      case 'language':
        return (
          <NativeSelect
            label={label(field)}
            withAsterisk={required}
            {...TOUCH}
            disabled={props.isLanguageLocked}
            {...bind(field)}
            data={[
              { value: '', label: t('SIGNUP.CHOOSE') },
              ...props.languages.map((code) => ({
                value: code,
                label: STUDY_LANGUAGES.find((l) => l.code === code)?.nativeName ?? code,
              })),
            ]}
          />
        );
      case 'nationality':
        return (
          <CountryInput
            label={label(field)}
            required={required}
            value={props.values[field] ?? ''}
            error={error(field)}
            onChange={(value) => props.onChange(field, value)}
          />
        );
      case 'dateOfBirth':
        return (
          <TextInput
            label={label(field)}
            withAsterisk={required}
            {...TOUCH}
            type="date"
            min={SIGNUP_MIN_DATE}
            max={today}
            autoComplete="bday"
            {...bind(field)}
          />
        );
      case 'address':
        return (
          <Box component="fieldset" m={0} p={0} style={{ border: 0, minInlineSize: 0 }}>
            <Text component="legend" fw={600} mb="xs">
              {label(field)}
              {required ? ' *' : ''}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {SIGNUP_ADDRESS_PARTS.map((part) => {
                const key = `address.0.${part}`;
                return part === 'country' ? (
                  <CountryInput
                    key={part}
                    label={label(part)}
                    required={required}
                    value={props.values[key] ?? ''}
                    error={error(key)}
                    onChange={(value) => props.onChange(key, value)}
                  />
                ) : (
                  <TextInput
                    key={part}
                    label={label(part)}
                    withAsterisk={required}
                    {...TOUCH}
                    {...bind(key)}
                  />
                );
              })}
            </SimpleGrid>
            {!required && isPartialSignUpAddress(addressOf(props.values)) && (
              <Text size="sm" c="dimmed" mt="xs" role="status" data-testid="address-incomplete">
                {t('SIGNUP.ADDRESS_INCOMPLETE')}
              </Text>
            )}
          </Box>
        );
      default:
        return (
          <TextInput
            label={label(field)}
            withAsterisk={required}
            {...TOUCH}
            type={field.toLowerCase().includes('email') ? 'email' : 'text'}
            inputMode={field === 'birthYear' || field === 'ssChecksum' ? 'numeric' : undefined}
            autoComplete={AUTOCOMPLETE[field] ?? (NAME_FIELDS.has(field) ? 'off' : undefined)}
            description={field === 'ssChecksum' ? t('SIGNUP.SS_HELP') : undefined}
            {...bind(field)}
          />
        );
    }
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {props.fields.map((asked) => (
        <Box key={asked.field} style={asked.field === 'address' ? { gridColumn: '1 / -1' } : undefined}>
          {control(asked)}
        </Box>
      ))}
    </SimpleGrid>
  );
}
