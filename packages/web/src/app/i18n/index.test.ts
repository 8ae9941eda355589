import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDom } from '../../features/forms/renderer/test-dom';
import { areaRoutes } from '../lazy-area';
import {
  chooseLanguage,
  initI18n,
  loadNamespaces,
  resolveUiLanguage,
  SHELL_NAMESPACES,
  UI_LANGUAGES,
} from './index';

function EmptyPage() {
  return null;
}

beforeAll(async () => {
  installDom('https://trialbase.test/studies?lang=da');
  await initI18n();
});

describe('staff app strings from the JSON catalogs (issue 18 item 1)', () => {
  it('offers the languages that have a common catalog, English first', () => {
    expect(UI_LANGUAGES[0]).toBe('en');
    expect(UI_LANGUAGES).toEqual(expect.arrayContaining(['ar', 'da', 'de', 'he-il', 'ur']));
    expect(resolveUiLanguage(['de-AT'])).toBe('de');
  });

  it('starts in the ?lang language with the shell’s namespaces only', () => {
    expect(i18next.language).toBe('da');
    expect(document.documentElement.lang).toBe('da');
    const loaded = (language: string) =>
      ['common', 'server-errors', 'subjects', 'queries', 'forms'].filter((ns) =>
        i18next.hasResourceBundle(language, ns),
      );
    expect(SHELL_NAMESPACES).toEqual(['common', 'server-errors']);
    expect(loaded('da')).toEqual(['common', 'server-errors']);
    expect(loaded('en')).toEqual(['common', 'server-errors']);
    expect(loaded('de')).toEqual([]);
  });

  it('an area’s route downloads its namespaces with its screen, in the active language and English', async () => {
    const [route] = areaRoutes(['subjects'], [{ path: 'x', lazy: async () => ({ Component: EmptyPage }) }]);
    expect(i18next.hasResourceBundle('da', 'subjects')).toBe(false);
    const lazy = route?.lazy as () => Promise<{ Component?: unknown }>;
    expect((await lazy()).Component).toBeTypeOf('function');
    expect(i18next.hasResourceBundle('da', 'subjects')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'subjects')).toBe(true);
    expect(i18next.hasResourceBundle('da', 'queries')).toBe(false);
    expect(i18next.t('SUBJECTS.IMPORT.SUCCESS', { count: 1 })).toBe('1 forsøgsperson importeret');
    expect(i18next.t('SUBJECTS.IMPORT.SUCCESS', { count: 3 })).toBe('3 forsøgspersoner importeret');
  });

  it('a language switch loads the namespaces in use, in the new language only', async () => {
    await chooseLanguage('de');
    expect(i18next.language).toBe('de');
    expect(
      ['common', 'server-errors', 'subjects', 'queries'].filter((ns) => i18next.hasResourceBundle('de', ns)),
    ).toEqual(['common', 'server-errors', 'subjects']);
    expect(i18next.hasResourceBundle('ar', 'common')).toBe(false);
  });

  it('picks the plural form the language needs', async () => {
    await loadNamespaces(['forms']);
    await chooseLanguage('en');
    expect(i18next.t('SUBJECTS.IMPORT.SUCCESS', { count: 1 })).toBe('1 subject imported');
    expect(i18next.t('SUBJECTS.IMPORT.SUCCESS', { count: 2 })).toBe('2 subjects imported');
    await chooseLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18next.t('SUBJECTS.IMPORT.SUCCESS', { count: 2 })).toBe('تم استيراد مشاركَين');
    expect(i18next.t('SUBJECTS.IMPORT.SUCCESS', { count: 5 })).toBe('تم استيراد 5 مشاركين');
    expect(i18next.t('SUBJECTS.IMPORT.SUCCESS', { count: 11 })).toBe('تم استيراد 11 مشاركًا');
    await chooseLanguage('he-il');
    expect(i18next.t('FORMS.LIBRARY.QUESTIONS', { count: 2 })).toBe('שתי שאלות');
    expect(i18next.t('FORMS.LIBRARY.QUESTIONS', { count: 7 })).toBe('7 שאלות');
  });

  it('falls back to English key by key where a language lacks a key', async () => {
    await chooseLanguage('da');
    await loadNamespaces(['sites']);
    i18next.removeResourceBundle('da', 'sites');
    i18next.addResourceBundle('da', 'sites', { SITES: {} }, true, true);
    expect(i18next.t('SITES.NUMBER_LABEL', { number: 4 })).toBe('Site number 4');
  });
});
