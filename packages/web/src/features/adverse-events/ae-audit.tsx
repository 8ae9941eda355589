import { Button, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AeDateFormatter } from './ae-dates';
import { useAe } from './api';

/** GET .../ae/{aeId}?isAudit=true (spec 000 §7): the record's audit trail, loaded when asked for. */
export function AeAudit({ studyId, aeId, dates }: { studyId: string; aeId: string; dates: AeDateFormatter }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ae-audit-title">
      <Title order={2} fz="h5" id="ae-audit-title" mb="sm">
        {t('ADVERSE_EVENTS.AUDIT.TITLE')}
      </Title>
      {isOpen ? (
        <AuditEntries studyId={studyId} aeId={aeId} dates={dates} />
      ) : (
        <Button
          variant="default"
          leftSection={<IconHistory size={16} />}
          onClick={() => setOpen(true)}
          data-testid="ae-audit-show"
        >
          {t('ADVERSE_EVENTS.AUDIT.SHOW')}
        </Button>
      )}
    </Card>
  );
}

function AuditEntries({ studyId, aeId, dates }: { studyId: string; aeId: string; dates: AeDateFormatter }) {
  const { t } = useTranslation();
  const ae = useAe(studyId, aeId, true);
  if (ae.isPending) return <Loader size="sm" aria-label={t('ADVERSE_EVENTS.AUDIT.TITLE')} />;
  const entries = ae.data?.audit ?? [];
  if (ae.isError || entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {ae.isError ? t('ADVERSE_EVENTS.AUDIT.LOAD_FAILED') : t('ADVERSE_EVENTS.AUDIT.NONE')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} fz="sm" data-testid="ae-audit">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ADVERSE_EVENTS.AUDIT.TIME')}</Table.Th>
              <Table.Th>{t('ADVERSE_EVENTS.AUDIT.WHO')}</Table.Th>
              <Table.Th>{t('ADVERSE_EVENTS.AUDIT.ACTION')}</Table.Th>
              <Table.Th>{t('ADVERSE_EVENTS.AMEND.REASON')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry, index) => (
              // Entries have no id of their own; their order is the trail's.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={index}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <bdi dir="ltr">{dates.dateTime(entry.time)}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi>{entry.actorName ?? '—'}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{entry.action}</bdi>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{entry.reason ?? ''}</bdi>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
