import { Checkbox, Stack, Text } from '@mantine/core';
import { assertNever, type PublicSiteInfo, type SignUpStep } from '@trialbase/domain';
import { usePublicTranslation } from '../app/use-public-translation';
import { RichText } from './rich-text';
import { SignUpFields } from './sign-up-fields';
import type { FieldErrors, SignUpValues } from './sign-up-form';

/** Spec 002 §2: a per-language text in the participant's language, then primary, then English. */
function localized(text: Record<string, string> | null, language: string, primary: string): string {
  if (!text) return '';
  return text[language] ?? text[primary] ?? text.en ?? Object.values(text)[0] ?? '';
}

type Props = {
  step: SignUpStep;
  info: PublicSiteInfo;
  language: string;
  consent: { checked: boolean; hasError: boolean; onChange: (checked: boolean) => void };
  form: {
    fields: { field: string; required: boolean }[];
    values: SignUpValues;
    errors: FieldErrors;
    onChange: (key: string, value: string) => void;
    isLanguageLocked: boolean;
  };
};

/** Spec 002 §2 the body of one sign-up step: welcome, introduction, consent, investigator, your information. */
export function SignUpStepContent({ step, info, language, consent, form }: Props) {
  const { t } = usePublicTranslation();
  const fields = (
    <SignUpFields
      fields={form.fields}
      values={form.values}
      errors={form.errors}
      onChange={form.onChange}
      languages={info.languages}
      isLanguageLocked={form.isLanguageLocked}
    />
  );
  switch (step) {
    case 'welcome':
      return <RichText text={info.studyDescription ?? info.studyName} testId="signup-welcome" />;
    case 'introduction':
      return (
        <RichText
          text={localized(info.publicIntroText, language, info.primaryLanguage)}
          testId="signup-intro"
        />
      );
    case 'consent':
      return (
        <Stack>
          <RichText
            text={localized(info.consentText, language, info.primaryLanguage)}
            testId="signup-consent"
          />
          <Checkbox
            size="md"
            checked={consent.checked}
            onChange={(event) => consent.onChange(event.currentTarget.checked)}
            label={t('SIGNUP.CONSENT_ACCEPT')}
            error={consent.hasError ? t('SIGNUP.CONSENT_REQUIRED') : undefined}
            aria-invalid={consent.hasError || undefined}
            styles={{ body: { minBlockSize: 44 } }}
          />
        </Stack>
      );
    case 'investigator':
      return (
        <Stack>
          <Text>{t('SIGNUP.INVESTIGATOR_INTRO')}</Text>
          {fields}
        </Stack>
      );
    case 'yourInformation':
      return (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('SIGNUP.REQUIRED_NOTE')}
          </Text>
          {fields}
        </Stack>
      );
    default:
      return assertNever(step);
  }
}
