import { Box, Container, Group, Image, NativeSelect, Text } from '@mantine/core';
import { publicRoutes, STUDY_LANGUAGES } from '@trialbase/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { callPublic } from './api';
import { setParticipantLanguage } from './i18n';
import { useParticipantLanguage } from './use-participant-language';
import { usePublicTranslation } from './use-public-translation';

/** Spec 002 §2: participant content is at most 877 px wide. */
export const PUBLIC_CONTENT_MAX_WIDTH = 877;

const logoCache = new Map<string, Promise<string | null>>();

/** Spec 002 §7 logo (cached): the study's logo url, or null for the default logo. */
function loadLogo(studyId: string): Promise<string | null> {
  let pending = logoCache.get(studyId);
  if (!pending) {
    pending = callPublic(publicRoutes.logo, { params: { studyId } })
      .then((answer) => answer.url)
      .catch(() => null);
    logoCache.set(studyId, pending);
  }
  return pending;
}

function languageName(code: string): string {
  return STUDY_LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;
}

/** The language switch of the public header: the study's languages, by their own names. */
export function LanguageSwitch({ languages }: { languages: readonly string[] }) {
  const { t } = usePublicTranslation();
  const language = useParticipantLanguage();
  if (languages.length < 2) return null;
  return (
    <NativeSelect
      aria-label={t('PUBLIC.LANGUAGE')}
      size="sm"
      value={languages.includes(language) ? language : (languages[0] ?? '')}
      data={languages.map((code) => ({ value: code, label: languageName(code) }))}
      onChange={(event) => setParticipantLanguage(event.currentTarget.value, { remember: true })}
      w={160}
    />
  );
}

/**
 * Spec 002 §2: the public header with the study logo (the default logo when the study has none)
 * and the language switch. The fill and index pages do not use it.
 */
export function PublicHeader({
  studyId,
  languages,
}: {
  studyId: string | null;
  languages: readonly string[];
}) {
  const { t } = usePublicTranslation();
  const [logo, setLogo] = useState<string | null>(null);
  useEffect(() => {
    if (!studyId) return;
    let isCurrent = true;
    void loadLogo(studyId).then((url) => {
      if (isCurrent) setLogo(url);
    });
    return () => {
      isCurrent = false;
    };
  }, [studyId]);
  return (
    <Box component="header" py="sm" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size={PUBLIC_CONTENT_MAX_WIDTH} px="md">
        <Group justify="space-between" wrap="nowrap">
          {logo ? (
            <Image src={logo} alt={t('PUBLIC.LOGO_ALT')} h={40} w="auto" fit="contain" />
          ) : (
            <Image src="/favicon.svg" alt={t('PUBLIC.DEFAULT_LOGO_ALT')} h={40} w={40} />
          )}
          <LanguageSwitch languages={languages} />
        </Group>
      </Container>
    </Box>
  );
}

/** A participant page: header, then content at most 877 px wide with room on phones. */
export function PublicLayout({
  studyId,
  languages = [],
  children,
  footer,
}: {
  studyId: string | null;
  languages?: readonly string[];
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = usePublicTranslation();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader studyId={studyId} languages={languages} />
      <Container
        component="main"
        size={PUBLIC_CONTENT_MAX_WIDTH}
        px="md"
        py="lg"
        w="100%"
        style={{ flex: 1 }}
      >
        {children}
      </Container>
      <Box component="footer" py="sm">
        <Container size={PUBLIC_CONTENT_MAX_WIDTH} px="md">
          {footer}
          <Text size="xs" c="dimmed" ta="center">
            {t('PUBLIC.POWERED_BY')}
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
