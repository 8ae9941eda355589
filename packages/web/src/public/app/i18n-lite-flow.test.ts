import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installDom } from '../../features/forms/renderer/test-dom';
import { initPublicI18n, loadStrings, setParticipantLanguage } from './i18n';

// app/i18n.ts on i18n-lite, as the participant build runs it (vite.config.ts aliases i18next and
// react-i18next there): i18n.test.ts's flow, with the strings read through `t`.
vi.mock('i18next', async () => await import('./i18n-lite'));
vi.mock('react-i18next', async () => await import('./i18n-lite-react'));

/** `t` without the staff app's catalog types (which type i18next's). */
const t = (key: string) => (i18next.t as unknown as (key: string) => string)(key);

beforeAll(async () => {
  installDom('https://trialbase.test/public/s1/t1?lang=en');
  await initPublicI18n();
});

describe('participant strings on i18n-lite', () => {
  it('is i18n-lite', () => {
    expect(i18next.constructor.name).toBe('LiteI18n');
  });

  it('starts with the public namespace of the ?lang language only', () => {
    expect(i18next.language).toBe('en');
    expect(i18next.hasResourceBundle('en', 'public')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'renderer')).toBe(false);
    expect(t('PUBLIC.LANGUAGE')).toBe('Language');
  });

  it('a page preloaded while a language switch is under way gets its strings in the new language', async () => {
    setParticipantLanguage('da');
    await loadStrings(['renderer']);
    expect(i18next.hasResourceBundle('da', 'renderer')).toBe(true);
    expect(i18next.hasResourceBundle('de', 'renderer')).toBe(false);
    await expect.poll(() => i18next.language).toBe('da');
    expect(t('PUBLIC.LANGUAGE')).toBe('Sprog');
  });

  it('the sign-up, unsubscribe and e-consent strings load through their own catalog map', async () => {
    await loadStrings(['signup', 'unsubscribe', 'econsent']);
    for (const namespace of ['public-signup', 'public-unsubscribe', 'public-econsent']) {
      expect(i18next.hasResourceBundle('da', namespace), namespace).toBe(true);
      expect(i18next.hasResourceBundle('en', namespace), namespace).toBe(true);
    }
  });
});
