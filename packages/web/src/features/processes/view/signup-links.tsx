import { ActionIcon, Alert, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ForbiddenInPlace } from '../../../app/forbidden-in-place';
import { isForbiddenError } from '../../../app/http-error-handler';
import { useSites } from '../../sites/api';

type SignupLinksProps = { studyId: string; processId: string };

/** Spec 001 §2 / 002 §2: the public sign-up link of the process for each site, with a copy button. */
export function SignupLinks({ studyId, processId }: SignupLinksProps) {
  const { t } = useTranslation();
  const sites = useSites(studyId, { secondary: true });
  if (sites.isPending) return null;
  if (isForbiddenError(sites.error)) return <ForbiddenInPlace />;
  if (sites.isError) return <Alert color="red">{t('PROCESSES.VIEW.SITES_FAILED')}</Alert>;
  const list = sites.data.sites;
  if (list.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('PROCESSES.VIEW.NO_SITES')}
      </Text>
    );
  }
  const origin = window.location.origin;
  return (
    <Stack gap="xs" data-testid="signup-links">
      {list.map((site) => {
        const link = `${origin}/public/${studyId}/${processId}/${site.id}/signup`;
        return (
          <Paper key={site.id} withBorder p="xs" data-testid="signup-link">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('PROCESSES.VIEW.COPIED') : t('PROCESSES.VIEW.COPY')} withArrow>
                    <ActionIcon
                      variant="light"
                      color={copied ? 'teal' : 'blue'}
                      onClick={copy}
                      aria-label={t('PROCESSES.VIEW.COPY_FOR', { site: site.name })}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {site.name}
                </Text>
                <Text
                  size="xs"
                  c="dimmed"
                  ff="monospace"
                  dir="ltr"
                  ta="start"
                  style={{ wordBreak: 'break-all' }}
                >
                  {link}
                </Text>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
