import { Button, Menu } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { casebookLanguages } from '@trialbase/domain';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast } from '../../app/notify';
import { nativeLanguageName } from '../../i18n/languages';
import { useStudy } from '../studies/api';
import { downloadBlankForm } from './api';

type Props = { studyId: string; formId: string };

function BlankFormItems({ studyId, formId }: Props) {
  const { t } = useTranslation(['common', 'casebooks']);
  const study = useStudy(studyId, { secondary: true });
  const languages = study.data ? casebookLanguages(study.data) : [];
  const handleDownload = (language: string) =>
    downloadBlankForm(studyId, formId, language).catch((error: unknown) =>
      showErrorToast(serverErrorMessage(error, { fallback: 'CASEBOOKS.FAILED' })),
    );
  return (
    <>
      <Menu.Divider />
      <Menu.Label>{t('CASEBOOKS.BLANK')}</Menu.Label>
      {languages.map((language) => (
        <Menu.Item
          key={language}
          leftSection={<IconFileTypePdf size={16} />}
          onClick={() => void handleDownload(language)}
          data-testid={`blank-form-pdf-${language}`}
        >
          {t('CASEBOOKS.BLANK_IN', { language: nativeLanguageName(language) })}
        </Menu.Item>
      ))}
    </>
  );
}

/** Issue 27 item 4: "Blank form PDF" items of a form's menu, one per study language (paper back-up). */
export function BlankFormMenuItems(props: Props) {
  return (
    <Suspense fallback={null}>
      <BlankFormItems {...props} />
    </Suspense>
  );
}

function BlankFormButtonInner({ studyId, formId, language }: Props & { language: string }) {
  const { t } = useTranslation(['common', 'casebooks']);
  const handleDownload = () =>
    downloadBlankForm(studyId, formId, language).catch((error: unknown) =>
      showErrorToast(serverErrorMessage(error, { fallback: 'CASEBOOKS.FAILED' })),
    );
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} />}
      onClick={() => void handleDownload()}
      data-testid="blank-form-pdf"
    >
      {t('CASEBOOKS.BLANK')}
    </Button>
  );
}

/** Issue 27 item 4: "Blank form PDF" in the form builder, in the language being edited (its saved state). */
export function BlankFormButton(props: Props & { language: string }) {
  return (
    <Suspense fallback={null}>
      <BlankFormButtonInner {...props} />
    </Suspense>
  );
}
