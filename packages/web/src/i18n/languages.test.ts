import { describe, expect, it } from 'vitest';
import { firstLanguage, languageDirection, resolveLanguage, resolveParticipantLanguage } from './languages';

const STAFF = ['en', 'ar', 'da', 'de', 'he-il', 'ur'];

describe('language resolution shared by both apps (spec 000 §1)', () => {
  it('takes the lang query parameter, then the stored choice, then the default', () => {
    expect(resolveLanguage(['da', 'de', 'ar'], STAFF)).toBe('da');
    expect(resolveLanguage([null, 'de', 'ar'], STAFF)).toBe('de');
    expect(resolveLanguage([null, undefined, 'ar'], STAFF)).toBe('ar');
  });

  it('skips codes without strings and falls back to English', () => {
    expect(resolveLanguage(['xx', null, 'de'], STAFF)).toBe('de');
    expect(resolveLanguage(['klingon', 'zz'], STAFF)).toBe('en');
    expect(resolveLanguage([], STAFF)).toBe('en');
  });

  it('ignores case and maps regional variants to the base language', () => {
    expect(firstLanguage(['DE-AT'], STAFF)).toBe('de');
    expect(firstLanguage(['he'], STAFF)).toBe('he-il');
    expect(firstLanguage(['He_IL'], STAFF)).toBe('he-il');
    expect(firstLanguage(['en-us'], STAFF)).toBe('en');
  });

  it('writes ar, he-il and ur right to left and the others left to right', () => {
    for (const code of ['ar', 'he-il', 'ur']) expect(languageDirection(code)).toBe('rtl');
    for (const code of ['da', 'en', 'pl', 'zh-cn']) expect(languageDirection(code)).toBe('ltr');
  });

  it('participant pages: ?lang, then stored, then the study primary language, limited to the study languages', () => {
    const offered = ['en', 'pl', 'da'];
    expect(resolveParticipantLanguage({ query: 'PL', stored: 'da', primaryLanguage: 'en', offered })).toBe(
      'pl',
    );
    expect(resolveParticipantLanguage({ query: 'fr', stored: 'da', primaryLanguage: 'en', offered })).toBe(
      'da',
    );
    expect(resolveParticipantLanguage({ query: null, stored: null, primaryLanguage: 'pl', offered })).toBe(
      'pl',
    );
    expect(resolveParticipantLanguage({ query: null, stored: null, primaryLanguage: null })).toBe('en');
  });
});
