import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  ECONSENT_FILE_MAX_BYTES,
  type EConsentFileInfo,
  type LanguageCode,
  STUDY_LANGUAGES,
  validateUpload,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDateTime } from '../../app/format';
import { isHttpError } from '../../app/http';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { displayText } from '../processes/localized';
import { useStudy } from '../studies/api';
import {
  downloadConsentFile,
  fileToBase64,
  useConsentEvents,
  useConsentFiles,
  useUploadConsentFile,
} from './api';

function languageName(code: string): string {
  return STUDY_LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;
}

/** An upload's refusal in words: the contract's issue messages and error ids, else server-errors. */
function uploadErrorMessage(t: TFunction, error: unknown): string {
  if (isHttpError(error)) {
    if (error.body?.id === 'INVALID_FILENAME_DOTS') return t('ECONSENT.DOCUMENTS.ERRORS.DOTS');
    const issues = (error.body?.context as { issues?: { message?: string }[] } | undefined)?.issues ?? [];
    const message = issues[0]?.message ?? '';
    if (message === 'ECONSENT.FILE_TOO_LARGE') return t('ECONSENT.DOCUMENTS.ERRORS.TOO_LARGE');
    if (message === 'ECONSENT.NOT_ECONSENT_EVENT') return t('ECONSENT.DOCUMENTS.ERRORS.NOT_EVENT');
    if (error.body?.id === 'INVALID_PDF' || message === 'ECONSENT.INVALID_PDF')
      return t('ECONSENT.DOCUMENTS.ERRORS.NOT_PDF');
  }
  return serverErrorMessage(error);
}

