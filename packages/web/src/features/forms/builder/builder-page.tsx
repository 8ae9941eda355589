import { Alert } from '@mantine/core';
import type { FormLocks } from '@trialbase/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useStudy } from '../../studies/api';
import { useFormTemplate } from '../api';
import { BuilderScreen } from './builder-screen';
import { newFormTemplate } from './new-items';
import { TemplateChooser } from './template-chooser';

const NO_LOCKS: FormLocks = { isTypeLocked: false, isAeTypeLocked: false, isReadOnly: false };

/**
 * Routes /study/:studyId/questionnaireTemplate/create (with ?fromProfile=true the template chooser)
 * and /:id/edit/ (spec 001 §2 form builder).
 */
export function FormBuilderPage() {
  const { t } = useTranslation();
  const { studyId = '', id } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [createdId, setCreatedId] = useState<string>();
  const handleCreated = useCallback(
    (newId: string) => {
      setCreatedId(newId);
      void navigate(`/study/${studyId}/questionnaireTemplate/${newId}/edit/`, { replace: true });
    },
    [navigate, studyId],
  );
  const isJustCreated = id !== undefined && id === createdId;
  const study = useStudy(studyId);
  const form = useFormTemplate(studyId, isJustCreated ? undefined : id);
  const language = study.data?.primaryLanguage ?? study.data?.languages[0] ?? 'en';
  const initial = useMemo(
    () => (id && !isJustCreated ? form.data : newFormTemplate(language)),
    [id, isJustCreated, form.data, language],
  );
  const isChoosing = id === undefined && searchParams.get('fromProfile') === 'true';
  const locks = (!isJustCreated && form.data?.locks) || NO_LOCKS;
  if (isChoosing) return <TemplateChooser studyId={studyId} />;
  if (study.isError || form.isError) return <Alert color="red">{t('FORMS.BUILDER.LOAD_FAILED')}</Alert>;
  if (!study.data || !initial) return <FullPageLoader />;
  return (
    <BuilderScreen
      key={isJustCreated ? 'new' : (id ?? 'new')}
      study={study.data}
      initial={initial}
      locks={locks}
      onCreated={handleCreated}
    />
  );
}
