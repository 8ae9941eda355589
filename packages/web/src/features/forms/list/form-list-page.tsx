import { Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { pickLanguage } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { ImportButton } from '../../imports/import-button';
import { type FormListItem, useFormList } from '../api';
import { FormActions } from './form-actions';
import { LibraryMenu } from './library-menu';
import { VersionCell } from './version-cell';

/** The form title in the UI language, else the first filled language. */
export function formTitle(item: Pick<FormListItem, 'title'>, language: string): string {
  const texts = item.title as Record<string, string | undefined>;
  return texts[pickLanguage(language)] || Object.values(texts).find((v) => v) || '—';
}

/** Route /study/:studyId/questionnaireTemplate (spec 001 §2 form list, with print). */
export function FormListPage() {
  const { t, i18n } = useTranslation();
  const { studyId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const list = useFormList(studyId);
  const canCreate = abilities.can('QUESTIONNAIRE_TEMPLATE_CREATE');
  const header = (
    <PageHeader
      crumbs={[{ label: t('FORMS.LIST.TITLE') }]}
      actions={
        canCreate && (
          <Group gap="xs">
            <LibraryMenu studyId={studyId} />
            <ImportButton studyId={studyId} />
            <Button
              component={Link}
              to={`/study/${studyId}/questionnaireTemplate/create?fromProfile=false`}
              leftSection={<IconPlus size={16} />}
              data-testid="create-form"
            >
              {t('FORMS.LIST.CREATE')}
            </Button>
          </Group>
        )
      }
    />
  );
  if (list.isPending) return <FullPageLoader />;
  if (list.isError)
    return (
      <>
        {header}
        <Alert color="red">{t('FORMS.LIST.LOAD_FAILED')}</Alert>
      </>
    );
  const forms = list.data;
  const usedBadge = (f: FormListItem) =>
    f.isUsedInProcess ? (
      <Badge color="teal" variant="light">
        {t('FORMS.LIST.USED')}
      </Badge>
    ) : (
      <Text size="sm" c="dimmed">
        {t('FORMS.LIST.NOT_USED')}
      </Text>
    );
  return (
    <>
      {header}
      {forms.length === 0 ? (
        <Text c="dimmed" data-testid="no-forms">
          {t('FORMS.LIST.EMPTY')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table striped highlightOnHover data-testid="form-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('FORMS.LIST.NAME')}</Table.Th>
                  <Table.Th>{t('FORMS.LIST.TYPE')}</Table.Th>
                  <Table.Th>{t('FORMS.LIST.VERSION')}</Table.Th>
                  <Table.Th>{t('FORMS.LIST.IN_PROCESS')}</Table.Th>
                  <Table.Th>
                    <span className="tb-visually-hidden">{t('FORMS.LIST.ACTIONS')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {forms.map((f) => (
                  <Table.Tr key={f.id} data-testid="form-row">
                    <Table.Td fw={500}>{formTitle(f, i18n.language)}</Table.Td>
                    <Table.Td>{t(`FORMS.FORM_TYPES.${f.type}`)}</Table.Td>
                    <Table.Td>
                      <VersionCell form={f} />
                    </Table.Td>
                    <Table.Td>{usedBadge(f)}</Table.Td>
                    <Table.Td>
                      <FormActions studyId={studyId} form={f} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="sm" hiddenFrom="sm">
            {forms.map((f) => (
              <Card key={f.id} withBorder padding="sm" data-testid="form-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600}>{formTitle(f, i18n.language)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`FORMS.FORM_TYPES.${f.type}`)}
                    </Text>
                    <VersionCell form={f} />
                    {usedBadge(f)}
                  </div>
                  <FormActions studyId={studyId} form={f} />
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </>
  );
}