/** One language of one event: its current version, the upload of the next, earlier versions. */
function LanguageRow({
  studyId,
  dataEventId,
  language,
  versions,
  canUpload,
}: {
  studyId: string;
  dataEventId: string;
  language: LanguageCode;
  versions: EConsentFileInfo[];
  canUpload: boolean;
}) {
  const { t } = useTranslation(['common', 'econsent']);
  const upload = useUploadConsentFile(studyId);
  const [showAll, setShowAll] = useState(false);
  const current = versions.find((version) => version.isCurrent) ?? null;
  const earlier = versions.filter((version) => version !== current);

  async function handleFile(file: File | null) {
    if (!file) return;
    const issues = validateUpload(
      { fileName: file.name, size: file.size, mimeType: file.type },
      'CONSENT_PDF',
    );
    const issue = issues[0];
    if (issue) {
      showErrorToast(
        t(
          issue.path[0] === 'size'
            ? 'ECONSENT.DOCUMENTS.ERRORS.TOO_LARGE'
            : issue.message === 'INVALID_FILENAME_DOTS'
              ? 'ECONSENT.DOCUMENTS.ERRORS.DOTS'
              : 'ECONSENT.DOCUMENTS.ERRORS.NOT_PDF',
        ),
      );
      return;
    }
    try {
      const saved = await upload.mutateAsync({
        dataEventId,
        language,
        fileName: file.name,
        dataBase64: await fileToBase64(file),
      });
      showSuccessToast(
        t('ECONSENT.DOCUMENTS.UPLOADED', { version: saved.version, count: saved.reconsentTokens }),
      );
    } catch (error) {
      showErrorToast(uploadErrorMessage(t, error));
    }
  }

  const describe = (file: EConsentFileInfo) => (
    <Group gap="xs" wrap="wrap">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() =>
          void downloadConsentFile(studyId, file.id, file.fileName).catch((error: unknown) =>
            showErrorToast(serverErrorMessage(error)),
          )
        }
      >
        <bdi>{file.fileName}</bdi>
      </Anchor>
      <Text size="xs" c="dimmed">
        {t('ECONSENT.DOCUMENTS.DETAILS', {
          pages: file.pageCount,
          size: Math.ceil(file.size / 1024),
          time: formatDateTime(file.uploadedTime),
        })}
      </Text>
    </Group>
  );

  return (
    <Table.Tr data-testid="econsent-document-row" data-language={language}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{languageName(language)}</Table.Td>
      <Table.Td>
        {current ? (
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light" data-testid="econsent-document-version">
                {t('ECONSENT.VERSION', { version: current.version })}
              </Badge>
              {describe(current)}
            </Group>
            {earlier.length > 0 && (
              <Anchor component="button" type="button" size="xs" onClick={() => setShowAll((v) => !v)}>
                {t(showAll ? 'ECONSENT.DOCUMENTS.HIDE_EARLIER' : 'ECONSENT.DOCUMENTS.SHOW_EARLIER', {
                  count: earlier.length,
                })}
              </Anchor>
            )}
            {showAll &&
              earlier.map((file) => (
                <Group key={file.id} gap="xs" ps="md">
                  <Badge variant="outline" color="gray" size="sm">
                    {t('ECONSENT.VERSION', { version: file.version })}
                  </Badge>
                  {describe(file)}
                </Group>
              ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ECONSENT.DOCUMENTS.NONE')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {canUpload && (
          <FileButton onChange={(file) => void handleFile(file)} accept="application/pdf,.pdf">
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant={current ? 'default' : 'filled'}
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                data-testid="econsent-upload"
              >
                {t(current ? 'ECONSENT.DOCUMENTS.UPLOAD_NEW' : 'ECONSENT.DOCUMENTS.UPLOAD')}
              </Button>
            )}
          </FileButton>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Issue 24 item 1: the consent documents of each e-consent data event, one PDF per study
 * language, versioned (a new upload is the next version and asks enrolled participants who
 * signed an older one to consent again). PDF only, at most 10,240,000 bytes.
 */
export function DocumentsPanel({ studyId }: { studyId: string }) {
  const { t, i18n } = useTranslation(['common', 'econsent']);
  const abilities = useStudyAbilities(studyId);
  const study = useStudy(studyId);
  const canRead = abilities.can('PATHWAY_LIST') && abilities.can('PATHWAY_VIEW');
  const consentEvents = useConsentEvents(studyId, { enabled: canRead, secondary: true });
  const files = useConsentFiles(studyId);
  const canUpload = abilities.can('ECONSENT_UPLOAD');
  if (consentEvents.isPending || files.isPending || study.isPending)
    return <Loader size="sm" aria-label={t('COMMON.LOADING')} />;
  if (files.isError) return <Alert color="red">{t('ECONSENT.ERRORS.LOAD_FAILED')}</Alert>;
  const languages = study.data?.languages ?? [];
  if (consentEvents.events.length === 0)
    return (
      <Alert color="gray" variant="light" maw={720} data-testid="econsent-no-events">
        {t('ECONSENT.DOCUMENTS.NO_EVENTS')}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm" maw={760}>
        {t('ECONSENT.DOCUMENTS.INTRO', { max: (ECONSENT_FILE_MAX_BYTES / 1_000_000).toFixed(2) })}
      </Text>
      {consentEvents.events.map(({ event, pathwayName }) => (
        <Card key={event.id} withBorder padding="md" data-testid="econsent-event" data-event={event.id}>
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={3} size="h5">
                <bdi>{displayText(event.name, i18n.language, i18n.language) || event.id}</bdi>
              </Title>
              <Text size="sm" c="dimmed">
                <bdi>{pathwayName}</bdi>
              </Text>
              {event.explicitConsent && (
                <Badge variant="light" color="grape">
                  {t('ECONSENT.DOCUMENTS.EXPLICIT', { count: event.consentClauses?.length ?? 0 })}
                </Badge>
              )}
            </Group>
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={160}>{t('ECONSENT.DOCUMENTS.LANGUAGE')}</Table.Th>
                    <Table.Th>{t('ECONSENT.DOCUMENTS.DOCUMENT')}</Table.Th>
                    <Table.Th w={200} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {languages.map((language) => (
                    <LanguageRow
                      key={language}
                      studyId={studyId}
                      dataEventId={event.id}
                      language={language}
                      canUpload={canUpload}
                      versions={(files.data?.items ?? []).filter(
                        (file) => file.dataEventId === event.id && file.language === language,
                      )}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
