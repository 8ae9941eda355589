import { Alert, Button, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { useSubjectEnrollments } from '../subjects/api';
import { useAeDates } from './ae-dates';
import { AeTable } from './ae-table';
import { useSubjectAes } from './api';

/**
 * Spec 001 §2 subject view, adverse events tab: the subject's AEs with status and the serious-event
 * clock, and (with AE_CREATE) a report per enrollment, since an AE is reported on a record.
 */
export function SubjectAeTab({ studyId, subjectId }: { studyId: string; subjectId: string }) {
  const { t } = useTranslation(['common', 'adverse-events']);
  const abilities = useStudyAbilities(studyId);
  const canCreate = abilities.can('AE_CREATE');
  const aes = useSubjectAes(studyId, subjectId);
  const enrollments = useSubjectEnrollments(
    studyId,
    subjectId,
    canCreate && abilities.can('PATHWAY_RECORD_VIEW'),
  );
  const dates = useAeDates(studyId);
  const records = enrollments.data ?? [];
  const createLink = (recordId: string) => `/study/${studyId}/ae/${recordId}/create`;
  return (
    <Stack gap="md">
      {canCreate && records.length > 0 && (
        <Group justify="flex-end">
          {records.length === 1 && records[0] ? (
            <Button
              component={Link}
              to={createLink(records[0].id)}
              leftSection={<IconAlertTriangle size={16} />}
              data-testid="subject-report-ae"
            >
              {t('ADVERSE_EVENTS.SUBJECT.REPORT')}
            </Button>
          ) : (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  leftSection={<IconAlertTriangle size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  data-testid="subject-report-ae"
                >
                  {t('ADVERSE_EVENTS.SUBJECT.REPORT')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('ADVERSE_EVENTS.SUBJECT.PICK_RECORD')}</Menu.Label>
                {records.map((r) => (
                  <Menu.Item key={r.id} component={Link} to={createLink(r.id)}>
                    <bdi>{r.process.name}</bdi> · <bdi dir="ltr">{dates.date(r.registeredAt)}</bdi>
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      )}
      {aes.isPending ? (
        <Loader size="sm" aria-label={t('ADVERSE_EVENTS.TITLE')} />
      ) : aes.isError ? (
        <Alert color="red">{t('ADVERSE_EVENTS.LIST.LOAD_FAILED')}</Alert>
      ) : aes.data.length === 0 ? (
        <Text c="dimmed" data-testid="ae-empty">
          {t('ADVERSE_EVENTS.SUBJECT.NONE')}
        </Text>
      ) : (
        <AeTable studyId={studyId} rows={aes.data} dates={dates} isSubjectHidden />
      )}
    </Stack>
  );
}
