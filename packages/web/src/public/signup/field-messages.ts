import type { PublicT } from '../app/use-public-translation';
import type { FieldError } from './sign-up-form';

const NAME_FIELDS = ['firstName', 'lastName', 'initials', 'investigatorFirstName', 'investigatorLastName'];
const DIGIT_FIELDS = ['ssChecksum', 'mobileNumber', 'homeNumber', 'workNumber'];
const EMAIL_FIELDS = ['email', 'investigatorEmail'];
const COUNTRY_FIELDS = ['nationality', 'country'];

/** The field a form key names: `address.0.city` → `city`, `mobileNumber.0.number` → `mobileNumber`. */
function fieldOf(key: string): string {
  const parts = key.split('.');
  if (parts[0] === 'address') return parts[2] ?? 'address';
  return parts[0] ?? key;
}

/**
 * Spec 002 §5, §8: the participant's text for a sign-up field problem. The domain and the server
 * return the spec's template keys (PUBLIC.VALIDATION.*); "invalid" gets the field's own hint.
 */
export function fieldErrorText(t: PublicT, key: string, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const field = fieldOf(key);
  const params = error.params ?? {};
  const message = error.message;
  if (message.endsWith('CONSENT_REQUIRED')) return t('SIGNUP.CONSENT_REQUIRED');
  if (message.endsWith('INVALID_PHONENUMBER')) return t('SIGNUP.VALIDATION.INVALID_PHONENUMBER');
  if (message.endsWith('.REQUIRED')) return t('SIGNUP.VALIDATION.REQUIRED');
  if (message.endsWith('.MAX_LENGTH')) return t('SIGNUP.VALIDATION.MAX_LENGTH', { length: params.length });
  if (message.endsWith('.MIN_VALUE')) return t('SIGNUP.VALIDATION.MIN_VALUE', { min: params.min });
  if (message.endsWith('.MAX_VALUE')) return t('SIGNUP.VALIDATION.MAX_VALUE', { max: params.max });
  if (key.endsWith('countryCode')) return t('SIGNUP.VALIDATION.VALID');
  if (NAME_FIELDS.includes(field)) return t('SIGNUP.VALIDATION.NAME');
  if (DIGIT_FIELDS.includes(field)) return t('SIGNUP.VALIDATION.DIGITS');
  if (EMAIL_FIELDS.includes(field)) return t('SIGNUP.VALIDATION.EMAIL');
  if (COUNTRY_FIELDS.includes(field)) return t('SIGNUP.NO_COUNTRY_MATCH');
  return t('SIGNUP.VALIDATION.VALID');
}
