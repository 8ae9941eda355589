import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import type { PublicKey } from '../app/i18n';
import { usePublicTranslation } from '../app/use-public-translation';
import { fieldErrorText } from './field-messages';
import { type FieldErrors, knownCallingCodes, knownCountryCodes, type SignUpValues } from './sign-up-form';

export type FieldProps = {
  values: SignUpValues;
  errors: FieldErrors;
  onChange: (key: string, value: string) => void;
};

/** Touch targets of at least 44 px (issue 8 layout). */
export const TOUCH = { size: 'md', styles: { input: { minBlockSize: 44 } } } as const;

let countryCodes: string[] | null = null;
let callingCodes: number[] | null = null;

function regionNames(language: string): (code: string) => string {
  try {
    // eslint-disable-next-line compat/compat -- Safari 14 and Firefox 78 lack it: the catch falls back to the code.
    const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Spec 002 §5: country and nationality from the known list by name, sent as the two-letter code. */
export function CountryInput(props: {
  label: string;
  value: string;
  required: boolean;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { language } = usePublicTranslation();
  const listId = useId();
  const options = useMemo(() => {
    countryCodes ??= knownCountryCodes();
    const nameOf = regionNames(language);
    return countryCodes
      .map((code) => ({ code, name: nameOf(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }, [language]);
  const nameOf = (code: string) => options.find((o) => o.code === code)?.name ?? code;
  const [text, setText] = useState(() => (props.value ? nameOf(props.value) : ''));
  const handleChange = (next: string) => {
    setText(next);
    const typed = next.trim().toLocaleLowerCase(language);
    const match = options.find(
      (o) => o.name.toLocaleLowerCase(language) === typed || o.code.toLowerCase() === typed,
    );
    // Unmatched text is kept as typed so the shared rule reports it (shown as the no-match text).
    props.onChange(match ? match.code : next.trim());
  };
  return (
    <>
      <TextInput
        label={props.label}
        withAsterisk={props.required}
        {...TOUCH}
        value={text}
        error={props.error}
        onChange={(event) => handleChange(event.currentTarget.value)}
        list={listId}
        autoComplete="off"
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o.code} value={o.name} />
        ))}
      </datalist>
    </>
  );
}

/** Spec 002 §5 phone: a known country calling code and the number, digits only. */
export function PhoneInput(props: FieldProps & { field: string; required: boolean }) {
  const { t } = usePublicTranslation();
  callingCodes ??= knownCallingCodes();
  const codeKey = `${props.field}.0.countryCode`;
  const numberKey = `${props.field}.0.number`;
  const error = (key: string) => fieldErrorText(t, key, props.errors[key]);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NativeSelect
        label={t('SIGNUP.FIELDS.countryCode')}
        w={128}
        size="md"
        styles={{ input: { minBlockSize: 44 }, label: { whiteSpace: 'nowrap' } }}
        value={props.values[codeKey] ?? ''}
        error={error(codeKey)}
        onChange={(event) => props.onChange(codeKey, event.currentTarget.value)}
        data={[
          { value: '', label: '—' },
          ...callingCodes.map((code) => ({ value: String(code), label: `+${code}` })),
        ]}
      />
      <TextInput
        style={{ flex: 1, minInlineSize: 0 }}
        label={t(`SIGNUP.FIELDS.${props.field}` as PublicKey)}
        withAsterisk={props.required}
        {...TOUCH}
        type="tel"
        inputMode="numeric"
        autoComplete={props.field === 'mobileNumber' ? 'tel-national' : 'off'}
        value={props.values[numberKey] ?? ''}
        error={error(numberKey)}
        onChange={(event) => props.onChange(numberKey, event.currentTarget.value)}
      />
    </Group>
  );
}
