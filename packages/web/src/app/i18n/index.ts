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
export type StaffNamespace = Exclude<keyof EnglishCatalogs, 'public' | `public-${string}`>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: Exclude<StaffNamespace, 'common'>[];
    resources: Pick<EnglishCatalogs, StaffNamespace>;
  }
}

/**
 * Every staff catalog, locales/{language}/{namespace}.json, is its own chunk, English included: a
 * page downloads the namespaces it uses in the active language (and English behind it, key by key),
 * through the catalogs' i18next backend the participant app shares. A namespace or a staff language
 * dropped into locales/ is picked up without code changes.
 */
const catalogs = catalogsOf(
  import.meta.glob<Catalog>(
    ['../../locales/*/*.json', '!../../locales/*/public.json', '!../../locales/*/public-*.json'],
    { import: 'default' },
  ),
);

/** Every staff namespace (English has them all); `common` is the default, the others its fallbacks. */
const NAMESPACES = catalogs.namespacesOf(FALLBACK_LANGUAGE) as StaffNamespace[];

/**
 * What the shell needs on every page, loaded before the first render: `common` (menu, toolbar,
 * login, stock errors) and `server-errors` (the error toasts and form errors of any call). Every
 * other namespace is an area's: its routes declare it (app/lazy-area.ts), a component of another
 * area declares it in its `useTranslation([...])`.
 */
export const SHELL_NAMESPACES: readonly StaffNamespace[] = ['common', 'server-errors'];

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

/**
 * Downloads these namespaces in the active language and English (each file once; i18next keeps
 * them for a later language switch). Resolves also when a download failed: the keys then show.
 */
export function loadNamespaces(namespaces: readonly StaffNamespace[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

/**
 * Switches to a language once the namespaces loaded so far are there in it (i18next downloads
 * them, and no other area's); the last switch wins when several overlap.
 */
function switchTo(language: string): Promise<void> {
  return i18next.changeLanguage(language).then(() => undefined);
}

/**
 * Initialises i18next in the chosen language with the shell's namespaces (the first render waits
 * for the returned promise, so it shows no key and no English flash).
 */
export function initI18n(): Promise<void> {
  chosenLanguage = firstLanguage([readQueryLanguage(), readStoredLanguage(STORAGE_KEY)], UI_LANGUAGES);
  const language = chosenLanguage ?? FALLBACK_LANGUAGE;
  i18next.on('languageChanged', applyDocumentLanguage);
  applyDocumentLanguage(language);
  return new Promise((resolve) => {
    void i18next
      .use(catalogs.backend)
      .use(initReactI18next)
      .init(
        {
          ns: [...SHELL_NAMESPACES],
          defaultNS: 'common',
          // Keys of every area resolve from `t` of any component, once the area's namespace is loaded.
          fallbackNS: NAMESPACES.filter((namespace) => namespace !== 'common'),
          lng: language,
          fallbackLng: FALLBACK_LANGUAGE,
          lowerCaseLng: true,
          initAsync: false,
          returnNull: false,
          showSupportNotice: false,
          interpolation: { escapeValue: false },
          // A component whose namespace is not there yet suspends (the page's loader shows) instead
          // of drawing its keys.
          react: { useSuspense: true },
        },
        () => resolve(),
      );
  });
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
