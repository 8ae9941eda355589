import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { type Catalog, catalogsOf } from './catalogs';

const { hasCatalog, languageChain, languagesWith, loadCatalogs, namespacesOf } = catalogsOf(
  import.meta.glob<Catalog>('../locales/*/*.json', { import: 'default' }),
);

function instance(language: string) {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: {},
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'public',
    fallbackNS: ['public-link', 'renderer'],
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
  return { i18n, t: i18n.t as unknown as (key: string) => string };
}

describe('catalog loader (issue 18 item 1)', () => {
  it('finds every locales/{language}/{namespace}.json, English with every namespace', () => {
    expect(namespacesOf('en')).toEqual(expect.arrayContaining(['common', 'public', 'renderer', 'sites']));
    expect(languagesWith('common')).toEqual(expect.arrayContaining(['en', 'da', 'ar', 'he-il']));
    expect(hasCatalog('da', 'public')).toBe(true);
    expect(hasCatalog('da', 'no-such-namespace')).toBe(false);
  });

  it('loads a page’s namespaces in the active language and English only', async () => {
    const { i18n, t } = instance('da');
    await loadCatalogs(i18n, 'da', ['public', 'public-link']);
    expect(i18n.hasResourceBundle('da', 'public')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'public')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'public')).toBe(false);
    expect(i18n.hasResourceBundle('da', 'renderer')).toBe(false);
    expect(t('PUBLIC.LANGUAGE')).toBe('Sprog');
    // A key of another namespace resolves through fallbackNS, unchanged.
    expect(t('LINK.RETRY')).not.toBe('LINK.RETRY');
  });

  it('falls back to English key by key for a partial language', async () => {
    const { i18n, t } = instance('da');
    await loadCatalogs(i18n, 'da', ['public']);
    i18n.removeResourceBundle('da', 'public');
    i18n.addResourceBundle('da', 'public', { PUBLIC: { LANGUAGE: 'Sprog' } }, true, true);
    expect(t('PUBLIC.LANGUAGE')).toBe('Sprog');
    expect(t('PUBLIC.CLOSE')).toBe('Close');
  });

  it('shows English for a language that has no catalogs', async () => {
    const { i18n, t } = instance('xx');
    await loadCatalogs(i18n, 'xx', ['public']);
    expect(t('PUBLIC.CLOSE')).toBe('Close');
  });

  it('looks keys up in the language, its base language when it has catalogs, then English', () => {
    expect(languageChain('EN')).toEqual(['en']);
    expect(languageChain('he-il')).toEqual(['he-il', 'en']);
    expect(languageChain('de-at')).toEqual(['de-at', 'de', 'en']);
  });
});
