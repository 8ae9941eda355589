import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type AeContent, enrollmentEndpoints } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { isExtendedValidationCancelled, withExtendedValidation } from '../../app/extended-validation';
import { serverErrorMessage } from '../../app/form-errors';
import { call } from '../../app/http';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { ExtendedValidationDialog } from '../../components/extended-validation-dialog';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import type { OpenQueryState } from '../queries/question-queries';
import { useAeDates } from './ae-dates';
import { type AeFieldErrors, AeFormFields, emptyAeContent, normalizeAeContent } from './ae-form';
import { checkAeContent, localToday, serverFieldErrors } from './ae-submit';
import { useCreateAe } from './api';

/** The state an AE reference question passes (spec 000 §2 create: qId, qAnswer, isQuery). */
export type AeCreateState = {
  /** The AE reference question the report is made from. */
  qId?: string;
  /** Where that question's form is: the report comes back there and the new AE is linked to the answer. */
  qAnswer?: string;
  /**
   * Reported from the response to a query on that question (the query dialog's answer editor): the
   * page comes back to the question's query dialog, responding, with the new AE in the new answer.
   */
  isQuery?: boolean;
};

/**
 * What the form page receives back: the question and the AE to link to its answer; with isQuery the
 * AE goes to the answer of that question's query response, whose dialog reopens (`openQuery`).
 */
export type AeLinkedState = { aeLinked: { qId: string; aeId: string; isQuery?: boolean } };

/** Route /study/{studyId}/ae/{recordId}/create (spec 000 §2): report an AE for the record's subject. */
export function AeCreatePage() {
  const { t } = useTranslation();
  const { studyId = '', recordId = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const abilities = useStudyAbilities(studyId);
  const state = (location.state ?? {}) as AeCreateState;
  const qId = state.qId ?? search.get('qId') ?? undefined;
  const qAnswer = state.qAnswer ?? search.get('qAnswer') ?? undefined;
  const isQuery = state.isQuery ?? search.get('isQuery') === 'true';
  const enrollment = useQuery({
    queryKey: ['enrollments', studyId, 'detail', recordId],
    queryFn: ({ signal }) =>
      call(enrollmentEndpoints.get, { params: { studyId, enrollmentId: recordId }, signal }),
  });
  const create = useCreateAe(studyId);
  const dates = useAeDates(studyId);
  const [content, setContent] = useState<AeContent>(emptyAeContent);
  const [errors, setErrors] = useState<AeFieldErrors>({});

  if (abilities.isPending || enrollment.isPending) return <FullPageLoader />;
  if (!abilities.can('AE_CREATE')) return <Navigate to="/401" replace />;
  const record = enrollment.data;
  // Only a relative address inside the app is followed back.
  const returnTo = qAnswer?.startsWith('/study/') ? qAnswer : null;

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!record) return;
    const body = normalizeAeContent(content);
    const found = checkAeContent(t, body, localToday());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const ae = await withExtendedValidation(true, t('ADVERSE_EVENTS.SIGN.MEANING.REPORT'), (password) =>
        create.mutateAsync({
          body: { ...body, subjectId: record.subject.id, enrollmentId: record.id },
          password,
        }),
      );
      showSuccessToast(ae.sae ? t('ADVERSE_EVENTS.CREATE.DONE_SERIOUS') : t('ADVERSE_EVENTS.CREATE.DONE'));
      if (returnTo && qId) {
        const back: AeLinkedState & Partial<OpenQueryState> = {
          aeLinked: { qId, aeId: ae.id, isQuery },
          ...(isQuery ? { openQuery: { questionId: qId } } : {}),
        };
        void navigate(returnTo, { state: back });
      } else {
        void navigate(`/study/${studyId}/ae/${ae.id}/edit`, { replace: true });
      }
    } catch (error) {
      if (isExtendedValidationCancelled(error)) return;
      const fields = serverFieldErrors(t, error);
      if (fields) setErrors(fields);
      else showErrorToast(serverErrorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: t('ADVERSE_EVENTS.TITLE'), to: `/study/${studyId}/ae` },
          { label: t('ADVERSE_EVENTS.CREATE.TITLE') },
        ]}
      />
      {!record ? (
        <Alert color="red">{t('ADVERSE_EVENTS.CREATE.RECORD_NOT_FOUND')}</Alert>
      ) : (
        <form onSubmit={(e) => void handleSubmit(e)} noValidate>
          <Stack gap="md" maw={960}>
            <Text data-testid="ae-create-subject">
              {t('ADVERSE_EVENTS.CREATE.FOR_SUBJECT')} <bdi>{record.subject.patientId}</bdi> ·{' '}
              <bdi>{record.site.name}</bdi>
            </Text>
            {qId && (
              <Alert color="blue" variant="light" data-testid="ae-from-question">
                {isQuery ? t('ADVERSE_EVENTS.CREATE.FROM_QUERY') : t('ADVERSE_EVENTS.CREATE.FROM_QUESTION')}
              </Alert>
            )}
            <AeFormFields value={content} onChange={setContent} errors={errors} dates={dates} />
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() =>
                  // Cancelled from a query's response: back to that query's dialog, still responding.
                  returnTo && qId && isQuery
                    ? navigate(returnTo, {
                        state: { openQuery: { questionId: qId } } satisfies OpenQueryState,
                      })
                    : navigate(returnTo ?? `/study/${studyId}/ae`)
                }
              >
                {t('ADVERSE_EVENTS.ACTIONS.CANCEL')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconSignature size={16} />}
                loading={create.isPending}
                data-testid="ae-report"
              >
                {t('ADVERSE_EVENTS.CREATE.SUBMIT')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <ExtendedValidationDialog />
    </>
  );
}
