import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { type LocalizedText, pickLanguage, type Question, sortQuestionsByOrder } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useFormTemplate } from '../api';
import { sanitizeRichText } from '../builder/rich-text-input';
import classes from './print.module.css';

function pick(text: LocalizedText | null | undefined, language: string): string {
  const texts = (text ?? {}) as Record<string, string | undefined>;
  return texts[pickLanguage(language)] || Object.values(texts).find((v) => v) || '';
}

/** The blank answer area of one question, by type (spec 001 §2 print). */
function BlankAnswer({ question, language }: { question: Question; language: string }) {
  const { t } = useTranslation();
  switch (question.type) {
    case 'MULTIPLE_CHOICE':
    case 'MULTIPLE_RESPONSE':
    case 'YES_NO':
    case 'SMILEY':
      return (
        <Stack gap={4}>
          {question.possibilities.map((p) => (
            <Text key={p.id} size="sm">
              <span className={question.type === 'MULTIPLE_RESPONSE' ? classes.box : classes.round} />
              {pick(p.possibility, language)}
            </Text>
          ))}
        </Stack>
      );
    case 'CHECKBOX':
      return <span className={classes.box} />;
    case 'TEXT_FREE':
      return <div className={classes.area} />;
    case 'SLIDER':
      return (
        <Text size="sm">
          {question.minValue} ——————————————— {question.maxValue}
        </Text>
      );
    case 'TABLE':
      return (
        <table style={{ borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th className={classes.cell} />
              {question.tableCol.map((c) => (
                <th key={c.id} className={classes.cell}>
                  {pick(c.title, language)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {question.tableRow.map((r) => (
              <tr key={r.id}>
                <th className={classes.cell}>{pick(r.title, language)}</th>
                {question.tableCol.map((c) => (
                  <td key={c.id} className={classes.cell} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'INFORMATION':
    case 'CALCULATED':
      return question.type === 'CALCULATED' ? (
        <Text size="sm" c="dimmed">
          {t('FORMS.PRINT.CALCULATED')}
        </Text>
      ) : null;
    case 'DATE':
    case 'TIME':
    case 'DATE_TIME':
    case 'TIME_DURATION':
      return (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t(`FORMS.PRINT.FORMAT_${question.type}`)}
          </Text>
          <div className={classes.line} style={{ flex: 1 }} />
        </Group>
      );
    default:
      return <div className={classes.line} />;
  }
}

/** Route /study/:studyId/questionnaireTemplate/:id/print: a clean printable blank form. */
export function PrintFormPage() {
  const { t, i18n } = useTranslation();
  const { studyId = '', id } = useParams();
  const form = useFormTemplate(studyId, id);
  if (form.isError) return <Alert color="red">{t('FORMS.LIST.LOAD_FAILED')}</Alert>;
  if (!form.data) return <FullPageLoader />;
  const language = i18n.language;
  const title = pick(form.data.title, language);
  return (
    <div className={classes.sheet} data-testid="print-form">
      <div className={classes.noPrint}>
        <PageHeader
          crumbs={[
            { label: t('FORMS.LIST.TITLE'), to: `/study/${studyId}/questionnaireTemplate` },
            { label: t('FORMS.PRINT.TITLE', { name: title }) },
          ]}
          actions={
            <Group>
              <Button variant="default" component={Link} to={`/study/${studyId}/questionnaireTemplate`}>
                {t('FORMS.BUILDER.LEAVE')}
              </Button>
              <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                {t('FORMS.ACTIONS.PRINT')}
              </Button>
            </Group>
          }
        />
      </div>
      <Title order={2} mb="sm">
        {title}
      </Title>
      {form.data.showInfoText && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: author rich text, sanitised on render
        <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(pick(form.data.infoText, language)) }} />
      )}
      {sortQuestionsByOrder(form.data.questions).map((q) => (
        <div key={q.id} className={classes.question}>
          {q.type === 'INFORMATION' ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: author rich text, sanitised on render
            <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(pick(q.question, language)) }} />
          ) : (
            <Text fw={600} mb={6}>
              {q.order}. {pick(q.question, language)}
              {q.required ? ' *' : ''}
            </Text>
          )}
          <BlankAnswer question={q} language={language} />
        </div>
      ))}
      {form.data.customFooter && (
        <Text size="sm" mt="md">
          {pick(form.data.customFooter, language)}
        </Text>
      )}
    </div>
  );
}
