import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { EnglishCatalogs } from '../../i18n/catalog-types.gen';
import { type Catalog, catalogsOf } from '../../i18n/catalogs';
import {
  applyDocumentLanguage,
  FALLBACK_LANGUAGE,
  firstLanguage,
  readQueryLanguage,
  readStoredLanguage,
  storeLanguage,
} from '../../i18n/languages';

/** The staff app's namespaces: every web namespace but the participant pages' own. */
type StaffNamespace = Exclude<keyof EnglishCatalogs, 'public' | `public-${string}`>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: Exclude<StaffNamespace, 'common'>[];
    resources: Pick<EnglishCatalogs, StaffNamespace>;
  }
}

/**
 * English, the source and every language's fallback, comes with the app; the active language's
 * catalogs load as one chunk per namespace (locales/{language}/{namespace}.json). A namespace or a
 * staff language dropped into locales/ is picked up without code changes.
 */
const english = import.meta.glob<Catalog>(
  ['../../locales/en/*.json', '!../../locales/en/public.json', '!../../locales/en/public-*.json'],
  { import: 'default', eager: true },
);
const catalogs = catalogsOf(
  import.meta.glob<Catalog>(
    ['../../locales/*/*.json', '!../../locales/*/public.json', '!../../locales/*/public-*.json'],
    { import: 'default' },
  ),
);

/** Every staff namespace (English has them all); `common` is the default, the others its fallbacks. */
const NAMESPACES = catalogs.namespacesOf(FALLBACK_LANGUAGE);

/** The staff UI languages: those with a `common` catalog, English first. */
export const UI_LANGUAGES: readonly string[] = catalogs
  .languagesWith('common')
  .sort((a, b) => (a === FALLBACK_LANGUAGE ? -1 : b === FALLBACK_LANGUAGE ? 1 : a.localeCompare(b)));

const STORAGE_KEY = 'trialbase.language';

/** Spec 000 §1 for the staff UI: the first candidate it has strings for (`de-at` → `de`), else English. */
export function resolveUiLanguage(candidates: ReadonlyArray<string | null | undefined>): string {
  return firstLanguage(candidates, UI_LANGUAGES) ?? FALLBACK_LANGUAGE;
}

/** Set from the query parameter or the stored choice; null means "use the system default". */
let chosenLanguage: string | null = null;

let switching = 0;

/** Loads every staff namespace of the language (English is bundled), then switches to it. */
function switchTo(language: string): Promise<void> {
  const turn = ++switching;
  return catalogs
    .loadCatalogs(i18next, language, NAMESPACES)
    .catch(() => undefined)
    .then(async () => {
      if (turn === switching && i18next.language !== language) await i18next.changeLanguage(language);
    });
}

/**
 * Initialises i18next with the English strings, then loads the chosen language's (the first render
 * waits for the returned promise, so it shows no English flash).
 */
export function initI18n(): Promise<void> {
  chosenLanguage = firstLanguage([readQueryLanguage(), readStoredLanguage(STORAGE_KEY)], UI_LANGUAGES);
  const language = chosenLanguage ?? FALLBACK_LANGUAGE;
  const resources: Record<string, Catalog> = {};
  for (const [file, catalog] of Object.entries(english)) {
    const namespace = /\/([^/]+)\.json$/.exec(file)?.[1];
    if (namespace) resources[namespace] = catalog;
  }
  i18next.on('languageChanged', applyDocumentLanguage);
  void i18next.use(initReactI18next).init({
    resources: { [FALLBACK_LANGUAGE]: resources },
    partialBundledLanguages: true,
    ns: NAMESPACES,
    defaultNS: 'common',
    fallbackNS: NAMESPACES.filter((namespace) => namespace !== 'common'),
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    lowerCaseLng: true,
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
  applyDocumentLanguage(FALLBACK_LANGUAGE);
  return switchTo(language);
}

/** Spec 000 §1: the system's default language applies only when the user chose none. */
export function applySystemDefaultLanguage(defaultLanguage: string): void {
  if (chosenLanguage) return;
  void switchTo(resolveUiLanguage([defaultLanguage]));
}

/** The user picked a language in the switch: it now wins over the system default. */
export function chooseLanguage(language: string): Promise<void> {
  chosenLanguage = language;
  storeLanguage(STORAGE_KEY, language);
  return switchTo(language);
}
