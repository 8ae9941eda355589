import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../app/form-errors';

type Errors<V> = Partial<Record<keyof V, string>>;

/**
 * The state of a medication entry form (records and accounting entries, issue 21): its values, the
 * catalog key of each field's error (cleared when the field changes), the form-level error, and
 * `showFailure` that maps a server refusal back onto the fields.
 */
export function useEntryFormState<V extends object>(initial: () => V) {
  const { t } = useTranslation(['common', 'medication']);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const patch = (next: Partial<V>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const copy = { ...current };
      for (const key of Object.keys(next)) delete copy[key as keyof V];
      return copy;
    });
  };
  const errorText = (field: keyof V) => {
    const key = errors[field];
    return key ? t(key as 'MEDICATION.TITLE') : undefined;
  };
  const showFailure = (error: unknown) => {
    const result = applyServerErrors(
      { setErrors: (e) => setErrors(e as Errors<V>), getValues: () => values },
      error,
    );
    setFormError(result.message);
  };
  return { values, patch, errors, setErrors, errorText, formError, setFormError, showFailure };
}
