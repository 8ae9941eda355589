import { ActionIcon, Alert, Anchor, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLink, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { enrollmentEndpoints } from '@trialbase/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { call } from '../../app/http';
import type { QuestionInputProps } from '../forms/renderer/question-props';
import { useIsQueryAnswer } from '../forms/renderer/reference-slots';
import { AeClockBadge } from './ae-clock-badge';
import type { AeCreateState, AeLinkedState } from './ae-create-page';
import { useAeDates } from './ae-dates';
import { AeSeriousBadge, AeStatusBadge } from './ae-table';
import { useSubjectAes } from './api';

function isLinkedState(state: unknown): state is AeLinkedState {
  const linked = (state as Partial<AeLinkedState> | null)?.aeLinked;
  return typeof linked?.qId === 'string' && typeof linked.aeId === 'string';
}

/**
 * AE reference question (AE_REF, spec 001 §3, §6; issue 20 item 4) on the staff fill and review
 * pages: the answer holds the ids of the subject's AEs it refers to. The user links an existing AE
 * of the subject or reports a new one from here (the create page comes back and links it).
 */
export function AeReferenceQuestion({
  question,
  answer,
  onChange,
  onBlur,
  labelId,
  describedBy,
}: QuestionInputProps) {
  const { t } = useTranslation(['common', 'adverse-events']);
  const { studyId = '', pathwayRecordId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const abilities = useStudyAbilities(studyId);
  // In the query dialog's answer editor the AE is reported for the query's response (isQuery).
  const isQuery = useIsQueryAnswer();
  const canView = abilities.can('AE_VIEW') || abilities.can('AE_LIST');
  const canCreate = abilities.can('AE_CREATE');
  const enrollment = useQuery({
    queryKey: ['enrollments', studyId, 'detail', pathwayRecordId],
    queryFn: ({ signal }) =>
      call(enrollmentEndpoints.get, { params: { studyId, enrollmentId: pathwayRecordId }, signal }),
    enabled: studyId !== '' && pathwayRecordId !== '',
    meta: { secondary: true },
  });
  const subjectId = enrollment.data?.subject.id;
  const aes = useSubjectAes(studyId, subjectId, { enabled: canView, secondary: true });
  const dates = useAeDates(studyId);
  const refs = answer.aeRefs;
  const byId = useMemo(() => new Map((aes.data ?? []).map((ae) => [ae.id, ae])), [aes.data]);

  // Back from the create page: link the new AE to this question's answer once, in the form or, when
  // it was reported from a query's response, in that response's answer editor only.
  const linked = isLinkedState(location.state) ? location.state.aeLinked : null;
  useEffect(() => {
    if (!linked || linked.qId !== question.id || (linked.isQuery === true) !== isQuery) return;
    if (!refs.includes(linked.aeId)) onChange({ ...answer, aeRefs: [...refs, linked.aeId] });
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [linked, question.id, isQuery, refs, answer, onChange, navigate, location.pathname, location.search]);

  if (pathwayRecordId === '') {
    // The form preview: no subject to link to.
    return (
      <Alert variant="light" color="gray" icon={<IconLink size={18} />} role="note" aria-labelledby={labelId}>
        {t('ADVERSE_EVENTS.REFERENCE.PREVIEW')}
      </Alert>
    );
  }

  const setRefs = (next: string[]) => {
    onChange({ ...answer, aeRefs: next });
    onBlur();
  };
  const options = (aes.data ?? [])
    .filter((ae) => !refs.includes(ae.id) && !ae.isRemoved)
    .map((ae) => ({
      value: ae.id,
      label: `${dates.date(ae.startDate ?? ae.createTime)} · ${ae.eventDescription}`,
    }));

  const handleCreate = () => {
    const state: AeCreateState = {
      qId: question.id,
      qAnswer: `${location.pathname}${location.search}`,
      isQuery,
    };
    void navigate(`/study/${studyId}/ae/${pathwayRecordId}/create`, { state });
  };

  return (
    <Stack
      gap="xs"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      data-testid="ae-reference"
    >
      {refs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ADVERSE_EVENTS.REFERENCE.NONE_LINKED')}
        </Text>
      ) : (
        refs.map((id) => {
          const ae = byId.get(id);
          return (
            <Card key={id} withBorder radius="sm" padding="xs" data-testid="ae-reference-linked">
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`/study/${studyId}/ae/${id}/edit`}
                    size="sm"
                    dir="auto"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {ae ? ae.eventDescription : t('ADVERSE_EVENTS.REFERENCE.UNKNOWN_AE')}
                  </Anchor>
                  {ae && (
                    <Group gap={6}>
                      <AeSeriousBadge ae={ae} />
                      <AeStatusBadge status={ae.status} />
                      {ae.clock && <AeClockBadge clock={ae.clock} dates={dates} size="sm" />}
                    </Group>
                  )}
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('ADVERSE_EVENTS.REFERENCE.UNLINK')}
                  onClick={() => setRefs(refs.filter((r) => r !== id))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Card>
          );
        })
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        {canView && options.length > 0 && (
          <Select
            aria-label={t('ADVERSE_EVENTS.REFERENCE.LINK_EXISTING')}
            placeholder={t('ADVERSE_EVENTS.REFERENCE.LINK_EXISTING')}
            data={options}
            value={null}
            onChange={(id) => id && setRefs([...refs, id])}
            style={{ flex: '1 1 14rem' }}
            data-testid="ae-reference-select"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {canCreate && (
          <Button
            variant="light"
            leftSection={<IconAlertTriangle size={16} />}
            onClick={handleCreate}
            data-testid="ae-reference-create"
          >
            {t('ADVERSE_EVENTS.REFERENCE.CREATE')}
          </Button>
        )}
      </Group>
      {canCreate && (
        <Text size="xs" c="dimmed">
          {t('ADVERSE_EVENTS.REFERENCE.CREATE_HINT')}
        </Text>
      )}
    </Stack>
  );
}
