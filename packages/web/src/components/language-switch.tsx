import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, resolveUiLanguage, UI_LANGUAGES } from '../app/i18n';
import { nativeLanguageName } from '../i18n/languages';

/** Picks the UI language; the choice is stored and wins over the system default (spec 000 §1). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = resolveUiLanguage([i18n.language]);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={`${t('TOOLBAR.LANGUAGE')}: ${nativeLanguageName(current)}`}
        >
          {current.split('-')[0]?.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('TOOLBAR.LANGUAGE')}</Menu.Label>
        {UI_LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => chooseLanguage(code)}
            rightSection={code === current ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={code === current ? 'true' : undefined}
          >
            {nativeLanguageName(code)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
