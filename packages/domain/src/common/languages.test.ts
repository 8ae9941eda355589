import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  isRightToLeft,
  isSupportedLanguage,
  LANGUAGE_CODES,
  LanguageCodeSchema,
  LocalizedTextSchema,
  pickLanguage,
  RTL_LANGUAGES,
  STUDY_LANGUAGES,
} from './languages';

describe('Spec 000 §1 study languages', () => {
  it('offers about 50 languages with unique lowercase codes', () => {
    expect(STUDY_LANGUAGES.length).toBeGreaterThanOrEqual(45);
    expect(STUDY_LANGUAGES.length).toBeLessThanOrEqual(55);
    expect(new Set(LANGUAGE_CODES).size).toBe(LANGUAGE_CODES.length);
    for (const { code, nativeName, englishName } of STUDY_LANGUAGES) {
      expect(code).toMatch(/^[a-z]{2,3}(-[a-z]{2})?$/);
      expect(nativeName.length).toBeGreaterThan(0);
      expect(englishName.length).toBeGreaterThan(0);
    }
  });

  it('has English as default and includes the languages the spec names', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
    for (const code of ['en', 'da', 'de', 'ar', 'he-il', 'ur', 'pt-br', 'zh-cn']) {
      expect(isSupportedLanguage(code)).toBe(true);
    }
  });

  it('has exactly ar, he-il and ur as right-to-left, all supported', () => {
    expect([...RTL_LANGUAGES]).toEqual(['ar', 'he-il', 'ur']);
    const rtl = LANGUAGE_CODES.filter((c) => isRightToLeft(c));
    expect(rtl.sort()).toEqual(['ar', 'he-il', 'ur']);
  });

  it('treats case, underscores and bare primary tags of RTL languages as RTL', () => {
    expect(isRightToLeft('he-IL')).toBe(true);
    expect(isRightToLeft('he_il')).toBe(true);
    expect(isRightToLeft('he')).toBe(true);
    expect(isRightToLeft('AR')).toBe(true);
    expect(isRightToLeft('en')).toBe(false);
    expect(isRightToLeft('')).toBe(false);
  });

  it('isSupportedLanguage needs the exact lowercase code', () => {
    expect(isSupportedLanguage('EN')).toBe(false);
    expect(isSupportedLanguage('xx')).toBe(false);
    expect(isSupportedLanguage('')).toBe(false);
  });

  it('picks lang parameter, then stored choice, then study primary, then English', () => {
    expect(pickLanguage('da', 'de', 'fr')).toBe('da');
    expect(pickLanguage(undefined, 'de', 'fr')).toBe('de');
    expect(pickLanguage('xx', null, 'fr')).toBe('fr');
    expect(pickLanguage('PT_BR')).toBe('pt-br');
    expect(pickLanguage()).toBe('en');
    expect(pickLanguage('klingon')).toBe('en');
  });

  it('property: pickLanguage always returns a supported language', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string(), { nil: undefined })), (candidates) => {
        expect(isSupportedLanguage(pickLanguage(...candidates))).toBe(true);
      }),
    );
  });
});

describe('Spec 000 §5 localized texts', () => {
  it('accepts per-language texts for supported languages', () => {
    expect(LocalizedTextSchema.parse({ en: 'Hello', da: 'Hej' })).toEqual({ en: 'Hello', da: 'Hej' });
    expect(LocalizedTextSchema.parse({})).toEqual({});
  });

  it('refuses unknown language keys and non-string texts', () => {
    expect(LocalizedTextSchema.safeParse({ xx: 'Hi' }).success).toBe(false);
    expect(LocalizedTextSchema.safeParse({ EN: 'Hi' }).success).toBe(false);
    expect(LocalizedTextSchema.safeParse({ en: 1 }).success).toBe(false);
  });

  it('caps a translation at 20000 characters', () => {
    expect(LocalizedTextSchema.safeParse({ en: 'a'.repeat(20000) }).success).toBe(true);
    expect(LocalizedTextSchema.safeParse({ en: 'a'.repeat(20001) }).success).toBe(false);
  });

  it('LanguageCodeSchema accepts every supported code and nothing else', () => {
    for (const code of LANGUAGE_CODES) expect(LanguageCodeSchema.parse(code)).toBe(code);
    expect(LanguageCodeSchema.safeParse('he').success).toBe(false);
  });
});
