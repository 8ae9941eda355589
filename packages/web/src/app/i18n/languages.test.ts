import { describe, expect, it } from 'vitest';
import { firstUiLanguage, languageDirection, resolveUiLanguage } from './languages';

describe('UI language resolution (spec 000 §1)', () => {
  it('takes the lang query parameter before the stored choice and the default', () => {
    expect(resolveUiLanguage(['da', 'de', 'ar'])).toBe('da');
  });

  it('takes the stored choice when there is no query parameter', () => {
    expect(resolveUiLanguage([null, 'de', 'ar'])).toBe('de');
  });

  it('takes the system default when nothing was chosen', () => {
    expect(resolveUiLanguage([null, undefined, 'ar'])).toBe('ar');
  });

  it('skips codes the UI has no strings for and falls back to English', () => {
    expect(resolveUiLanguage(['xx', null, 'de'])).toBe('de');
    expect(resolveUiLanguage(['klingon', 'zz'])).toBe('en');
    expect(resolveUiLanguage([])).toBe('en');
  });

  it('ignores case and maps regional variants to the base language', () => {
    expect(firstUiLanguage(['DE-AT'])).toBe('de');
    expect(firstUiLanguage(['he'])).toBe('he-il');
    expect(firstUiLanguage(['He_IL'])).toBe('he-il');
    expect(firstUiLanguage(['en-us'])).toBe('en');
  });

  it('writes ar, he-il and ur right to left and the others left to right', () => {
    expect(languageDirection('ar')).toBe('rtl');
    expect(languageDirection('he-il')).toBe('rtl');
    expect(languageDirection('ur')).toBe('rtl');
    expect(languageDirection('da')).toBe('ltr');
    expect(languageDirection('en')).toBe('ltr');
  });
});
