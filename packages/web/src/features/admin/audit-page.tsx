import { Alert, Badge, Button, Code, Paper, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useAuditVerification } from './api';

/** /admin/audit: recomputes the audit hash chains and shows whether any was tampered with. */
export function AuditPage() {
  const { t } = useTranslation();
  const verification = useAuditVerification();
  const result = verification.data;

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('NAV.ADMIN') }, { label: t('ADMIN.AUDIT.TITLE') }]}
        description={t('ADMIN.AUDIT.INTRO')}
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={verification.isFetching}
            onClick={() => void verification.refetch()}
          >
            {t('ADMIN.AUDIT.VERIFY')}
          </Button>
        }
      />
      {result && (
        <>
          <Alert
            color={result.ok ? 'teal' : 'red'}
            icon={result.ok ? <IconShieldCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
            title={result.ok ? t('ADMIN.AUDIT.OK') : t('ADMIN.AUDIT.BROKEN')}
            mb="lg"
            role={result.ok ? 'status' : 'alert'}
          >
            {t('ADMIN.AUDIT.CHECKED', {
              count: result.checkedEvents,
              chains: String(result.chains.length),
            })}
          </Alert>
          {result.chains.length > 0 && (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ADMIN.AUDIT.CHAIN')}</Table.Th>
                      <Table.Th ta="end">{t('ADMIN.AUDIT.EVENTS')}</Table.Th>
                      <Table.Th>{t('ADMIN.AUDIT.RESULT')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.chains.map((chain) => (
                      <Table.Tr key={chain.studyId ?? 'system'}>
                        <Table.Td>
                          {chain.studyId ? <Code>{chain.studyId}</Code> : t('ADMIN.AUDIT.SYSTEM_CHAIN')}
                        </Table.Td>
                        <Table.Td ta="end">{chain.events}</Table.Td>
                        <Table.Td>
                          {chain.ok ? (
                            <Badge color="teal" variant="light">
                              {t('ADMIN.AUDIT.INTACT')}
                            </Badge>
                          ) : (
                            <Text size="sm" c="red" fw={600}>
                              {t('ADMIN.AUDIT.BROKEN_AT', { id: chain.firstBrokenEventId ?? '?' })}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </>
      )}
    </>
  );
}
