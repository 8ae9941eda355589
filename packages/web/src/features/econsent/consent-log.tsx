import { Alert, Anchor, Badge, Group, Loader, Table, Text } from '@mantine/core';
import type { EConsentSignatureView } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format';
import { useConsentLog } from './api';
import { ConsentStateBadge, formatPaperDate } from './consent-card';
import { useConsentEventNames } from './event-names';

function SignedCell({ signature }: { signature: EConsentSignatureView | null }) {
  if (!signature) return <Text c="dimmed">—</Text>;
  return (
    <>
      <Text size="sm">
        <bdi>{signature.name}</bdi>
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(signature.signedTime)}
      </Text>
    </>
  );
}

/**
 * Issue 24 item 5: the study-wide consent log at the caller's sites: subject, event, document
 * version and language, who signed (participant and investigator) and when.
 */
export function ConsentLog({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['common', 'econsent']);
  const log = useConsentLog(studyId);
  const eventName = useConsentEventNames(studyId);
  if (log.isPending) return <Loader size="sm" aria-label={t('COMMON.LOADING')} />;
  if (log.isError) return <Alert color="red">{t('ECONSENT.ERRORS.LOAD_FAILED')}</Alert>;
  if (log.data.items.length === 0)
    return (
      <Alert color="gray" variant="light" maw={720} data-testid="econsent-log-empty">
        {t('ECONSENT.LOG.EMPTY')}
      </Alert>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="econsent-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ECONSENT.LOG.SUBJECT')}</Table.Th>
            <Table.Th>{t('ECONSENT.LOG.EVENT')}</Table.Th>
            <Table.Th>{t('ECONSENT.LOG.DOCUMENT')}</Table.Th>
            <Table.Th>{t('ECONSENT.LOG.LANGUAGE')}</Table.Th>
            <Table.Th>{t('ECONSENT.LOG.PARTICIPANT')}</Table.Th>
            <Table.Th>{t('ECONSENT.LOG.INVESTIGATOR')}</Table.Th>
            <Table.Th>{t('ECONSENT.LOG.STATE')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.items.map((row) => (
            <Table.Tr key={row.tokenId} data-testid="econsent-log-row" data-token={row.tokenId}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/study/${studyId}/econsent/${row.tokenId}?enrollment=${row.enrollmentId}`}
                  size="sm"
                >
                  <bdi>{row.subjectKey}</bdi>
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <bdi>{eventName(row.dataEventId)}</bdi>
                </Text>
              </Table.Td>
              <Table.Td>
                {row.document ? (
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{t('ECONSENT.VERSION', { version: row.document.version })}</Text>
                    {row.isSupersededVersion && (
                      <Badge color="orange" variant="light" size="xs">
                        {t('ECONSENT.SUPERSEDED')}
                      </Badge>
                    )}
                  </Group>
                ) : (
                  <Text c="dimmed">—</Text>
                )}
              </Table.Td>
              <Table.Td>{row.language ?? '—'}</Table.Td>
              <Table.Td>
                {row.paper ? (
                  <>
                    <Text size="sm" data-testid="econsent-log-paper">
                      {t('ECONSENT.LOG.PAPER')}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatPaperDate(row.paper.signedDate)}
                    </Text>
                  </>
                ) : (
                  <SignedCell signature={row.participant} />
                )}
              </Table.Td>
              <Table.Td>
                <SignedCell signature={row.investigator ?? row.paper?.recordedBy ?? null} />
              </Table.Td>
              <Table.Td>
                <ConsentStateBadge state={row.state} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
