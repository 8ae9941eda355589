import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { type Catalog, catalogsOf } from './catalogs';

const FILES = import.meta.glob<Catalog>('../locales/*/*.json', { import: 'default' });

/** The real catalogs, each download noted as `{language}/{namespace}`. */
function recordedCatalogs(files: Record<string, () => Promise<Catalog>> = FILES) {
  const requested: string[] = [];
  const recorded = Object.fromEntries(
    Object.entries(files).map(([file, load]) => [
      file,
      () => {
        requested.push(/\/locales\/(.+)\.json$/.exec(file)?.[1] ?? file);
        return load();
      },
    ]),
  );
  return { catalogs: catalogsOf(recorded), requested };
}

async function instance(
  language: string,
  namespaces: string[],
  catalogs: ReturnType<typeof catalogsOf>,
  defaultNS = namespaces[0] ?? 'common',
) {
  const i18n = i18next.createInstance();
  await i18n.use(catalogs.backend).init({
    ns: namespaces,
    lng: language,
    fallbackLng: 'en',
    defaultNS,
    fallbackNS: ['public', 'public-link', 'renderer', 'queries', 'sites', 'subjects'],
    lowerCaseLng: true,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
  return { i18n, t: i18n.t as unknown as (key: string, options?: object) => string };
}

describe('catalog loader (issue 18 item 1)', () => {
  it('finds every locales/{language}/{namespace}.json, English with every namespace', () => {
    const { namespacesOf, languagesWith, hasCatalog } = catalogsOf(FILES);
    expect(namespacesOf('en')).toEqual(expect.arrayContaining(['common', 'public', 'renderer', 'sites']));
    expect(languagesWith('common')).toEqual(expect.arrayContaining(['en', 'da', 'ar', 'he-il']));
    expect(hasCatalog('da', 'public')).toBe(true);
    expect(hasCatalog('da', 'no-such-namespace')).toBe(false);
  });

  it('downloads the namespaces asked for in the active language and English, and nothing else', async () => {
    const { catalogs, requested } = recordedCatalogs();
    const { i18n, t } = await instance('en', ['common'], catalogs);
    expect(requested).toEqual(['en/common']);
    // A screen of the queries area.
    await i18n.loadNamespaces(['queries']);
    expect(requested.sort()).toEqual(['en/common', 'en/queries']);
    expect(t('QUERIES.TITLE')).toBe('Queries');
    expect(i18n.hasResourceBundle('en', 'subjects')).toBe(false);
    // German: only the namespaces in use, in German (English is there already).
    requested.length = 0;
    await i18n.changeLanguage('de');
    expect(requested.sort()).toEqual(['de/common', 'de/queries']);
    expect(t('QUERIES.TITLE')).toBe('Rückfragen');
    // The same area again: nothing more to download.
    await i18n.loadNamespaces(['queries']);
    expect(requested.sort()).toEqual(['de/common', 'de/queries']);
  });

  it('starting in a language downloads it with English behind it, each file once', async () => {
    const { catalogs, requested } = recordedCatalogs();
    const { i18n } = await instance('da', ['public'], catalogs);
    await Promise.all([i18n.loadNamespaces(['public-link']), i18n.loadNamespaces(['public-link'])]);
    expect(requested.sort()).toEqual(['da/public', 'da/public-link', 'en/public', 'en/public-link']);
    expect(i18n.hasResourceBundle('da', 'renderer')).toBe(false);
  });

  it('falls back to English key by key for a partial language', async () => {
    const files: Record<string, () => Promise<Catalog>> = {
      '../locales/en/sites.json': async () => ({
        SITES: { NUMBER_LABEL: 'Site number {{number}}', EMPTY: 'No sites' },
      }),
      '../locales/xx/sites.json': async () => ({ SITES: { NUMBER_LABEL: 'Sted nummer {{number}}' } }),
    };
    const { catalogs, requested } = recordedCatalogs(files);
    const { t } = await instance('xx', ['sites'], catalogs);
    expect(t('SITES.NUMBER_LABEL', { number: 4 })).toBe('Sted nummer 4');
    expect(t('SITES.EMPTY')).toBe('No sites');
    expect(requested.sort()).toEqual(['en/sites', 'xx/sites']);
  });

  it('shows English for a language that has no catalogs, without asking for its files', async () => {
    const { catalogs, requested } = recordedCatalogs();
    const { t } = await instance('xx', ['public'], catalogs);
    expect(t('PUBLIC.CLOSE')).toBe('Close');
    expect(requested).toEqual(['en/public']);
  });

  it('a regional language uses its base language’s catalogs, then English', async () => {
    const { catalogs, requested } = recordedCatalogs();
    const { t } = await instance('de-AT', ['queries'], catalogs);
    expect(t('QUERIES.TITLE')).toBe('Rückfragen');
    expect(requested.sort()).toEqual(['de/queries', 'en/queries']);
  });
});
