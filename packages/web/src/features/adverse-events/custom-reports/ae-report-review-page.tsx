import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { type AeReportView, type Answer, diffAnswers, isRightToLeft } from '@trialbase/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { isExtendedValidationCancelled, withExtendedValidation } from '../../../app/extended-validation';
import { serverErrorMessage } from '../../../app/form-errors';
import { formatDateTime } from '../../../app/format';
import { showErrorToast, showSuccessToast } from '../../../app/notify';
import { ExtendedValidationDialog } from '../../../components/extended-validation-dialog';
import { PageHeader } from '../../../components/page-header';
import { FormRenderer } from '../../forms/renderer/form-renderer';
import { useStudy } from '../../studies/api';
import { AeReportSteps } from './ae-report-steps';
import {
  aeReportUpload,
  useAeReportOfToken,
  useAmendAeReport,
  useSaveAeReport,
  useSignAeReport,
} from './api';

/**
 * Route .../pathwayRecord/{id}/dataEvent/{id}/token/{tokenId}/aeReport/{aeReportId}/review (spec 001 §2):
 * the report's AE form in the shared renderer, its signed steps, and what the caller may do now.
 */
export function AeReportReviewPage() {
  const { t } = useTranslation();
  const { studyId = '', pathwayRecordId = '', tokenId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const report = useAeReportOfToken(studyId, pathwayRecordId, tokenId);
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: t('AE_REPORTS.TITLE'), to: `/study/${studyId}/ae2` },
          { label: t('AE_REPORTS.REVIEW.TITLE') },
        ]}
      />
      {report.isPending && <Loader />}
      {report.isError && <Alert color="red">{t('AE_REPORTS.REVIEW.LOAD_FAILED')}</Alert>}
      {report.data && <ReportBody report={report.data} />}
      <ExtendedValidationDialog />
    </>
  );
}

