import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type FeatureMessagesEn, featureMessagesFor } from './feature-messages';
import {
  FALLBACK_LANGUAGE,
  firstUiLanguage,
  languageDirection,
  readQueryLanguage,
  readStoredLanguage,
  storeLanguage,
  type UiLanguage,
} from './languages';
import { ar } from './locales/ar';
import { da } from './locales/da';
import { de } from './locales/de';
import { en } from './locales/en';
import { heIl } from './locales/he-il';
import { ur } from './locales/ur';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & FeatureMessagesEn };
  }
}

/** Set from the query parameter or the stored choice; null means "use the system default". */
let chosenLanguage: UiLanguage | null = null;

function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = languageDirection(code);
}

/** Initialises i18next synchronously with the bundled strings, before the first render. */
export function initI18n(): typeof i18next {
  chosenLanguage = firstUiLanguage([readQueryLanguage(window.location.search), readStoredLanguage()]);
  const language = chosenLanguage ?? FALLBACK_LANGUAGE;
  i18next.on('languageChanged', applyDocumentLanguage);
  void i18next.use(initReactI18next).init({
    resources: {
      en: { translation: { ...en, ...featureMessagesFor('en') } },
      ar: { translation: { ...ar, ...featureMessagesFor('ar') } },
      da: { translation: { ...da, ...featureMessagesFor('da') } },
      de: { translation: { ...de, ...featureMessagesFor('de') } },
      'he-il': { translation: { ...heIl, ...featureMessagesFor('he-il') } },
      ur: { translation: { ...ur, ...featureMessagesFor('ur') } },
    },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    lowerCaseLng: true,
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
  applyDocumentLanguage(language);
  return i18next;
}

/** Spec 000 §1: the system's default language applies only when the user chose none. */
export function applySystemDefaultLanguage(defaultLanguage: string): void {
  if (chosenLanguage) return;
  const language = firstUiLanguage([defaultLanguage]) ?? FALLBACK_LANGUAGE;
  if (i18next.language !== language) void i18next.changeLanguage(language);
}

/** The user picked a language in the switch: it now wins over the system default. */
export function chooseLanguage(language: UiLanguage): void {
  chosenLanguage = language;
  storeLanguage(language);
  void i18next.changeLanguage(language);
}
