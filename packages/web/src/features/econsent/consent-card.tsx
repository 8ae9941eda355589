import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type {
  EConsentSignatureView,
  EConsentState,
  PaperEConsentView,
  SignedEConsentInfo,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { ConsentActions } from './consent-actions';

const STATE_COLORS: Record<EConsentState, string> = {
  PENDING: 'gray',
  SIGNED_BY_PARTICIPANT: 'blue',
  COUNTERSIGNED: 'teal',
  SIGNED_ON_PAPER: 'grape',
};

/** The state of an e-consent as a badge (issue 24: pending, signed by the participant, countersigned). */
export function ConsentStateBadge({ state }: { state: EConsentState }) {
  const { t } = useTranslation(['common', 'econsent']);
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      data-testid="econsent-state"
      data-state={state}
      // Never cut to an ellipsis in a table cell: the state is the point of the row.
      style={{ minWidth: 'max-content' }}
    >
      {t(`ECONSENT.STATE.${state}`)}
    </Badge>
  );
}

/** The label of a signature meaning code (21 CFR 11.50(a)(3)); an unknown code shows as it is. */
export function meaningLabel(t: TFunction, meaning: string): string {
  switch (meaning) {
    case 'PARTICIPANT_CONSENT':
    case 'REPRESENTATIVE_CONSENT':
    case 'CONSENT_OBTAINED':
      return t(`ECONSENT.MEANINGS.${meaning}`);
    default:
      return meaning;
  }
}

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm">
        {children}
      </Text>
    </Stack>
  );
}

/** One signature: printed name, meaning, date and time, and its audit event (21 CFR 11.50, 11.70). */
function SignatureBlock({
  title,
  signature,
  testId,
}: {
  title: string;
  signature: EConsentSignatureView | null;
  testId: string;
}) {
  const { t } = useTranslation(['common', 'econsent']);
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {signature ? (
        <>
          <Text size="sm">
            <bdi>{signature.name}</bdi>
          </Text>
          <Text size="sm">{meaningLabel(t, signature.meaningCode ?? signature.meaning)}</Text>
          <Text size="sm" c="dimmed">
            <bdi>{formatDateTime(signature.signedTime)}</bdi>
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {t('ECONSENT.VIEW.AUDIT_EVENT', { id: signature.auditEventId })}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('ECONSENT.VIEW.NOT_SIGNED_YET')}
        </Text>
      )}
    </Stack>
  );
}

/** A calendar date (YYYY-MM-DD) as spec 000 §9 shows dates (DD-MM-YYYY), with no time zone shift. */
export function formatPaperDate(date: string): string {
  return date.split('-').reverse().join('-');
}

