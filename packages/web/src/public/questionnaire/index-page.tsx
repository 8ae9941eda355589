import { Alert, Badge, Button, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { PublicProcess } from '@trialbase/domain';
import { useEffect, useState } from 'react';
import { PublicLayout } from '../app/layout';
import { showErrorToast } from '../app/notify';
import { navigate } from '../app/router';
import type { PageProps } from '../app/routes';
import { useParticipantLanguage } from '../app/use-participant-language';
import { usePublicTranslation } from '../app/use-public-translation';
import './fill.css';
import { CompletionView } from './completion-view';
import {
  applyProcessLanguage,
  COMPLETED_STATUS,
  fillPathOf,
  loadFailure,
  pickLocalized,
} from './fill-shared';
import { loadFill } from './process-api';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'error'; message: 'PUBLIC.ERRORS.500' | 'PUBLIC.ERRORS.OFFLINE' }
  | { kind: 'ready'; process: PublicProcess };

/**
 * Spec 002 §2 Questionnaire index (/questionnaire/index?studyId&token&lang): the event's forms with
 * order, title and status; an uncompleted form opens on the fill page, a completed one cannot be
 * opened; when all are done the completion view shows. No language switch (spec 002 §2 Language).
 */
export function IndexPage({ search }: PageProps) {
  const { t } = usePublicTranslation();
  const language = useParticipantLanguage();
  const studyId = search.get('studyId') ?? '';
  const token = search.get('token') ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per link and form; `t` only follows the language.
  useEffect(() => {
    if (!studyId || !token) {
      showErrorToast(t('PUBLIC.ERRORS.NO_DATA'));
      setLoaded({ kind: 'error', message: 'PUBLIC.ERRORS.500' });
      return;
    }
    let isCurrent = true;
    loadFill(studyId, token)
      .then(({ process }) => {
        if (!isCurrent) return;
        applyProcessLanguage(process);
        setLoaded({ kind: 'ready', process });
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        // Spec 002 §8: missing or expired fill data goes back to token validation.
        const message = loadFailure(error, studyId, token);
        if (message) setLoaded({ kind: 'error', message });
      });
    return () => {
      isCurrent = false;
    };
  }, [studyId, token]);

  return (
    <PublicLayout studyId={studyId || null}>
      <div className="tb-public-questionnaire">
        {loaded.kind === 'loading' && (
          <Center mih={240}>
            <Loader aria-label={t('PUBLIC.LOADING')} />
          </Center>
        )}
        {loaded.kind === 'error' && (
          <Alert color="red" variant="light" role="alert">
            {t(loaded.message)}
          </Alert>
        )}
        {loaded.kind === 'ready' && <FormIndex process={loaded.process} token={token} language={language} />}
      </div>
    </PublicLayout>
  );
}

const TITLE_BUTTON_STYLES = {
  label: { whiteSpace: 'normal', textAlign: 'start', overflowWrap: 'anywhere' },
} as const;

const BADGE_STYLES = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
} as const;

function FormIndex({
  process,
  token,
  language,
}: {
  process: PublicProcess;
  token: string;
  language: string;
}) {
  const { t } = usePublicTranslation();
  const isAllDone =
    process.tokenStatus === 'COMPLETED' ||
    process.tokenStatus === 'EXCLUDED' ||
    (process.forms.length > 0 && process.forms.every((f) => f.status === COMPLETED_STATUS));
  if (isAllDone) return <CompletionView isExcluded={process.tokenStatus === 'EXCLUDED'} />;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" dir="auto">
          {process.studyName}
        </Text>
        <Title order={1} fz="h2">
          {t('QUESTIONNAIRE.INDEX.TITLE')}
        </Title>
        <Text size="sm" dir="auto">
          {pickLocalized(process.dataEvent.name, language)}
        </Text>
      </Stack>
      <Text>{t('QUESTIONNAIRE.INDEX.INTRO')}</Text>
      {/* Narrow cells and titles that may break inside long words: the table fits 320 px (issue 18 item 7). */}
      <Table verticalSpacing="sm" horizontalSpacing={6} data-form-index>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={40}>
              {t('QUESTIONNAIRE.INDEX.ORDER')}
            </Table.Th>
            <Table.Th scope="col">{t('QUESTIONNAIRE.INDEX.FORM')}</Table.Th>
            <Table.Th scope="col">{t('QUESTIONNAIRE.INDEX.STATUS')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {process.forms.map((entry) => {
            const title = pickLocalized(entry.form.title, language);
            const isCompleted = entry.status === COMPLETED_STATUS;
            return (
              <Table.Tr
                key={entry.formId}
                data-form-row={entry.formId}
                data-completed={isCompleted || undefined}
              >
                <Table.Td>{entry.order}</Table.Td>
                <Table.Td>
                  {isCompleted ? (
                    <Text aria-disabled="true" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                      {title}
                    </Text>
                  ) : (
                    <Button
                      variant="subtle"
                      size="md"
                      px={0}
                      h="auto"
                      mih={44}
                      styles={TITLE_BUTTON_STYLES}
                      onClick={() => navigate(fillPathOf(process.studyId, token, language, entry.formId))}
                    >
                      <span dir="auto">{title}</span>
                    </Button>
                  )}
                </Table.Td>
                <Table.Td>
                  {/* Issue 18 item 7: a long status (Arabic) wraps inside its badge instead of being cut. */}
                  <Badge color={isCompleted ? 'teal' : 'gray'} variant="light" styles={BADGE_STYLES}>
                    {t(isCompleted ? 'QUESTIONNAIRE.INDEX.COMPLETED' : 'QUESTIONNAIRE.INDEX.PENDING')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
