import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconCalendarPlus, IconLock, IconPlus } from '@tabler/icons-react';
import {
  type EnrollmentDetail,
  type EnrollmentStatus,
  type FormStatus,
  formStatusWithQueries,
  isEnrollmentActive,
  type SubjectDetail,
  type TokenStatus,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { formatDate, formatDateTime } from '../../../app/format';
import { displayText } from '../../processes/localized';
import { FormStatusIcon } from '../../questionnaires/status-icons';
import { isUnscheduledToken, tokenPagePath } from '../../questionnaires/token-links';
import { EnrollmentRandomizationSlot, RandomizeSlot } from '../../randomization/records-slots';
import { useSubjectEnrollments, useUnscheduledForms } from '../api';
import { EnrolDialog } from './enrol-dialog';
import { SignedOffNote, SignOffAction } from './sign-off-dialog';
import { TokenRowActions } from './token-actions';
import { UnscheduledDialog } from './unscheduled-dialog';

type Token = EnrollmentDetail['tokens'][number];

const TOKEN_COLORS: Record<TokenStatus, string> = {
  UNUSED: 'blue',
  IN_USE: 'yellow',
  EXPIRED: 'red',
  COMPLETED: 'green',
  DISABLED: 'gray',
  EXCLUDED: 'gray',
  NOT_ACTIVE: 'gray',
};

/** The form status a token's own status stands for, before queries (001 §4). */
const TOKEN_FORM_STATUS: Record<TokenStatus, FormStatus> = {
  UNUSED: 'STATUS_NOT_STARTED',
  IN_USE: 'STATUS_INCOMPLETE',
  EXPIRED: 'STATUS_NOT_STARTED',
  COMPLETED: 'STATUS_COMPLETED',
  DISABLED: 'STATUS_NOT_STARTED',
  EXCLUDED: 'STATUS_NOT_STARTED',
  NOT_ACTIVE: 'STATUS_NOT_STARTED',
};

/**
 * Spec 001 §4 "query overrides the others": STATUS_QUERY when one of the token's forms has an open
 * or responded query, else null (the token status badge says the rest).
 */
export function tokenQueryStatus(token: Pick<Token, 'status' | 'queryStatuses'>): FormStatus | null {
  const status = formStatusWithQueries(TOKEN_FORM_STATUS[token.status], token.queryStatuses ?? []);
  return status === 'STATUS_QUERY' ? status : null;
}

/** Fill while the token is open, review once it is completed (spec 001 §2 staff fill and review routes). */
function TokenAction({
  studyId,
  enrollmentId,
  token,
}: {
  studyId: string;
  enrollmentId: string;
  token: Token;
}) {
  const { t } = useTranslation();
  const abilities = useStudyAbilities(studyId);
  const ref = { studyId, enrollmentId, tokenId: token.id, dataEventId: token.dataEventId, type: token.type };
  if ((token.status === 'UNUSED' || token.status === 'IN_USE') && abilities.can('QUESTIONNAIRE_CREATE'))
    return (
      <Button component={Link} size="compact-sm" to={tokenPagePath('fill', ref)} data-testid="token-fill">
        {t('SUBJECTS.VIEW.FILL')}
      </Button>
    );
  if (token.status === 'COMPLETED' && abilities.can('QUESTIONNAIRE_VIEW'))
    return (
      <Button
        component={Link}
        size="compact-sm"
        variant="light"
        to={tokenPagePath('review', ref)}
        data-testid="token-review"
      >
        {t('SUBJECTS.VIEW.REVIEW')}
      </Button>
    );
  return null;
}

const when = (iso: string | null) => (iso ? <bdi>{formatDateTime(iso)}</bdi> : '—');

/** The name of a token's event; an unscheduled event's token is named by its kind. */
function useEventName(enrollment: EnrollmentDetail) {
  const { t, i18n } = useTranslation();
  return (token: Token) =>
    displayText(token.dataEventName, i18n.language, enrollment.language) ||
    (isUnscheduledToken(token.type)
      ? t(`SUBJECTS.UNSCHEDULED.TOKEN_NAMES.${token.type}`)
      : token.dataEventId);
}

/**
 * Spec 001 §3 / §7: "Record unscheduled event" when the caller may record one, the enrollment is
 * still active and its process switches at least one unscheduled event on.
 */
function UnscheduledAction({
  studyId,
  subjectId,
  enrollment,
}: {
  studyId: string;
  subjectId: string;
  enrollment: EnrollmentDetail;
}) {
  const { t } = useTranslation();
  const abilities = useStudyAbilities(studyId);
  const [isOpen, setOpen] = useState(false);
  const isAllowed =
    abilities.can('PATHWAY_RECORD_UNEXPECTED') && isEnrollmentActive(enrollment.status as EnrollmentStatus);
  const forms = useUnscheduledForms(
    studyId,
    { processId: enrollment.process.id, enrollmentId: enrollment.id },
    isAllowed,
  );
  const types = (forms.data ?? []).filter((f) => f.enabled).map((f) => f.type);
  if (!isAllowed || types.length === 0) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconCalendarPlus size={14} />}
        onClick={() => setOpen(true)}
        data-testid="record-unscheduled"
      >
        {t('SUBJECTS.UNSCHEDULED.OPEN')}
      </Button>
      <UnscheduledDialog
        studyId={studyId}
        subjectId={subjectId}
        enrollmentId={enrollment.id}
        types={types}
        opened={isOpen}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function EnrollmentCard({
  studyId,
  subjectId,
  enrollment,
}: {
  studyId: string;
  subjectId: string;
  enrollment: EnrollmentDetail;
}) {
  const { t } = useTranslation();
  const eventName = useEventName(enrollment);
  const hasQuery = enrollment.tokens.some((token) => tokenQueryStatus(token) !== null);
  return (
    <Card withBorder padding="md" data-testid="enrollment">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600} data-testid="enrollment-process">
            <bdi>{enrollment.process.name}</bdi>
          </Text>
          <Text size="sm" c="dimmed">
            <bdi>{enrollment.site.name}</bdi> ·{' '}
            {t('SUBJECTS.VIEW.ENROLLED', { date: formatDate(enrollment.registeredAt) })}
          </Text>
          <SignedOffNote enrollment={enrollment} />
        </Stack>
        <Group gap="xs" wrap="wrap">
          <UnscheduledAction studyId={studyId} subjectId={subjectId} enrollment={enrollment} />
          <SignOffAction studyId={studyId} subjectId={subjectId} enrollment={enrollment} />
          <Badge variant="light" data-testid="enrollment-status">
            {t(`SUBJECTS.ENROLLMENT_STATUS.${enrollment.status}`)}
          </Badge>
        </Group>
      </Group>
      <EnrollmentRandomizationSlot studyId={studyId} subjectId={subjectId} enrollment={enrollment} />
      {enrollment.tokens.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('SUBJECTS.VIEW.NO_TOKENS')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table fz="sm" data-testid="token-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('SUBJECTS.VIEW.DATA_EVENT')}</Table.Th>
                <Table.Th>{t('SUBJECTS.VIEW.TOKEN_STATUS')}</Table.Th>
                <Table.Th>{t('SUBJECTS.VIEW.ACTIVATION')}</Table.Th>
                <Table.Th>{t('SUBJECTS.VIEW.EXPIRY')}</Table.Th>
                <Table.Th>{t('SUBJECTS.VIEW.COMPLETED')}</Table.Th>
                <Table.Th>
                  <span className="tb-visually-hidden">{t('SUBJECTS.LIST.ACTIONS')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {enrollment.tokens.map((token) => (
                <Table.Tr key={token.id} data-testid="token-row">
                  <Table.Td data-testid="token-event">
                    <bdi>{eventName(token)}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge
                        variant="light"
                        color={TOKEN_COLORS[token.status]}
                        style={{ flexShrink: 0, minWidth: 'max-content' }}
                        data-testid="token-status"
                      >
                        {t(`SUBJECTS.TOKEN_STATUS.${token.status}`)}
                      </Badge>
                      {tokenQueryStatus(token) === 'STATUS_QUERY' && (
                        <span data-testid="token-query-status">
                          <FormStatusIcon status="STATUS_QUERY" size={16} />
                        </span>
                      )}
                      {token.locked && <IconLock size={14} aria-label={t('SUBJECTS.VIEW.LOCKED')} />}
                    </Group>
                  </Table.Td>
                  <Table.Td>{when(token.activationTime)}</Table.Td>
                  <Table.Td>{when(token.expiryTime)}</Table.Td>
                  <Table.Td>{when(token.completedTime)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <RandomizeSlot
                        studyId={studyId}
                        subjectId={subjectId}
                        enrollment={enrollment}
                        token={token}
                      />
                      <TokenAction studyId={studyId} enrollmentId={enrollment.id} token={token} />
                      <TokenRowActions
                        studyId={studyId}
                        subjectId={subjectId}
                        enrollment={enrollment}
                        token={token}
                        eventName={eventName(token)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {hasQuery && (
        <Group
          gap={4}
          mt="xs"
          wrap="nowrap"
          component="section"
          aria-label={t('QUESTIONNAIRES.LEGEND.TITLE')}
          data-testid="records-legend"
        >
          <Text size="sm" fw={600}>
            {t('QUESTIONNAIRES.LEGEND.TITLE')}
          </Text>
          <FormStatusIcon status="STATUS_QUERY" size={16} />
          <Text size="sm">{t('QUESTIONNAIRES.STATUS.STATUS_QUERY')}</Text>
        </Group>
      )}
    </Card>
  );
}

/** Spec 001 §2 subject view, records: the subject's enrollments with their tokens, and enrolling. */
export function RecordsTab({ studyId, subject }: { studyId: string; subject: SubjectDetail }) {
  const { t } = useTranslation();
  const abilities = useStudyAbilities(studyId);
  const enrollments = useSubjectEnrollments(studyId, subject.id, true);
  const [enrolOpen, setEnrolOpen] = useState(false);
  return (
    <Stack gap="md">
      {abilities.can('PATHWAY_RECORD_CREATE') && abilities.can('PATHWAY_LIST') && !subject.archived && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEnrolOpen(true)}
            data-testid="enrol-subject"
          >
            {t('SUBJECTS.VIEW.ENROL')}
          </Button>
        </Group>
      )}
      {enrollments.isPending ? (
        <Group justify="center">
          <Loader size="sm" />
        </Group>
      ) : enrollments.isError ? (
        <Alert color="red">{t('SUBJECTS.VIEW.RECORDS_FAILED')}</Alert>
      ) : enrollments.data.length === 0 ? (
        <Card withBorder padding="xl" data-testid="no-records">
          <Text c="dimmed" ta="center">
            {t('SUBJECTS.VIEW.NO_RECORDS')}
          </Text>
        </Card>
      ) : (
        enrollments.data.map((enrollment) => (
          <EnrollmentCard
            key={enrollment.id}
            studyId={studyId}
            subjectId={subject.id}
            enrollment={enrollment}
          />
        ))
      )}
      <EnrolDialog
        studyId={studyId}
        subject={subject}
        opened={enrolOpen}
        onClose={() => setEnrolOpen(false)}
      />
    </Stack>
  );
}
