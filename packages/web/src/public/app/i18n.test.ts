import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDom } from '../../features/forms/renderer/test-dom';
import { initPublicI18n, loadStrings, setParticipantLanguage } from './i18n';

beforeAll(async () => {
  installDom('https://trialbase.test/public/s1/t1?lang=en');
  await initPublicI18n();
});

describe('participant strings through the shared catalog backend (issue 18 item 1)', () => {
  it('starts with the public namespace of the ?lang language only', () => {
    expect(i18next.language).toBe('en');
    expect(i18next.hasResourceBundle('en', 'public')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'renderer')).toBe(false);
  });

  it('a page preloaded while a language switch is under way gets its strings in the new language', async () => {
    setParticipantLanguage('da');
    await loadStrings(['renderer']);
    expect(i18next.hasResourceBundle('da', 'renderer')).toBe(true);
    expect(i18next.hasResourceBundle('de', 'renderer')).toBe(false);
    await expect.poll(() => i18next.language).toBe('da');
    expect(i18next.getResource(i18next.language, 'public', 'PUBLIC.LANGUAGE')).toBe('Sprog');
  });

  it('the sign-up, unsubscribe and e-consent strings load through their own catalog map (issue 16)', async () => {
    await loadStrings(['signup', 'unsubscribe', 'econsent']);
    for (const namespace of ['public-signup', 'public-unsubscribe', 'public-econsent']) {
      expect(i18next.hasResourceBundle('da', namespace), namespace).toBe(true);
      expect(i18next.hasResourceBundle('en', namespace), namespace).toBe(true);
    }
    // The first-load map still has the link's own pages' strings, each once.
    await loadStrings(['link', 'questionnaire']);
    expect(i18next.hasResourceBundle('da', 'public-questionnaire')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'public-link')).toBe(true);
  });
});
