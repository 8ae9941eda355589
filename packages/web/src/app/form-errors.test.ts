import { SiteInputSchema } from '@trialbase/domain';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import serverErrorsDe from '../locales/de/server-errors.json';
import signupEn from '../locales/en/public-signup.json';
import serverErrorsEn from '../locales/en/server-errors.json';
import signupFr from '../locales/fr/public-signup.json';
import { applyServerErrors, domainResolver, serverErrorMessage } from './form-errors';
import { HttpError } from './http';

const SERVER_TEXT = 'Server English text that must never reach the user';

/** An area's own message keys, as feature catalogs carry them. */
const AREA = {
  en: { AREA: { NAME_TAKEN: 'This name is taken.', NAME: 'Enter a name.', LAST_ADMIN: 'Last admin.' } },
  de: {
    AREA: { NAME_TAKEN: 'Dieser Name ist vergeben.', NAME: 'Namen eingeben.', LAST_ADMIN: 'Letzter Admin.' },
  },
};

beforeAll(async () => {
  await i18next.init({
    resources: {
      en: { translation: { ...serverErrorsEn, ...AREA.en } },
      de: { translation: { ...serverErrorsDe, ...AREA.de } },
    },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

beforeEach(async () => {
  await i18next.changeLanguage('en');
});

function failure(status: number, body: object | null) {
  return new HttpError('POST', '/api/x', status, body as never);
}

function validation(issues: object[], extra: object = {}) {
  return failure(400, { type: 'VALIDATION', message: SERVER_TEXT, context: { issues }, ...extra });
}

/** A stand-in for Mantine's form: the values it holds and the errors last set on it. */
function formWith(values: object) {
  const form = {
    errors: {} as Record<string, string>,
    getValues: () => values,
    setErrors: (errors: Record<string, string>) => {
      form.errors = errors;
    },
  };
  return form;
}

const VALUES = {
  name: '',
  address: { city: '', street: '' },
  tags: ['a', 'b'],
  questions: [
    { title: '', minLength: 1 },
    { title: '', minLength: 1 },
    { title: '', minLength: 1 },
    { title: '', minLength: 2 },
  ],
};

function allTexts(form: { errors: Record<string, string> }, message: string | null): string {
  return [...Object.values(form.errors), message ?? ''].join(' ');
}

describe('applyServerErrors (issue 14 item 7)', () => {
  it('puts nested and array paths on their form fields', () => {
    const form = formWith(VALUES);
    const result = applyServerErrors(
      form,
      validation([
        { path: ['questions', 3, 'minLength'], message: SERVER_TEXT },
        { path: ['address', 'city'], message: 'AREA.NAME_TAKEN' },
        { path: ['body', 'name'], message: SERVER_TEXT },
      ]),
    );
    expect(result).toEqual({ mapped: true, message: null });
    expect(form.errors).toEqual({
      'questions.3.minLength': 'This value is not valid.',
      'address.city': 'This name is taken.',
      name: 'This value is not valid.',
    });
  });

  it('puts a path under a plain value or a list on that field', () => {
    const form = formWith(VALUES);
    applyServerErrors(form, validation([{ path: ['tags', 7], message: SERVER_TEXT }]));
    expect(form.errors).toEqual({ tags: 'This value is not valid.' });
  });

  it('sends unknown paths to the form-level message', () => {
    const form = formWith(VALUES);
    const result = applyServerErrors(
      form,
      validation([
        { path: ['address', 'country'], message: SERVER_TEXT },
        { path: ['questions', 9, 'title'], message: 'AREA.NAME_TAKEN' },
        { path: ['nothing'], message: SERVER_TEXT },
      ]),
    );
    expect(result.mapped).toBe(false);
    expect(form.errors).toEqual({});
    expect(result.message).toBe(
      'Some values are not valid. Check the form and try again. This name is taken.',
    );
  });

  it('follows the field map, including prefixes and paths sent to the form level', () => {
    const form = formWith(VALUES);
    const result = applyServerErrors(
      form,
      validation([
        { path: ['location', 'town'], message: SERVER_TEXT },
        { path: ['internal'], message: 'AREA.LAST_ADMIN' },
        { path: ['title'], message: SERVER_TEXT },
      ]),
      { fieldMap: { location: 'address', 'location.town': 'address.city', internal: null, title: 'name' } },
    );
    expect(form.errors).toEqual({
      'address.city': 'This value is not valid.',
      name: 'This value is not valid.',
    });
    expect(result).toEqual({ mapped: true, message: 'Last admin.' });
  });

  it('uses the area’s field message for an issue without a catalog key', () => {
    const form = formWith(VALUES);
    applyServerErrors(form, validation([{ path: ['name'], message: SERVER_TEXT }]), {
      fieldMessage: (field) => (field === 'name' ? i18next.t('AREA.NAME' as never) : null),
    });
    expect(form.errors).toEqual({ name: 'Enter a name.' });
  });

  it('puts an error id on its field, by the area’s message for that id', () => {
    const form = formWith(VALUES);
    const result = applyServerErrors(
      form,
      failure(409, { type: 'CONFLICT', id: 'DUPLICATE_NAME', message: SERVER_TEXT }),
      { idFields: { DUPLICATE_NAME: 'name' }, messages: { DUPLICATE_NAME: 'AREA.NAME_TAKEN' } },
    );
    expect(result).toEqual({ mapped: true, message: null });
    expect(form.errors).toEqual({ name: 'This name is taken.' });
  });

  it('shows an issue on a field by the error id when the issue has no key', () => {
    const form = formWith(VALUES);
    applyServerErrors(form, validation([{ path: ['name'], message: SERVER_TEXT }], { id: 'DUPLICATE_NAME' }));
    expect(form.errors).toEqual({ name: 'This name is already in use.' });
  });

  it('chooses a form-level message by id, then type, then status, in the user’s language', async () => {
    const form = formWith(VALUES);
    const byId = failure(409, { type: 'CONFLICT', id: 'SUBJECT_ID_DUPLICATE', message: SERVER_TEXT });
    const byType = failure(409, { type: 'PRECONDITION', message: SERVER_TEXT });
    const byStatus = failure(502, null);
    expect(applyServerErrors(form, byId)).toEqual({
      mapped: false,
      message: 'A subject with this ID already exists.',
    });
    expect(applyServerErrors(form, byType).message).toBe(
      'This action is not possible yet: something it needs is missing.',
    );
    expect(applyServerErrors(form, byStatus).message).toBe(
      'An unexpected error has occurred. Please try again.',
    );
    await i18next.changeLanguage('de');
    expect(applyServerErrors(form, byId).message).toBe('Ein Teilnehmer mit dieser ID existiert bereits.');
    expect(applyServerErrors(form, byType).message).toBe(
      'Diese Aktion ist noch nicht möglich: Es fehlt etwas, das sie voraussetzt.',
    );
    expect(applyServerErrors(form, validation([{ path: ['name'], message: 'AREA.NAME_TAKEN' }])).mapped).toBe(
      true,
    );
    expect(form.errors).toEqual({ name: 'Dieser Name ist vergeben.' });
  });

  it('prefers the area’s message for a type or status over the shared one', () => {
    const options = { messages: { PRECONDITION: 'AREA.LAST_ADMIN', '403': 'AREA.NAME' } };
    expect(serverErrorMessage(failure(409, { type: 'PRECONDITION', message: SERVER_TEXT }), options)).toBe(
      'Last admin.',
    );
    expect(serverErrorMessage(failure(403, { type: 'SECURITY', message: SERVER_TEXT }), options)).toBe(
      'Enter a name.',
    );
    expect(serverErrorMessage(failure(0, null))).toBe(
      'No connection to the server. Check your connection and try again.',
    );
    expect(serverErrorMessage(new Error(SERVER_TEXT))).toBe(
      'An unexpected error has occurred. Please try again.',
    );
  });

  it('never shows the server’s text, whatever the error carries', async () => {
    const errors = [
      failure(400, { type: 'VALIDATION', message: SERVER_TEXT }),
      failure(409, { type: 'NOT_A_TYPE', id: 'NOT_AN_ID', message: SERVER_TEXT }),
      failure(418, { type: 'NOT_A_TYPE', message: SERVER_TEXT }),
      validation([
        { path: ['name'], message: SERVER_TEXT },
        { path: ['x', 1], message: SERVER_TEXT },
      ]),
      failure(400, {
        type: 'VALIDATION',
        message: SERVER_TEXT,
        context: { issues: [{ path: [], message: SERVER_TEXT }] },
      }),
    ];
    for (const language of ['en', 'de']) {
      await i18next.changeLanguage(language);
      for (const error of errors) {
        const form = formWith(VALUES);
        const { message } = applyServerErrors(form, error);
        const shown = allTexts(form, message);
        expect(shown).not.toContain(SERVER_TEXT);
        expect(shown.trim()).not.toBe('');
      }
    }
  });
});

describe('serverErrorMessage in the participant app (sign-up catalog, spec 002 §8)', () => {
  it('chooses the message by id from the sign-up catalog, in the participant’s language', async () => {
    i18next.addResourceBundle('en', 'translation', signupEn, true, false);
    i18next.addResourceBundle('fr', 'translation', signupFr, true, false);
    i18next.addResourceBundle('fr', 'translation', { PUBLIC: { ERRORS: { 500: 'Erreur.' } } }, true, false);
    const options = { catalog: 'SIGNUP.SERVER_ERRORS', fallback: 'PUBLIC.ERRORS.500' };
    const full = failure(409, { type: 'RESTRICTION', id: 'MAXIMUM_SUBJECTS', message: SERVER_TEXT });
    const unknownId = failure(409, { type: 'RESTRICTION', id: 'DELETE_QT_FAIL', message: SERVER_TEXT });
    expect(serverErrorMessage(full, options)).toBe('This study cannot take more participants at the moment.');
    await i18next.changeLanguage('fr');
    expect(serverErrorMessage(full, options)).toBe(
      'Cette étude ne peut pas accueillir d’autres participants pour le moment.',
    );
    expect(serverErrorMessage(unknownId, options)).toBe('Erreur.');
  });
});

describe('domainResolver: form validation through a domain schema', () => {
  type SiteValues = { name: string; siteNumber: number | string };
  const resolver = domainResolver<SiteValues>(SiteInputSchema, {
    toBody: (values) => ({
      name: values.name,
      siteNumber: values.siteNumber === '' ? undefined : Number(values.siteNumber),
      isPublic: false,
    }),
    fieldMessage: (field) => (field === 'name' ? i18next.t('AREA.NAME' as never) : null),
  });

  it('passes valid values and puts each failing field’s message on it', () => {
    expect(resolver({ name: 'Aarhus', siteNumber: 3 })).toEqual({});
    expect(resolver({ name: '', siteNumber: -1 })).toEqual({
      name: 'Enter a name.',
      siteNumber: 'This value is not valid.',
    });
  });
});