/** A consent signed on paper: the date, the witness, the reason and who recorded it (spec 001 §7). */
function PaperBlock({ paper }: { paper: PaperEConsentView }) {
  const { t } = useTranslation(['common', 'econsent']);
  return (
    <Stack gap={6} data-testid="econsent-paper">
      <Text fw={600} size="sm">
        {t('ECONSENT.PAPER.VIEW_TITLE')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <Field label={t('ECONSENT.PAPER.SIGNED_DATE')} testId="econsent-paper-signed-date">
          <bdi>{formatPaperDate(paper.signedDate)}</bdi>
        </Field>
        <Field label={t('ECONSENT.PAPER.WITNESS')} testId="econsent-paper-witness-view">
          <bdi>{paper.witness}</bdi>
        </Field>
        <Field label={t('ECONSENT.PAPER.RECORDED_BY')}>
          <bdi>{paper.recordedBy.name}</bdi>
          <Text size="xs" c="dimmed">
            <bdi>{formatDateTime(paper.recordedBy.signedTime)}</bdi>
          </Text>
        </Field>
        <Field label={t('ECONSENT.PAPER.SCAN')}>
          {paper.scan ? <bdi>{paper.scan.fileName}</bdi> : t('ECONSENT.PAPER.NO_SCAN')}
        </Field>
      </SimpleGrid>
      <Field label={t('ECONSENT.PAPER.REASON')}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <bdi dir="auto">{paper.reason}</bdi>
        </Text>
      </Field>
      <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {t('ECONSENT.VIEW.AUDIT_EVENT', { id: paper.recordedBy.auditEventId })}
      </Text>
    </Stack>
  );
}

/**
 * Issue 24 item 5: one e-consent as staff see it: document version and language, both
 * signatures, how the participant's identity was confirmed, each clause's answer, the signed
 * file's hashes, and the countersign and download actions.
 */
export function ConsentCard({
  info,
  studyId,
  eventName,
}: {
  info: SignedEConsentInfo;
  studyId: string;
  eventName?: string;
}) {
  const { t } = useTranslation(['common', 'econsent']);
  return (
    <Card withBorder padding="md" data-testid="econsent-card" data-token={info.tokenId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h5">
              <bdi>{eventName ?? info.dataEventId}</bdi>
            </Title>
            <ConsentStateBadge state={info.state} />
            {info.isSupersededVersion && (
              <Badge color="orange" variant="light" data-testid="econsent-superseded">
                {t('ECONSENT.SUPERSEDED')}
              </Badge>
            )}
          </Group>
          <ConsentActions info={info} studyId={studyId} />
        </Group>
        {/* A paper consent has no electronic document or signatures: its own block says what was recorded. */}
        {!info.paper && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
            <Field label={t('ECONSENT.VIEW.DOCUMENT')} testId="econsent-document">
              {info.document ? (
                <>
                  <bdi>{info.document.fileName}</bdi> ·{' '}
                  {t('ECONSENT.VERSION', { version: info.document.version })}
                </>
              ) : (
                '—'
              )}
            </Field>
            <Field label={t('ECONSENT.VIEW.LANGUAGE')}>{info.language ?? '—'}</Field>
            <SignatureBlock
              title={t('ECONSENT.VIEW.PARTICIPANT')}
              signature={info.participant}
              testId="econsent-participant"
            />
            <SignatureBlock
              title={t('ECONSENT.VIEW.INVESTIGATOR')}
              signature={info.investigator}
              testId="econsent-investigator"
            />
          </SimpleGrid>
        )}
        {info.paper && <PaperBlock paper={info.paper} />}
        {info.identity && (
          <Text size="sm" data-testid="econsent-identity">
            {t(
              info.identity.channel === 'SMS' ? 'ECONSENT.VIEW.IDENTITY_SMS' : 'ECONSENT.VIEW.IDENTITY_EMAIL',
              {
                to: `\u2068${info.identity.maskedTo}\u2069`,
              },
            )}
          </Text>
        )}
        {info.clauses.length > 0 && (
          <Table.ScrollContainer minWidth={240}>
            <Table withTableBorder data-testid="econsent-clauses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ECONSENT.VIEW.CLAUSE')}</Table.Th>
                  <Table.Th w={80}>{t('ECONSENT.VIEW.ANSWER')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {info.clauses.map((clause) => (
                  <Table.Tr key={clause.key} data-clause={clause.key}>
                    <Table.Td>
                      <bdi dir="auto">{clause.text}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={clause.accepted ? 'teal' : 'red'}
                        variant="light"
                        data-testid="econsent-clause-answer"
                      >
                        {t(clause.accepted ? 'ECONSENT.VIEW.ACCEPTED' : 'ECONSENT.VIEW.DECLINED')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {info.signedFile && (
          <Stack gap={2} data-testid="econsent-signed-file">
            <Text size="xs" c="dimmed">
              {t('ECONSENT.VIEW.SIGNED_FILE')}
            </Text>
            <Text size="sm">
              <bdi>{info.signedFile.fileName}</bdi>
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {t('ECONSENT.VIEW.SHA_ORIGINAL', { hash: info.signedFile.originalSha256 })}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {t('ECONSENT.VIEW.SHA_SIGNED', { hash: info.signedFile.sha256 })}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
