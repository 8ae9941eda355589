import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { linkMessages } from '../link/messages';
import type { questionnaireMessages } from '../questionnaire/messages';
import type { publicRendererMessages } from '../questionnaire/renderer-messages';
import type { signupMessages } from '../signup/messages';
import type { unsubscribeMessages } from '../unsubscribe/messages';
import {
  PUBLIC_FALLBACK_LANGUAGE,
  PUBLIC_LANGUAGES,
  type PublicLanguage,
  publicDirection,
  publicUiLanguage,
  readQueryLanguage,
  readStoredLanguage,
  storeLanguage,
} from './languages';
import { publicCommonMessages } from './messages';

function stringsFor(language: PublicLanguage) {
  return publicCommonMessages[language];
}

/** Every participant string: the common ones load with the app, each area's with its pages. */
type PublicStrings = ReturnType<typeof stringsFor> &
  (typeof linkMessages)['en'] &
  (typeof signupMessages)['en'] &
  (typeof unsubscribeMessages)['en'] &
  (typeof questionnaireMessages)['en'] &
  (typeof publicRendererMessages)['en'];

type Strings = Record<PublicLanguage, object>;

/**
 * The strings of each area, loaded with the pages that use them (issue 8 item 6: the first load
 * carries only the common strings). `renderer` is the shared form renderer's.
 */
const AREA_STRINGS = {
  link: () => import('../link/messages').then((m) => m.linkMessages as Strings),
  signup: () => import('../signup/messages').then((m) => m.signupMessages as Strings),
  unsubscribe: () => import('../unsubscribe/messages').then((m) => m.unsubscribeMessages as Strings),
  questionnaire: () => import('../questionnaire/messages').then((m) => m.questionnaireMessages as Strings),
  renderer: () =>
    import('../questionnaire/renderer-messages').then((m) => m.publicRendererMessages as Strings),
} as const;

export type StringArea = keyof typeof AREA_STRINGS;

const loaded = new Map<StringArea, Promise<void>>();

/** Adds the strings of these areas in every participant language (each area once). */
export function loadStrings(areas: readonly StringArea[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      let pending = loaded.get(area);
      if (!pending) {
        pending = AREA_STRINGS[area]().then((messages) => {
          for (const language of PUBLIC_LANGUAGES) {
            i18next.addResourceBundle(language, 'translation', messages[language], true, false);
          }
        });
        loaded.set(area, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

type Leaves<T> = {
  [K in keyof T & (string | number)]: T[K] extends string ? `${K}` : `${K}.${Leaves<T[K]>}`;
}[keyof T & (string | number)];

/** Every key of the participant strings, e.g. `PUBLIC.ERRORS.500` (the staff app types i18next's own `t`). */
export type PublicKey = Leaves<PublicStrings>;

/** The participant's language (a study language code; the UI strings may fall back to English). */
let participantLanguage = PUBLIC_FALLBACK_LANGUAGE as string;

function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = publicDirection(code);
}

/** Starts i18next with the bundled participant strings, from ?lang or the stored choice. */
export function initPublicI18n(): typeof i18next {
  participantLanguage = readQueryLanguage() ?? readStoredLanguage() ?? PUBLIC_FALLBACK_LANGUAGE;
  const resources = Object.fromEntries(
    PUBLIC_LANGUAGES.map((language) => [language, { translation: stringsFor(language) }]),
  );
  void i18next.use(initReactI18next).init({
    resources,
    lng: publicUiLanguage(participantLanguage),
    fallbackLng: PUBLIC_FALLBACK_LANGUAGE,
    lowerCaseLng: true,
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
  applyDocumentLanguage(participantLanguage);
  return i18next;
}

/** The participant's current language: a study language code such as `da` or `ar`. */
export function currentParticipantLanguage(): string {
  return participantLanguage;
}

/**
 * Switches the pages to a study language: UI strings in it (or English), direction from it.
 * `remember` stores it as the participant's choice (the language switch does; a default does not).
 */
export function setParticipantLanguage(code: string, options: { remember?: boolean } = {}): void {
  participantLanguage = code;
  if (options.remember) storeLanguage(code);
  applyDocumentLanguage(code);
  void i18next.changeLanguage(publicUiLanguage(code));
  for (const listener of listeners) listener(code);
}

const listeners = new Set<(code: string) => void>();

/** Subscribe to language changes (the header and pages re-read texts in the new language). */
export function onParticipantLanguage(listener: (code: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