function ReportBody({ report }: { report: AeReportView }) {
  const { t } = useTranslation();
  const study = useStudy(report.studyId, { secondary: true });
  const [answers, setAnswers] = useState<Answer[]>(report.answers);
  const [reason, setReason] = useState('');
  useEffect(() => setAnswers(report.answers), [report.answers]);
  const save = useSaveAeReport(report);
  const sign = useSignAeReport(report);
  const amend = useAmendAeReport(report);
  const upload = useMemo(() => aeReportUpload(report), [report]);
  const language = study.data?.primaryLanguage ?? 'en';
  const { abilities } = report;
  const changed = diffAnswers(report.answers, answers).map((c) => c.questionId);
  const editable = new Set(abilities.editableQuestions);
  const changedAnswers = (onlyEditable: boolean) =>
    answers.filter((a) => changed.includes(a.question) && (!onlyEditable || editable.has(a.question)));
  const isBusy = save.isPending || sign.isPending || amend.isPending;

  const run = async (
    meaning: string,
    isSigned: boolean,
    send: (p: string | undefined) => Promise<unknown>,
    done: string,
  ) => {
    try {
      await withExtendedValidation(isSigned || (study.data?.extendedValidation ?? false), meaning, send);
      showSuccessToast(done);
    } catch (error) {
      if (!isExtendedValidationCancelled(error)) showErrorToast(serverErrorMessage(error));
    }
  };
  const next = report.nextStep;
  const handleSave = () =>
    run(
      t('AE_REPORTS.REVIEW.SAVE_MEANING'),
      false,
      (password) => save.mutateAsync({ answers: changedAnswers(true), password }),
      t('AE_REPORTS.REVIEW.SAVED'),
    );
  const handleSign = () =>
    next &&
    run(
      t(`AE_REPORTS.SIGN_MEANING.${next}`),
      true,
      (password) => sign.mutateAsync({ step: next, answers: changedAnswers(true), password }),
      t('AE_REPORTS.REVIEW.SIGNED', { step: t(`AE_REPORTS.STEPS.${next}`) }),
    );
  const handleAmend = async () => {
    if (changed.length === 0) return showErrorToast(t('AE_REPORTS.REVIEW.NO_CHANGE'));
    await run(
      t('AE_REPORTS.REVIEW.AMEND_MEANING'),
      true,
      async (password) => {
        await amend.mutateAsync({ answers: changedAnswers(false), reason, password });
        setReason('');
      },
      t('AE_REPORTS.REVIEW.AMENDED'),
    );
  };
  const isEditable = abilities.canSave || abilities.canAmend;

  return (
    <Stack gap="md" data-testid="ae-report">
      <Group justify="space-between" align="flex-start">
        {/* The form's title heads the form itself (the renderer); here who and where. */}
        <Text size="sm" c="dimmed" data-testid="ae-report-subject">
          {t('AE_REPORTS.REVIEW.SUBJECT', { patientId: report.patientId, site: report.siteName })}
        </Text>
        <Group gap="xs">
          {report.sae && <Badge color="red">{t('AE_REPORTS.REVIEW.SERIOUS')}</Badge>}
          <Badge variant="light">
            {report.sponsorInvolved
              ? t('AE_REPORTS.REVIEW.SPONSOR_INVOLVED')
              : t('AE_REPORTS.REVIEW.SPONSOR_NOT_INVOLVED')}
          </Badge>
        </Group>
      </Group>
      <AeReportSteps report={report} />
      {report.isComplete && <Alert color="teal">{t('AE_REPORTS.REVIEW.COMPLETE')}</Alert>}
      {!isEditable && !report.isComplete && <Alert color="gray">{t('AE_REPORTS.REVIEW.READ_ONLY')}</Alert>}
      <Card withBorder padding="sm" lang={language} dir={isRightToLeft(language) ? 'rtl' : 'ltr'}>
        <FormRenderer
          form={report.form}
          answers={answers}
          onChange={setAnswers}
          mode="staff"
          language={language}
          study={{ id: report.studyId, modules: study.data?.modules ?? [] }}
          dateFormat={study.data?.dateFormat}
          dateTimeFormat={study.data?.dateTimeFormat}
          isReadOnly={!isEditable}
          upload={upload}
        />
      </Card>
      <Group gap="sm" data-testid="ae-report-actions">
        {abilities.canSave && (
          <Button variant="default" onClick={handleSave} loading={save.isPending} disabled={isBusy}>
            {t('AE_REPORTS.REVIEW.SAVE')}
          </Button>
        )}
        {next && abilities.canSign && (
          <Button onClick={handleSign} loading={sign.isPending} disabled={isBusy}>
            {t('AE_REPORTS.REVIEW.SIGN', { step: t(`AE_REPORTS.STEPS.${next}`) })}
          </Button>
        )}
      </Group>
      {next && abilities.canSign && (
        <Text size="xs" c="dimmed">
          {t('AE_REPORTS.REVIEW.SIGN_HINT')}
        </Text>
      )}
      {next && !abilities.canSign && (
        <Text size="sm" c="dimmed">
          {t('AE_REPORTS.REVIEW.CANNOT_SIGN')}
        </Text>
      )}
      {abilities.canAmend && (
        <Card withBorder padding="sm">
          <Stack gap="xs">
            <Text fw={600}>{t('AE_REPORTS.REVIEW.AMEND')}</Text>
            <Textarea
              label={t('AE_REPORTS.REVIEW.AMEND_REASON')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
            />
            <Group>
              <Button
                variant="light"
                onClick={handleAmend}
                loading={amend.isPending}
                disabled={isBusy || reason.trim() === ''}
              >
                {t('AE_REPORTS.REVIEW.AMEND_SEND')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {report.amendments.length > 0 && (
        <Card withBorder padding="sm" data-testid="ae-report-amendments">
          <Text fw={600} mb={4}>
            {t('AE_REPORTS.REVIEW.AMENDMENTS')}
          </Text>
          {report.amendments.map((a) => (
            <Text key={`${a.amendedTime}-${a.amendedBy}`} size="sm">
              {t('AE_REPORTS.REVIEW.AMENDMENT_LINE', {
                name: a.amendedByName,
                time: formatDateTime(a.amendedTime),
                reason: a.reason,
              })}
            </Text>
          ))}
        </Card>
      )}
    </Stack>
  );
}
