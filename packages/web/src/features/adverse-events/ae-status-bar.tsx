import { Box, Card, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import type { AeSignAction, AeView } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import type { AeDateFormatter } from './ae-dates';

type Tile = {
  key: 'REPORTED' | AeSignAction;
  signer: string | null;
  time: string | null;
};

/** The signer's printed name as stored with the signature. */
function signerOf(ae: AeView, action: AeSignAction): string | null {
  return ae.signatures.find((s) => s.action === action)?.signedByName ?? null;
}

/**
 * Spec 000 §2 AE status bar: five tiles in this order: reported, classification signed, initial
 * sponsor signed, followed up, final sponsor signed. The sponsor tiles are hidden unless the sponsor
 * signs this AE; only the first tile starts active; each pairs the signer with the sign time.
 */
export function AeStatusBar({ ae, dates }: { ae: AeView; dates: AeDateFormatter }) {
  const { t } = useTranslation();
  const tiles: Tile[] = [
    { key: 'REPORTED', signer: ae.createdByName, time: ae.createTime },
    { key: 'classification', signer: signerOf(ae, 'classification'), time: ae.classificationSignedTime },
    ...(ae.sponsorInvolved
      ? [
          {
            key: 'initialSponsor' as const,
            signer: signerOf(ae, 'initialSponsor'),
            time: ae.initialSponsorSignedTime,
          },
        ]
      : []),
    { key: 'followUp', signer: signerOf(ae, 'followUp'), time: ae.followUpSignedTime },
    ...(ae.sponsorInvolved
      ? [
          {
            key: 'finalSponsor' as const,
            signer: signerOf(ae, 'finalSponsor'),
            time: ae.finalSponsorSignedTime,
          },
        ]
      : []),
  ];
  return (
    <Box
      component="ol"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('ADVERSE_EVENTS.STATUS_BAR.LABEL')}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: tiles.length }} spacing="xs">
        {tiles.map((tile, index) => {
          const isActive = tile.time !== null;
          const isNext = !isActive && (index === 0 || tiles[index - 1]?.time !== null);
          return (
            <Card
              key={tile.key}
              component="li"
              withBorder
              radius="md"
              padding="sm"
              data-testid={`ae-tile-${tile.key}`}
              data-active={isActive}
              aria-current={isNext ? 'step' : undefined}
              style={{
                borderColor: isActive
                  ? 'var(--mantine-color-green-6)'
                  : isNext
                    ? 'var(--mantine-color-blue-4)'
                    : undefined,
                background: isActive ? 'var(--mantine-color-green-0)' : undefined,
              }}
            >
              <Box style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                <ThemeIcon
                  size={22}
                  radius="xl"
                  variant={isActive ? 'filled' : 'light'}
                  color={isActive ? 'green' : 'gray'}
                  aria-hidden
                >
                  {isActive ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                </ThemeIcon>
                <Box style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {t(`ADVERSE_EVENTS.STATUS_BAR.${tile.key}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('ADVERSE_EVENTS.STATUS_BAR.SIGNER')}{' '}
                    <Text span size="xs" c="dark" data-testid="tile-signer">
                      <bdi>{isActive ? (tile.signer ?? '—') : '—'}</bdi>
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('ADVERSE_EVENTS.STATUS_BAR.TIME')}{' '}
                    <Text span size="xs" c="dark" data-testid="tile-time">
                      <bdi dir="ltr">{isActive ? dates.dateTime(tile.time) : '—'}</bdi>
                    </Text>
                  </Text>
                </Box>
              </Box>
            </Card>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
