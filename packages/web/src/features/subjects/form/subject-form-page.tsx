import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FieldIssue, SubjectDetail } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { showSuccessToast } from '../../../app/notify';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useSites } from '../../sites/api';
import { useStudy } from '../../studies/api';
import { useCreateSubject, useExpectedSubjectId, useSubject, useUpdateSubject } from '../api';
import { generalError, issueText, serverIssues } from '../display';
import {
  attributesOf,
  draftOf,
  emptyDraft,
  errorsByKey,
  type HiddenFields,
  type SubjectDraft,
  validateDraft,
} from './form-model';
import { SubjectFields } from './subject-fields';

type FormProps = {
  studyId: string;
  subject: SubjectDetail | null;
  languages: readonly string[];
  isManualId: boolean;
};

/** The form of spec 001 §2 create and edit subject, with client checks and server errors on fields. */
function SubjectForm({ studyId, subject, languages, isManualId }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const abilities = useStudyAbilities(studyId);
  const sites = useSites(studyId, { enabled: abilities.can('SITE_OVERVIEW'), secondary: true });
  const [initial] = useState(() =>
    subject ? draftOf(subject) : { draft: emptyDraft(), hidden: new Set<string>() },
  );
  const [draft, setDraft] = useState<SubjectDraft>(initial.draft);
  const hidden: HiddenFields = initial.hidden;
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [siteId, setSiteId] = useState<string | null>(subject?.siteId ?? null);
  const siteOptions = (sites.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }));
  const chosenSite = siteId ?? siteOptions[0]?.value ?? null;
  const expected = useExpectedSubjectId(studyId, subject ? null : chosenSite);
  const create = useCreateSubject(studyId);
  const update = useUpdateSubject(studyId, subject?.id ?? '');
  const mutation = subject ? update : create;
  const needsPatientId = subject
    ? isManualId
    : (expected.data?.automation ?? (isManualId ? 'manual' : '')) === 'manual';
  const errors = errorsByKey(issues, (issue) => issueText(t, issue));
  const server = mutation.error;
  const general = server && !serverIssues(server) ? generalError(t, server) : null;
  const back = subject ? `/study/${studyId}/patient/${subject.id}` : `/study/${studyId}/patient`;

  const handleChange = (patch: Partial<SubjectDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    const keys = Object.keys(patch);
    setIssues((list) => list.filter((i) => !keys.some((k) => String(i.path[0]) === k)));
  };
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft, hidden, {
      now: new Date(),
      studyLanguages: languages,
      needsPatientId,
    });
    setIssues(found);
    if (found.length > 0 || !chosenSite) return;
    const attributes = attributesOf(draft, hidden);
    const patientId = needsPatientId ? draft.patientId.trim() : undefined;
    const onError = (error: unknown) => setIssues(serverIssues(error) ?? []);
    if (subject) {
      const changedId = patientId && patientId !== subject.patientId ? patientId : undefined;
      update.mutate(
        { ...attributes, ...(changedId ? { patientId: changedId } : {}) },
        {
          onSuccess: () => {
            showSuccessToast(t('SUBJECTS.FORM.SAVED'));
            void navigate(back);
          },
          onError,
        },
      );
      return;
    }
    create.mutate(
      { siteId: chosenSite, body: { ...attributes, ...(patientId ? { patientId } : {}) } },
      {
        onSuccess: ([created]) => {
          showSuccessToast(t('SUBJECTS.FORM.CREATED', { id: created?.patientId ?? '' }));
          void navigate(created ? `/study/${studyId}/patient/${created.id}` : back);
        },
        onError,
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="subject-form">
      <Stack gap="md">
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('SUBJECTS.FORM.SITE')}
              data={siteOptions}
              value={chosenSite}
              onChange={setSiteId}
              allowDeselect={false}
              disabled={subject !== null}
              error={!sites.isPending && siteOptions.length === 0 ? t('SUBJECTS.FORM.NO_SITE') : undefined}
              data-testid="field-site"
            />
            {needsPatientId ? (
              <TextInput
                label={t('SUBJECTS.FIELDS.patientId')}
                value={draft.patientId}
                maxLength={64}
                required
                error={errors.patientId}
                onChange={(e) => handleChange({ patientId: e.currentTarget.value })}
                data-testid="field-patientId"
              />
            ) : (
              <TextInput
                label={subject ? t('SUBJECTS.FIELDS.patientId') : t('SUBJECTS.FORM.EXPECTED_ID')}
                description={subject ? undefined : t('SUBJECTS.FORM.EXPECTED_ID_HINT')}
                value={subject?.patientId ?? expected.data?.expectedSubjectId ?? ''}
                readOnly
                error={errors.patientId}
                data-testid="expected-subject-id"
              />
            )}
          </SimpleGrid>
        </Card>
        <SubjectFields
          draft={draft}
          hidden={hidden}
          errors={errors}
          languages={languages}
          canSeeTrialGroup={abilities.can('TRIAL_GROUP_VIEW')}
          onChange={handleChange}
        />
        {issues.length > 0 && (
          <Alert color="red" data-testid="form-errors">
            {t('SUBJECTS.FORM.FIX_ERRORS')}
          </Alert>
        )}
        {general && (
          <Alert color="red" data-testid="backend-error">
            {general}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={back} variant="default">
            {t('SUBJECTS.ACTIONS.CANCEL')}
          </Button>
          <Button
            type="submit"
            loading={mutation.isPending}
            disabled={!chosenSite}
            data-testid="save-subject"
          >
            {t('SUBJECTS.ACTIONS.SAVE')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Routes /study/:studyId/patient/create and /study/:studyId/patient/:id/edit (spec 001 §2). */
export function SubjectFormPage() {
  const { t } = useTranslation();
  const { studyId = '', id } = useParams();
  const abilities = useStudyAbilities(studyId);
  const study = useStudy(studyId);
  const subject = useSubject(studyId, id);
  const title = id
    ? t('SUBJECTS.FORM.EDIT_TITLE', { id: subject.data?.patientId ?? '' })
    : t('SUBJECTS.FORM.NEW_TITLE');
  const header = (
    <PageHeader
      crumbs={[
        { label: t('NAV.STUDIES'), to: '/study' },
        { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
        { label: t('SUBJECTS.TITLE'), to: `/study/${studyId}/patient` },
        { label: title },
      ]}
    />
  );
  if (study.isPending || (id && subject.isPending)) return <FullPageLoader />;
  if (id && (subject.isError || !subject.data))
    return (
      <>
        {header}
        <Alert color="red">{t('SUBJECTS.FORM.LOAD_FAILED')}</Alert>
      </>
    );
  return (
    <>
      {header}
      <SubjectForm
        key={subject.data?.id ?? 'new'}
        studyId={studyId}
        subject={subject.data ?? null}
        languages={study.data?.languages ?? []}
        isManualId={study.data?.subjectIdAutomation === 'manual'}
      />
    </>
  );
}
