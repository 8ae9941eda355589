import { Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { buildPath, importEndpoints } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../app/download';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast } from '../../app/notify';

type Props = { studyId: string; questionnaireId: string };

/**
 * Issue 27 item 2: saves the filled form as a FHIR R4 QuestionnaireResponse (JSON), beside the
 * review's other header actions; the server checks the caller may see the form's site.
 */
export function FhirResponseButton({ studyId, questionnaireId }: Props) {
  const { t } = useTranslation(['common', 'imports']);
  const [isPending, setPending] = useState(false);
  async function handleDownload() {
    setPending(true);
    try {
      await downloadFile(buildPath(importEndpoints.fhirQuestionnaireResponse, { studyId, questionnaireId }), {
        accept: 'application/fhir+json',
        fallbackName: `questionnaire-response-${questionnaireId}.json`,
      });
    } catch (error) {
      showErrorToast(serverErrorMessage(error));
    } finally {
      setPending(false);
    }
  }
  return (
    <Tooltip label={t('IMPORTS.FHIR_RESPONSE.HINT')}>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={isPending}
        onClick={() => void handleDownload()}
        data-testid="download-fhir-response"
      >
        {t('IMPORTS.FHIR_RESPONSE.BUTTON')}
      </Button>
    </Tooltip>
  );
}
