import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { EnglishCatalogs } from '../../i18n/catalog-types.gen';
import { type Catalog, catalogsOf } from '../../i18n/catalogs';
import {
  applyDocumentLanguage,
  FALLBACK_LANGUAGE,
  normalizeLanguageCode,
  readQueryLanguage,
  readStoredLanguage as readStoredLanguage_,
  storeLanguage,
} from '../../i18n/languages';
import englishPublic from '../../locales/en/public.json';

/**
 * The participant catalogs (namespaces public, public-*, renderer; all study languages), one lazily
 * loaded chunk per language and namespace. Files dropped into locales/ are found without code changes.
 * The map from file to chunk is one entry per language and namespace in the first load (issue 16);
 * the namespaces of the pages a link does not open (sign-up, unsubscribe, e-consent signing:
 * OTHER_PAGE_NAMESPACES) have theirs in a chunk of their own, fetched when one of them is read.
 * English `public` (every page's, in every language: English is the fallback) comes with the app's
 * code, one download fewer before the first render (issue 16, the slow phone).
 */
const catalogs = catalogsOf({
  ...import.meta.glob<Catalog>(
    [
      '../../locales/*/public.json',
      '../../locales/*/public-*.json',
      '!../../locales/*/public-{signup,unsubscribe,econsent}.json',
      '../../locales/*/renderer.json',
    ],
    { import: 'default' },
  ),
  '../../locales/en/public.json': () => Promise.resolve(englishPublic),
});

/** Namespaces whose catalog map is i18n-other-pages.ts (keep in step with its glob and the one above). */
const OTHER_PAGE_NAMESPACES = new Set(['public-signup', 'public-unsubscribe', 'public-econsent']);

let otherPages: Promise<BackendModule> | null = null;

/** Both maps behind one backend: the other pages' map is imported on its first read. */
const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!OTHER_PAGE_NAMESPACES.has(namespace)) {
      catalogs.backend.read(language, namespace, callback);
      return;
    }
    otherPages ??= import('./i18n-other-pages').then((module) => module.otherPageCatalogs.backend);
    otherPages.then(
      (other) => other.read(language, namespace, callback),
      (error: unknown) => {
        otherPages = null;
        callback(error instanceof Error ? error : String(error), false);
      },
    );
  },
};

/** The participant's stored choice of language (apart from the staff UI's). */
export const PUBLIC_STORAGE_KEY = 'trialbase.public.language';

/**
 * The participant pages' namespaces by area: `public` (header, stock pages, general errors) loads
 * with the app, each area's with the pages that use it (issue 8 item 6). `renderer` is the shared
 * form renderer's.
 */
const AREA_NAMESPACES = {
  link: 'public-link',
  signup: 'public-signup',
  unsubscribe: 'public-unsubscribe',
  questionnaire: 'public-questionnaire',
  econsent: 'public-econsent',
  renderer: 'renderer',
} as const;

export type StringArea = keyof typeof AREA_NAMESPACES;

type PublicNamespace = 'public' | (typeof AREA_NAMESPACES)[StringArea];

/**
 * Adds the strings of these areas in the participant's language and English (each file once,
 * through the catalogs' i18next backend shared with the staff app). A later language switch loads
 * them in the new language too.
 */
export async function loadStrings(areas: readonly StringArea[]): Promise<void> {
  const namespaces = areas.map((area) => AREA_NAMESPACES[area]);
  await i18next.loadNamespaces(namespaces);
  // A language switch under way loads the namespaces in use when it started, and loadNamespaces the
  // language shown until it ends: a page preloaded meanwhile (the fill page while the link is
  // checked) gets its own in the new language too (each file is still downloaded once).
  const target = participantLanguage;
  const missing = namespaces.filter((namespace) => !i18next.hasResourceBundle(target, namespace));
  if (missing.length > 0) {
    const languages = i18next.services.languageUtils.toResolveHierarchy(target) as string[];
    await i18next.reloadResources(languages, missing);
  }
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Key}_${PluralSuffix}` ? Key : K;

type Leaves<T> = {
  [K in keyof T & (string | number)]: T[K] extends string ? WithoutPlural<`${K}`> : `${K}.${Leaves<T[K]>}`;
}[keyof T & (string | number)];

/**
 * Every key of the participant strings, e.g. `PUBLIC.ERRORS.500`, from the English catalogs (a
 * plural key without its suffix). The staff app types i18next's own `t`.
 */
export type PublicKey = { [N in PublicNamespace]: Leaves<EnglishCatalogs[N]> }[PublicNamespace];

/** The participant's language (a study language code; strings it lacks show in English). */
let participantLanguage: string = FALLBACK_LANGUAGE;

/**
 * Starts i18next from ?lang or the stored choice and loads the common participant strings (the
 * first render waits for them). Namespace `public` first, then the areas' (fallbackNS), so
 * existing keys such as `LINK.TITLE` resolve unchanged.
 */
export function initPublicI18n(): Promise<void> {
  participantLanguage = normalizeLanguageCode(
    readQueryLanguage() ?? readStoredLanguage() ?? FALLBACK_LANGUAGE,
  );
  // `public` is every page's (the stock pages too): the first render waits for it.
  return new Promise((resolve) => {
    void i18next
      .use(backend)
      .use(initReactI18next)
      .init(
        {
          ns: ['public'],
          defaultNS: 'public',
          fallbackNS: Object.values(AREA_NAMESPACES),
          lng: participantLanguage,
          fallbackLng: FALLBACK_LANGUAGE,
          lowerCaseLng: true,
          initAsync: false,
          returnNull: false,
          showSupportNotice: false,
          interpolation: { escapeValue: false },
        },
        () => resolve(),
      );
    applyDocumentLanguage(participantLanguage);
  });
}

/** The participant's current language: a study language code such as `da` or `ar`. */
export function currentParticipantLanguage(): string {
  return participantLanguage;
}

/**
 * Switches the pages to a study language: direction at once, the strings once the namespaces in
 * use are loaded in that language (a language without them shows English). `remember` stores it
 * as the participant's choice (the language switch does; a default does not).
 */
export function setParticipantLanguage(code: string, options: { remember?: boolean } = {}): void {
  const language = normalizeLanguageCode(code);
  participantLanguage = language;
  if (options.remember) storeLanguage(PUBLIC_STORAGE_KEY, language);
  applyDocumentLanguage(language);
  // i18next downloads the namespaces loaded so far in the new language, then switches (the last
  // call wins when the participant switches again meanwhile).
  void i18next.changeLanguage(language);
  for (const listener of listeners) listener(language);
}

const listeners = new Set<(code: string) => void>();

/** Subscribe to language changes (the header and pages re-read texts in the new language). */
export function onParticipantLanguage(listener: (code: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The participant's stored choice (the language switch stores it), or null. */
export function readStoredLanguage(): string | null {
  return readStoredLanguage_(PUBLIC_STORAGE_KEY);
}
