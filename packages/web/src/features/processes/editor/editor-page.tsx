import { Alert } from '@mantine/core';
import type { ProcessLocks, StudyDetail } from '@trialbase/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useFormList } from '../../forms/api';
import { useStudy } from '../../studies/api';
import { useProcess } from '../api';
import { displayText } from '../localized';
import { EditorScreen } from './editor-screen';

/** A new process in a study: only the study's own state can lock it (spec 001 §4). */
function newProcessLocks(study: StudyDetail, canEdit: boolean): ProcessLocks {
  const isReadOnly = !canEdit || !study.editScope.settings;
  return {
    isReadOnly,
    isStructureLocked: study.editScope.structure === 'NONE',
    lockedFields: [],
    lockedEventFields: [],
    canAddEvent: !isReadOnly,
    addEventBlockedBy: isReadOnly ? 'READ_ONLY' : null,
    canRemoveEvents: true,
    canReorderEvents: true,
    canChangeTrialGroups: true,
    eventLimit: null,
  };
}

/** Routes /study/:studyId/pathway/create and /pathway/:id/edit, both with ?isRecruitment (spec 001 §2). */
export function ProcessEditorPage() {
  const { t, i18n } = useTranslation();
  const { studyId = '', id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const abilities = useStudyAbilities(studyId);
  const [createdId, setCreatedId] = useState<string>();
  const isJustCreated = id !== undefined && id === createdId;
  const study = useStudy(studyId);
  const process = useProcess(studyId, isJustCreated ? undefined : id);
  const formList = useFormList(studyId);
  const handleCreated = useCallback(
    (newId: string) => {
      setCreatedId(newId);
      void navigate(`/study/${studyId}/pathway/${newId}/edit${window.location.search}`, { replace: true });
    },
    [navigate, studyId],
  );
  const primary = study.data?.primaryLanguage ?? 'en';
  const forms = useMemo(
    () =>
      (formList.data ?? []).map((f) => ({
        value: f.id,
        label: displayText(f.title, i18n.language, primary) || f.id,
      })),
    [formList.data, i18n.language, primary],
  );
  if (study.isError || process.isError) return <Alert color="red">{t('PROCESSES.EDITOR.LOAD_FAILED')}</Alert>;
  if (!study.data || abilities.isPending || formList.isPending || (id && !isJustCreated && !process.data)) {
    return <FullPageLoader />;
  }
  const canEdit = abilities.can(id ? 'PATHWAY_UPDATE' : 'PATHWAY_CREATE');
  const detail = isJustCreated ? undefined : process.data;
  const locks = detail
    ? { ...detail.locks, isReadOnly: detail.locks.isReadOnly || !canEdit }
    : newProcessLocks(study.data, canEdit);
  return (
    <EditorScreen
      key={isJustCreated ? 'new' : (id ?? 'new')}
      study={study.data}
      detail={detail}
      isRecruitment={detail?.recruitment ?? params.get('isRecruitment') === 'true'}
      locks={locks}
      forms={forms}
      onCreated={handleCreated}
    />
  );
}
