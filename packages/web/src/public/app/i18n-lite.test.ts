import { createInstance as createI18next, type i18n as I18next } from 'i18next';
import { describe, expect, it } from 'vitest';
import { type Catalog, createInstance } from './i18n-lite';

// The participant build's i18next (i18n-lite.ts) against i18next itself: every key of every
// participant catalog in every language, with and without its variables, a count, a default
// value, namespaces and fallbacks, as app/i18n.ts sets i18next up.

const files = import.meta.glob<Catalog>(
  ['../../locales/*/public.json', '../../locales/*/public-*.json', '../../locales/*/renderer.json'],
  { import: 'default', eager: true },
);
const CATALOGS = new Map<string, Catalog>();
for (const [file, catalog] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (match) CATALOGS.set(`${match[1]}/${match[2]}`, catalog);
}
const LANGUAGES = [...new Set([...CATALOGS.keys()].map((id) => id.split('/')[0] as string))].sort();
const AREAS = [
  'public-link',
  'public-signup',
  'public-unsubscribe',
  'public-questionnaire',
  'public-econsent',
  'renderer',
];
const NAMESPACES = ['public', ...AREAS];

/** The catalogs' backend shape (i18n/catalogs.ts): a missing file is an empty catalog, `broken` fails. */
function backend(reads: string[] = []) {
  return {
    type: 'backend' as const,
    init() {},
    read(language: string, namespace: string, callback: (error: unknown, data: Catalog | false) => void) {
      reads.push(`${language}/${namespace}`);
      setTimeout(() => {
        if (namespace === 'broken') callback(new Error('offline'), false);
        else callback(null, CATALOGS.get(`${language}/${namespace}`) ?? {});
      }, 0);
    },
  };
}

const OPTIONS = {
  ns: ['public'],
  defaultNS: 'public',
  fallbackNS: AREAS,
  fallbackLng: 'en',
  lowerCaseLng: true,
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
  interpolation: { escapeValue: false },
};

type Both = { real: I18next; lite: ReturnType<typeof createInstance> };

async function both(language: string, namespaces = NAMESPACES): Promise<Both> {
  const real = createI18next();
  const lite = createInstance();
  await new Promise<void>((resolve) => {
    void real.use(backend()).init({ ...OPTIONS, lng: language }, () => resolve());
  });
  await new Promise<void>((resolve) => {
    void lite.use(backend()).init({ ...OPTIONS, lng: language }, () => resolve());
  });
  await real.loadNamespaces(namespaces);
  await lite.loadNamespaces(namespaces);
  return { real, lite };
}

/** Every leaf key of a catalog with its text. */
function leaves(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

/** Every case in these; in the other languages each key once, with its variables. */
const FULL = new Set(['en', 'da', 'ar', 'pt-br', 'he-il', 'zh-cn', 'sr']);

/** A translate function with the types of neither app's catalogs (the staff app types i18next's). */
type AnyT = (key: string, options?: object) => string;

const variablesOf = (text: string) =>
  [...text.matchAll(/\{\{-?\s*([^},]+?)\s*\}\}/g)].map((m) => m[1] as string);

