import { Alert, Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconEdit, IconSignature } from '@tabler/icons-react';
import type { AeContent, AeView } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { isExtendedValidationCancelled, withExtendedValidation } from '../../app/extended-validation';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { ExtendedValidationDialog } from '../../components/extended-validation-dialog';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { AeAmendments } from './ae-amendments';
import { AeAudit } from './ae-audit';
import { AeClockBadge } from './ae-clock-badge';
import { isolated, useAeDates } from './ae-dates';
import { type AeFieldErrors, AeFormFields, normalizeAeContent } from './ae-form';
import { AeSignPanel } from './ae-sign-panel';
import { AeStatusBar } from './ae-status-bar';
import { checkAeContent, serverFieldErrors } from './ae-submit';
import { AeSeriousBadge, AeStatusBadge } from './ae-table';
import { AeVerification } from './ae-verification';
import { useAe, useAmendAe, useUpdateAe } from './api';

function contentOf(ae: AeView): AeContent {
  return {
    eventDescription: ae.eventDescription,
    sae: ae.sae,
    details: ae.details,
    sarForm: ae.sarForm,
    seForm: ae.seForm,
    investigator: ae.investigator,
  };
}

/** The top-level fields that differ: an amendment sends only those (the previous values stay with it). */
function changedFields(before: AeContent, after: AeContent): Partial<AeContent> {
  const changes: Partial<Record<keyof AeContent, unknown>> = {};
  for (const key of Object.keys(after) as (keyof AeContent)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  return changes as Partial<AeContent>;
}

type Mode = 'view' | 'edit' | 'amend';

function AeEditor({ ae }: { ae: AeView }) {
  const { t } = useTranslation();
  const dates = useAeDates(ae.studyId);
  const update = useUpdateAe(ae.studyId, ae.id);
  const amend = useAmendAe(ae.studyId, ae.id);
  const [mode, setMode] = useState<Mode>('view');
  const [content, setContent] = useState<AeContent>(() => contentOf(ae));
  const [errors, setErrors] = useState<AeFieldErrors>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const start = (next: Mode) => {
    setContent(contentOf(ae));
    setErrors({});
    setReason('');
    setReasonError(null);
    setMode(next);
  };

  const handleSave = async () => {
    const body = normalizeAeContent(content);
    const found = checkAeContent(t, body, ae.fillOutDate);
    setErrors(found);
    const isAmend = mode === 'amend';
    const changes = changedFields(contentOf(ae), body);
    if (isAmend && reason.trim() === '') setReasonError(t('ADVERSE_EVENTS.AMEND.REASON_REQUIRED'));
    if (Object.keys(found).length > 0 || (isAmend && reason.trim() === '')) return;
    if (Object.keys(changes).length === 0) {
      setMode('view');
      return;
    }
    try {
      await withExtendedValidation(
        true,
        t(isAmend ? 'ADVERSE_EVENTS.SIGN.MEANING.AMEND' : 'ADVERSE_EVENTS.SIGN.MEANING.UPDATE'),
        (password) =>
          isAmend
            ? amend.mutateAsync({ body: { reason: reason.trim(), changes }, password })
            : update.mutateAsync({ body, password }),
      );
      showSuccessToast(t(isAmend ? 'ADVERSE_EVENTS.AMEND.DONE' : 'ADVERSE_EVENTS.EDIT.SAVED'));
      setMode('view');
    } catch (error) {
      if (isExtendedValidationCancelled(error)) return;
      const fields = serverFieldErrors(t, error);
      if (fields) setErrors(fields);
      else showErrorToast(serverErrorMessage(error));
    }
  };

  const isEditing = mode !== 'view';
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <AeStatusBadge status={ae.status} />
        <AeSeriousBadge ae={ae} />
        {ae.clock && <AeClockBadge clock={ae.clock} dates={dates} />}
        {ae.isRemoved && (
          <Text size="sm" c="red">
            {t('ADVERSE_EVENTS.EDIT.REMOVED', { reason: ae.removedReason ?? '' })}
          </Text>
        )}
      </Group>
      <AeStatusBar ae={ae} dates={dates} />
      <AeSignPanel ae={ae} dates={dates} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          {t('ADVERSE_EVENTS.EDIT.FILL_OUT_DATE', { date: isolated(dates.date(ae.fillOutDate)) })}
        </Text>
        {!isEditing && (
          <Group gap="sm">
            {ae.abilities.update && (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => start('edit')}
                data-testid="ae-edit"
              >
                {t('ADVERSE_EVENTS.EDIT.EDIT')}
              </Button>
            )}
            {!ae.abilities.update && ae.abilities.amend && (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => start('amend')}
                data-testid="ae-amend"
              >
                {t('ADVERSE_EVENTS.AMEND.START')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {mode === 'amend' && (
        <Alert color="orange" variant="light">
          {t('ADVERSE_EVENTS.AMEND.INTRO')}
        </Alert>
      )}
      <AeFormFields
        value={isEditing ? content : contentOf(ae)}
        onChange={setContent}
        errors={errors}
        dates={dates}
        disabled={!isEditing}
      />
      {isEditing && (
        <Stack gap="sm">
          {mode === 'amend' && (
            <Textarea
              label={t('ADVERSE_EVENTS.AMEND.REASON')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={reasonError}
              required
              maxLength={1024}
              autosize
              minRows={2}
              data-testid="ae-amend-reason"
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setMode('view')}>
              {t('ADVERSE_EVENTS.ACTIONS.CANCEL')}
            </Button>
            <Button
              leftSection={<IconSignature size={16} />}
              onClick={() => void handleSave()}
              loading={update.isPending || amend.isPending}
              data-testid="ae-save"
            >
              {mode === 'amend' ? t('ADVERSE_EVENTS.AMEND.SUBMIT') : t('ADVERSE_EVENTS.EDIT.SAVE')}
            </Button>
          </Group>
        </Stack>
      )}
      <AeVerification ae={ae} dates={dates} />
      <AeAmendments amendments={ae.amendments} dates={dates} />
      <AeAudit studyId={ae.studyId} aeId={ae.id} dates={dates} />
    </Stack>
  );
}

/** Route /study/{studyId}/ae/{id}/edit (spec 000 §2): view or edit an AE, its status bar, signatures and amendments. */
export function AeEditPage() {
  const { t } = useTranslation();
  const { studyId = '', id = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const ae = useAe(studyId, id);
  const header = (
    <PageHeader
      crumbs={[
        { label: t('NAV.STUDIES'), to: '/study' },
        { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
        ...(abilities.can('AE_LIST')
          ? [{ label: t('ADVERSE_EVENTS.TITLE'), to: `/study/${studyId}/ae` }]
          : []),
        { label: t('ADVERSE_EVENTS.EDIT.TITLE') },
      ]}
    />
  );
  if (ae.isPending) return <FullPageLoader />;
  return (
    <>
      {header}
      {ae.isError ? (
        <Alert color="red">{t('ADVERSE_EVENTS.EDIT.LOAD_FAILED')}</Alert>
      ) : (
        <>
          <Text mb="sm" data-testid="ae-subject">
            {t('ADVERSE_EVENTS.EDIT.SUBJECT')}{' '}
            <Anchor component={Link} to={`/study/${studyId}/patient/${ae.data.subjectId}?selected=ae`}>
              <bdi>{ae.data.subjectLabel}</bdi>
            </Anchor>{' '}
            · <bdi>{ae.data.siteName}</bdi>
          </Text>
          <AeEditor key={`${ae.data.id}-${ae.data.updateTime}`} ae={ae.data} />
        </>
      )}
      <ExtendedValidationDialog />
    </>
  );
}
