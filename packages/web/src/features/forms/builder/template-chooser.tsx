import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconBooks, IconFilePlus, IconTemplate } from '@tabler/icons-react';
import { FORM_TYPES, type FormType } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { serverErrorMessage } from '../../../app/form-errors';
import { formatDate } from '../../../app/format';
import { showErrorToast, showSuccessToast } from '../../../app/notify';
import { PageHeader } from '../../../components/page-header';
import { type LibraryTemplate, useLoadFromProfile, useSystemTemplates, useUserTemplates } from '../api';

type Source = 'USER' | 'SYSTEM';

/**
 * Route /study/:studyId/questionnaireTemplate/create?fromProfile=true (spec 001 §2, §7
 * loadFromProfile): pick one of the caller's templates or a ready system form; the copy opens in the builder.
 */
export function TemplateChooser({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [source, setSource] = useState<Source>('USER');
  const [type, setType] = useState<FormType | undefined>();
  const mine = useUserTemplates();
  const system = useSystemTemplates(type);
  const load = useLoadFromProfile(studyId);
  const listPath = `/study/${studyId}/questionnaireTemplate`;

  const handleUse = (template: LibraryTemplate) =>
    load.mutate(
      { templateId: template.id, source },
      {
        onSuccess: (form) => {
          showSuccessToast(t('FORMS.LIBRARY.LOADED'));
          void navigate(`${listPath}/${form.id}/edit/`, { replace: true });
        },
        onError: (error) => showErrorToast(serverErrorMessage(error, { fallback: 'FORMS.ERRORS.GENERIC' })),
      },
    );

  const grid = (query: typeof mine, empty: string) => {
    if (query.isPending) return <Loader size="sm" />;
    if (query.isError) return <Alert color="red">{t('FORMS.LIBRARY.LOAD_FAILED')}</Alert>;
    if (query.data.length === 0)
      return (
        <Text c="dimmed" data-testid="no-templates">
          {empty}
        </Text>
      );
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {query.data.map((template) => (
          <Card key={template.id} withBorder padding="md" data-testid="template-card">
            <Stack gap={6} h="100%">
              <Text fw={600}>{template.name}</Text>
              <Text size="sm" c="dimmed">
                {t(`FORMS.FORM_TYPES.${template.type}`)} ·{' '}
                {t('FORMS.LIBRARY.QUESTIONS', { count: template.questionCount })}
              </Text>
              {source === 'USER' && (
                <Text size="xs" c="dimmed">
                  {t('FORMS.LIBRARY.SAVED_ON', { date: formatDate(template.createdAt) })}
                </Text>
              )}
              <Button
                mt="auto"
                variant="light"
                leftSection={<IconTemplate size={16} />}
                loading={load.isPending && load.variables?.templateId === template.id}
                disabled={load.isPending}
                onClick={() => handleUse(template)}
                aria-label={`${t('FORMS.LIBRARY.USE')}: ${template.name}`}
                data-testid="use-template"
              >
                {t('FORMS.LIBRARY.USE')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  };

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('FORMS.LIST.TITLE'), to: listPath }, { label: t('FORMS.LIBRARY.CHOOSER_TITLE') }]}
        actions={
          <Button
            component={Link}
            to={`${listPath}/create?fromProfile=false`}
            variant="default"
            leftSection={<IconFilePlus size={16} />}
            data-testid="blank-form"
          >
            {t('FORMS.LIBRARY.BLANK')}
          </Button>
        }
      />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('FORMS.LIBRARY.CHOOSER_TEXT')}
        </Text>
        <Tabs value={source} onChange={(v) => setSource(v === 'SYSTEM' ? 'SYSTEM' : 'USER')}>
          <Tabs.List mb="md">
            <Tabs.Tab value="USER" leftSection={<IconTemplate size={16} aria-hidden />}>
              {t('FORMS.LIBRARY.MINE')}
            </Tabs.Tab>
            <Tabs.Tab
              value="SYSTEM"
              leftSection={<IconBooks size={16} aria-hidden />}
              data-testid="system-tab"
            >
              {t('FORMS.LIBRARY.SYSTEM')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="USER">{grid(mine, t('FORMS.LIBRARY.NO_MINE'))}</Tabs.Panel>
          <Tabs.Panel value="SYSTEM">
            <Stack gap="md">
              <Group>
                <Select
                  label={t('FORMS.LIBRARY.TYPE_FILTER')}
                  placeholder={t('FORMS.LIBRARY.ALL_TYPES')}
                  data={FORM_TYPES.map((v) => ({ value: v, label: t(`FORMS.FORM_TYPES.${v}`) }))}
                  value={type ?? null}
                  onChange={(v) => setType((v as FormType | null) ?? undefined)}
                  clearable
                  w={{ base: '100%', sm: 280 }}
                  data-testid="template-type"
                />
              </Group>
              {grid(system, t('FORMS.LIBRARY.NO_SYSTEM'))}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
