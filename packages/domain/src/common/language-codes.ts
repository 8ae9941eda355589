/**
 * Study languages (spec 000 §1): about 50 languages, three of them right-to-left
 * (ar, he-il, ur), English by default. Codes are lowercase, region after a hyphen.
 */
export const STUDY_LANGUAGES = [
  { code: 'en', nativeName: 'English', englishName: 'English' },
  { code: 'da', nativeName: 'Dansk', englishName: 'Danish' },
  { code: 'de', nativeName: 'Deutsch', englishName: 'German' },
  { code: 'sv', nativeName: 'Svenska', englishName: 'Swedish' },
  { code: 'nb', nativeName: 'Norsk bokmål', englishName: 'Norwegian Bokmål' },
  { code: 'fi', nativeName: 'Suomi', englishName: 'Finnish' },
  { code: 'is', nativeName: 'Íslenska', englishName: 'Icelandic' },
  { code: 'nl', nativeName: 'Nederlands', englishName: 'Dutch' },
  { code: 'fr', nativeName: 'Français', englishName: 'French' },
  { code: 'es', nativeName: 'Español', englishName: 'Spanish' },
  { code: 'it', nativeName: 'Italiano', englishName: 'Italian' },
  { code: 'pt', nativeName: 'Português', englishName: 'Portuguese' },
  { code: 'pt-br', nativeName: 'Português (Brasil)', englishName: 'Portuguese (Brazil)' },
  { code: 'pl', nativeName: 'Polski', englishName: 'Polish' },
  { code: 'cs', nativeName: 'Čeština', englishName: 'Czech' },
  { code: 'sk', nativeName: 'Slovenčina', englishName: 'Slovak' },
  { code: 'hu', nativeName: 'Magyar', englishName: 'Hungarian' },
  { code: 'ro', nativeName: 'Română', englishName: 'Romanian' },
  { code: 'bg', nativeName: 'Български', englishName: 'Bulgarian' },
  { code: 'hr', nativeName: 'Hrvatski', englishName: 'Croatian' },
  { code: 'sl', nativeName: 'Slovenščina', englishName: 'Slovenian' },
  { code: 'sr', nativeName: 'Српски', englishName: 'Serbian' },
  { code: 'bs', nativeName: 'Bosanski', englishName: 'Bosnian' },
  { code: 'mk', nativeName: 'Македонски', englishName: 'Macedonian' },
  { code: 'sq', nativeName: 'Shqip', englishName: 'Albanian' },
  { code: 'el', nativeName: 'Ελληνικά', englishName: 'Greek' },
  { code: 'tr', nativeName: 'Türkçe', englishName: 'Turkish' },
  { code: 'ru', nativeName: 'Русский', englishName: 'Russian' },
  { code: 'uk', nativeName: 'Українська', englishName: 'Ukrainian' },
  { code: 'et', nativeName: 'Eesti', englishName: 'Estonian' },
  { code: 'lv', nativeName: 'Latviešu', englishName: 'Latvian' },
  { code: 'lt', nativeName: 'Lietuvių', englishName: 'Lithuanian' },
  { code: 'ga', nativeName: 'Gaeilge', englishName: 'Irish' },
  { code: 'mt', nativeName: 'Malti', englishName: 'Maltese' },
  { code: 'ar', nativeName: 'العربية', englishName: 'Arabic' },
  { code: 'he-il', nativeName: 'עברית', englishName: 'Hebrew' },
  { code: 'ur', nativeName: 'اردو', englishName: 'Urdu' },
  { code: 'hi', nativeName: 'हिन्दी', englishName: 'Hindi' },
  { code: 'bn', nativeName: 'বাংলা', englishName: 'Bengali' },
  { code: 'ta', nativeName: 'தமிழ்', englishName: 'Tamil' },
  { code: 'th', nativeName: 'ไทย', englishName: 'Thai' },
  { code: 'vi', nativeName: 'Tiếng Việt', englishName: 'Vietnamese' },
  { code: 'id', nativeName: 'Bahasa Indonesia', englishName: 'Indonesian' },
  { code: 'ms', nativeName: 'Bahasa Melayu', englishName: 'Malay' },
  { code: 'fil', nativeName: 'Filipino', englishName: 'Filipino' },
  { code: 'ja', nativeName: '日本語', englishName: 'Japanese' },
  { code: 'ko', nativeName: '한국어', englishName: 'Korean' },
  { code: 'zh-cn', nativeName: '简体中文', englishName: 'Chinese (Simplified)' },
  { code: 'zh-tw', nativeName: '繁體中文', englishName: 'Chinese (Traditional)' },
  { code: 'sw', nativeName: 'Kiswahili', englishName: 'Swahili' },
  { code: 'af', nativeName: 'Afrikaans', englishName: 'Afrikaans' },
] as const;

export type StudyLanguage = (typeof STUDY_LANGUAGES)[number];
export type LanguageCode = StudyLanguage['code'];

/** Every supported language code, in the order of `STUDY_LANGUAGES`. */
export const LANGUAGE_CODES = STUDY_LANGUAGES.map((l) => l.code) as unknown as readonly [
  LanguageCode,
  ...LanguageCode[],
];

/** Spec 000 §1: the three right-to-left languages. */
export const RTL_LANGUAGES = ['ar', 'he-il', 'ur'] as const;
export type RtlLanguageCode = (typeof RTL_LANGUAGES)[number];

/** Spec 000 §1: default language is English. */
export const DEFAULT_LANGUAGE = 'en' satisfies LanguageCode;

/** Spec 000 §5: a translation is at most 20000 characters. */
export const TRANSLATION_MAX_LENGTH = 20000;

const LANGUAGE_CODE_SET: ReadonlySet<string> = new Set(LANGUAGE_CODES);
const RTL_PRIMARY_SUBTAGS: ReadonlySet<string> = new Set(RTL_LANGUAGES.map((c) => c.split('-')[0] ?? c));

/** Lowercases and turns `_` into `-` (`he_IL` → `he-il`), so codes from browsers compare equal. */
export function normalizeLanguageCode(code: string): string {
  return code.trim().toLowerCase().replace(/_/g, '-');
}

/** Spec 000 §1: is this one of the supported study languages (exact lowercase code)? */
export function isSupportedLanguage(code: string): code is LanguageCode {
  return LANGUAGE_CODE_SET.has(code);
}

/**
 * Spec 000 §1: ar, he-il and ur are written right to left. Case and `_` are ignored,
 * and a bare primary tag (`he`, `ar-eg`) of an RTL language counts too.
 */
export function isRightToLeft(code: string): boolean {
  const normalized = normalizeLanguageCode(code);
  const primary = normalized.split('-')[0] ?? '';
  return (RTL_LANGUAGES as readonly string[]).includes(normalized) || RTL_PRIMARY_SUBTAGS.has(primary);
}

/**
 * Spec 000 §1: the language is taken from the lang query parameter, then the stored
 * choice, then the study's primary language; pass them in that order. Falls back to English.
 */
export function pickLanguage(...candidates: ReadonlyArray<string | null | undefined>): LanguageCode {
  for (const candidate of candidates) {
    if (candidate == null) continue;
    const normalized = normalizeLanguageCode(candidate);
    if (isSupportedLanguage(normalized)) return normalized;
  }
  return DEFAULT_LANGUAGE;
}