describe('i18n-lite gives what i18next gives (participant catalogs)', () => {
  it('the catalogs use nothing i18n-lite leaves out (formats, nesting, context, plural keys)', () => {
    for (const [id, catalog] of CATALOGS)
      for (const [key, text] of leaves(catalog)) {
        expect(text, `${id} ${key}`).not.toMatch(/\$t\(|\{\{[^}]*,[^}]*\}\}/);
        expect(key, `${id} ${key}`).not.toMatch(/_(zero|one|two|few|many|other|ordinal.*)$|_(male|female)$/);
      }
  });

  it('language hierarchy of every participant language (and a few other codes)', async () => {
    const { real, lite } = await both('en', ['public']);
    for (const code of [...LANGUAGES, 'he', 'zh-hant-tw', 'sr-latn-rs', 'de-at', 'x-y'])
      expect(lite.toResolveHierarchy(code), code).toEqual(
        real.services.languageUtils.toResolveHierarchy(code),
      );
  });

  it.each(LANGUAGES)(
    'every key in %s, as the pages ask for it',
    async (language) => {
      const { real, lite } = await both(language);
      expect(lite.language).toBe(real.language);
      expect(lite.resolvedLanguage).toBe(real.resolvedLanguage);
      const english = [...CATALOGS].filter(([id]) => id.startsWith('en/'));
      const fixed = (i: Both, ns: string) =>
        [
          (i.real.getFixedT as unknown as (l: string, n: string) => AnyT)(language, ns),
          i.lite.getFixedT(language, ns) as AnyT,
        ] as const;
      const full = FULL.has(language);
      const askers = [
        ['default', real.t.bind(real) as unknown as AnyT, lite.t as AnyT] as const,
        ['renderer', ...fixed({ real, lite }, 'renderer')] as const,
        ['common', ...fixed({ real, lite }, 'common')] as const,
      ].slice(0, full ? 3 : 2);
      let checked = 0;
      // Differences are collected and compared once: an expect per lookup (tens of thousands in the
      // full languages) made each language take seconds on a busy 2-core runner.
      const differences: string[] = [];
      const same = (what: string, lite: unknown, real: unknown) => {
        if (lite !== real)
          differences.push(`${what}: ${JSON.stringify(lite)} instead of ${JSON.stringify(real)}`);
      };
      for (const [, catalog] of english)
        for (const [key, text] of leaves(catalog)) {
          const variables = variablesOf(text);
          const all = Object.fromEntries(variables.map((v, i) => [v, i % 2 ? i : `<${v}>`]));
          const some = Object.fromEntries(variables.slice(1).map((v) => [v, '']));
          const cases: (Record<string, unknown> | undefined)[] = full
            ? [
                undefined,
                all,
                some,
                { ...all, count: 0 },
                { ...all, count: 1 },
                { ...all, count: 5 },
                { defaultValue: 'fallback {{x}}', x: 'X' },
              ]
            : [all];
          for (const [name, realT, liteT] of askers) {
            for (const options of cases) {
              same(`${name} ${key} ${JSON.stringify(options)}`, liteT(key, options), realT(key, options));
              checked++;
            }
            // A missing key, a key naming an object, a namespace in the key.
            if (full)
              for (const other of [
                `${key}.MISSING`,
                key.split('.').slice(0, -1).join('.'),
                `renderer:${key}`,
                `public:${key}`,
              ])
                same(
                  `${name} ${other}`,
                  liteT(other, { defaultValue: other.length > 40 ? 'D' : undefined }),
                  realT(other, { defaultValue: other.length > 40 ? 'D' : undefined }),
                );
          }
          same(`exists ${key}`, lite.exists(key), real.exists(key));
          same(`exists ${key}.MISSING`, lite.exists(`${key}.MISSING`), real.exists(`${key}.MISSING`));
        }
      expect(differences).toEqual([]);
      expect(checked).toBeGreaterThan(full ? 1000 : 200);
    },
    30_000,
  );

  it('a language change loads the namespaces in use, then switches; loading state as i18next', async () => {
    const realReads: string[] = [];
    const liteReads: string[] = [];
    const real = createI18next();
    const lite = createInstance();
    const events: string[][] = [[], []];
    real.on('languageChanged', (l) => events[0]?.push(l));
    lite.on('languageChanged', (l) => events[1]?.push(String(l)));
    await real.use(backend(realReads)).init({ ...OPTIONS, lng: 'pt-br' });
    await lite.use(backend(liteReads)).init({ ...OPTIONS, lng: 'pt-br' });
    expect(lite.languages).toEqual(real.languages);
    expect(lite.hasLoadedNamespace('renderer')).toBe(real.hasLoadedNamespace('renderer'));
    await Promise.all([
      real.loadNamespaces(['renderer', 'broken']),
      lite.loadNamespaces(['renderer', 'broken']),
    ]);
    for (const ns of ['renderer', 'broken', 'public'])
      expect(lite.hasLoadedNamespace(ns), ns).toBe(real.hasLoadedNamespace(ns));
    const pending = [real.changeLanguage('da'), lite.changeLanguage('da')];
    expect(lite.language).toBe(real.language);
    await Promise.all(pending);
    expect(lite.language).toBe(real.language);
    expect(lite.languages).toEqual(real.languages);
    expect(liteReads.sort()).toEqual(realReads.sort());
    expect(events[1]).toEqual(events[0]);
    expect(lite.t('PUBLIC.LANGUAGE')).toBe((real.t as unknown as AnyT)('PUBLIC.LANGUAGE'));
    await Promise.all([
      real.reloadResources(['da'], ['renderer']),
      lite.reloadResources(['da'], ['renderer']),
    ]);
    expect(liteReads.sort()).toEqual(realReads.sort());
    expect(lite.hasResourceBundle('da', 'renderer')).toBe(true);
  });
});
